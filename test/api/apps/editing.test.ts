import { loadCatalogApps } from '../../../adapters/catalog';
import { createTestApi, type TestApi, type TestUser } from '../../support/api';
import { insertWorkspaceApp } from '../../support/workspace-apps';

/**
 *   picture(image.generate: "{{subject}} at dawn") --> framed(image.edit) --> out(output "Poster")
 */
interface PosterBody {
  name: string;
  parameters: object[];
  graph: {
    nodes: { id: string; type: string; label: string; config: object; position?: object }[];
    edges: { source: string; target: string }[];
  };
  [field: string]: unknown;
}

const posterBody = (overrides: Record<string, unknown> = {}): PosterBody => ({
  name: 'Poster',
  description: 'A poster of a subject at dawn.',
  parameters: [{ id: 'p_subject', key: 'subject', name: 'Subject', type: 'text' }],
  graph: {
    nodes: [
      {
        id: 'picture',
        type: 'image.generate',
        label: 'Picture',
        config: { prompt: '{{subject}} at dawn' },
        position: { x: 0, y: 40 },
      },
      { id: 'framed', type: 'image.edit', label: 'Framed', config: { aspectRatio: '4:5' } },
      { id: 'out', type: 'output', label: 'Poster', config: { label: 'Poster' } },
    ],
    edges: [
      { source: 'picture', target: 'framed' },
      { source: 'framed', target: 'out' },
    ],
  },
  ...overrides,
});

describe('apps as editable data', () => {
  let api: TestApi;
  let owner: TestUser, member: TestUser, outsider: TestUser;
  const catalogApp = loadCatalogApps()[0];

  beforeAll(async () => {
    api = await createTestApi();
    ({ owner, member, outsider } = api.users);
  });
  afterAll(() => api.close());

  const send = (method: 'post' | 'put' | 'delete', path: string, user: TestUser, body?: object) =>
    api.http[method](path).set('x-api-key', user.key).send(body);
  const get = (path: string, user: TestUser) => api.http.get(path).set('x-api-key', user.key);
  const create = async (user: TestUser, body: object = posterBody()) => {
    const res = await send('post', '/v1/apps', user, body);
    expect(res.status).toBe(201);
    return res.body.data as { appId: string; version: number };
  };

  describe('POST /v1/apps', () => {
    test('stores a private app of the caller and answers 201 with its definition, outputs and capabilities', async () => {
      const res = await send('post', '/v1/apps', member, posterBody());

      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        appId: expect.any(String),
        name: 'Poster',
        description: 'A poster of a subject at dawn.',
        isPublic: false,
        visibility: 'private',
        capabilities: expect.objectContaining({ produces: ['edited-image'], generationStepCount: 1 }),
        version: 1,
        source: 'builder',
        editable: true,
        updatedAt: expect.any(String),
        parameters: [
          {
            id: 'p_subject',
            key: 'subject',
            name: 'Subject',
            type: 'text',
            description: '',
            multiple: false,
          },
        ],
        frontmatter: expect.objectContaining({ schemaVersion: 1, summary: 'A poster of a subject at dawn.' }),
        graph: posterBody().graph,
        outputs: [{ index: 0, label: 'Poster', type: 'image', nodeId: 'out' }],
        warnings: [],
      });
      const appId = res.body.data.appId;
      expect((await get(`/v1/apps/${appId}`, member)).body.data).toMatchObject({ name: 'Poster' });
      expect((await get('/v1/apps?search=poster', member)).body.data).toEqual([
        expect.objectContaining({ appId }),
      ]);
      // Private: the workspace's other member does not see it; another workspace neither.
      expect((await get(`/v1/apps/${appId}`, owner)).status).toBe(200);
      expect((await get(`/v1/apps/${appId}`, outsider)).status).toBe(404);
    });

    test('a dangling edge, a node over its parent limit and an unknown type are one 400 naming each node or edge', async () => {
      const body = posterBody();
      body.graph.edges.push({ source: 'framed', target: 'ghost' });
      body.graph.nodes.push({ id: 'extra', type: 'image.sharpen', label: 'Extra', config: {} });
      body.graph.edges.push({ source: 'picture', target: 'out' });

      const res = await send('post', '/v1/apps', owner, body);

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toEqual([
        {
          param: 'graph.nodes[3].type',
          code: 'invalid_graph',
          message: 'graph.nodes[3].type: unknown node type "image.sharpen"',
          nodeIds: ['extra'],
        },
        {
          param: 'graph.edges[2].target',
          code: 'invalid_graph',
          message: 'graph.edges[2].target: dangling edge: no node "ghost"',
          edgeIndex: 2,
        },
        {
          param: 'graph.nodes[2]',
          code: 'invalid_graph',
          message: 'graph.nodes[2]: output node "out" needs 1 parents, has 2',
          nodeIds: ['out'],
        },
      ]);
      expect((await get('/v1/apps?search=poster', owner)).body.data).toHaveLength(1);
    });

    test('a malformed node names the node too, and an undeclared parameter is a graph problem', async () => {
      const badId = posterBody();
      badId.graph.nodes[1] = { ...badId.graph.nodes[1], label: '' };
      const undeclared = posterBody({ parameters: [] });

      const shape = await send('post', '/v1/apps', owner, badId);
      const params = await send('post', '/v1/apps', owner, undeclared);

      expect(shape.status).toBe(400);
      expect(shape.body.details).toEqual([
        expect.objectContaining({ param: 'graph.nodes.1.label', nodeIds: ['framed'] }),
      ]);
      expect(params.status).toBe(400);
      expect(params.body.details).toEqual([
        expect.objectContaining({
          message: 'graph.nodes[0].config: parameter "subject" is used but not declared',
          nodeIds: ['picture'],
        }),
      ]);
    });

    test('a cycle names the nodes on it, not the output waiting after it', async () => {
      const body = posterBody();
      body.graph.edges.push({ source: 'framed', target: 'picture' });

      const res = await send('post', '/v1/apps', owner, body);

      expect(res.body.details).toContainEqual(
        expect.objectContaining({ param: 'graph.edges', nodeIds: ['picture', 'framed'] }),
      );
    });

    test('declared outputs must be the output nodes of the graph', async () => {
      const res = await send(
        'post',
        '/v1/apps',
        owner,
        posterBody({ outputs: [{ label: 'Poster', type: 'video' }] }),
      );

      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          param: 'outputs[0]',
          code: 'output_mismatch',
          message: 'outputs[0]: declared "Poster" (video), the graph makes "Poster" (image)',
          nodeIds: ['out'],
        },
      ]);
      expect(
        (await send('post', '/v1/apps', owner, posterBody({ outputs: [{ label: 'poster' }] }))).status,
      ).toBe(201);
    });

    test('validateOnly checks the app, answers what it would make and cost, and stores nothing', async () => {
      const body = posterBody({ name: 'Validate only poster' });
      body.graph.nodes.push({ id: 'spare', type: 'text.generate', label: 'Spare', config: { prompt: 'hi' } });

      const res = await send('post', '/v1/apps?validateOnly=true', owner, body);

      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        valid: true,
        outputs: [{ index: 0, label: 'Poster', type: 'image', nodeId: 'out' }],
        capabilities: expect.objectContaining({
          nodeTypes: ['image.edit', 'image.generate', 'output', 'text.generate'],
        }),
        estimatedCredits: { expected: 6, min: 6, max: 6 },
        warnings: [
          {
            nodeIds: ['spare'],
            message: 'Node "spare" leads to no output: it would run, and cost credits, for nothing',
          },
        ],
      });
      expect((await get('/v1/apps?search=validate%20only', owner)).body.data).toEqual([]);
    });
  });

  describe('providers named by a user-built app are checked when the app is saved (issue 27 item 6)', () => {
    const naming = (provider: string) => {
      const body = posterBody();
      body.graph.nodes[0] = { ...body.graph.nodes[0], config: { prompt: '{{subject}} at dawn', provider } };
      return body;
    };

    test('POST and PUT with a node naming an unconfigured provider are 400 naming the node and provider', async () => {
      const app = await create(owner);

      const created = await send('post', '/v1/apps', owner, naming('comfyui'));
      const checked = await send('post', '/v1/apps?validateOnly=true', owner, naming('fal'));
      const updated = await send('put', `/v1/apps/${app.appId}`, owner, naming('replicate'));

      expect([created.status, created.body.code]).toEqual([400, 'VALIDATION_ERROR']);
      expect(created.body.details).toEqual([
        {
          param: 'graph.nodes[0].config.provider',
          code: 'provider_not_configured',
          message:
            'node "picture" names provider "comfyui", which this deployment has not configured (COMFYUI_BASE_URL is not set)',
          nodeIds: ['picture'],
        },
      ]);
      expect([checked.status, checked.body.details[0].message]).toEqual([
        400,
        expect.stringContaining('"fal"'),
      ]);
      expect([updated.status, updated.body.details[0].nodeIds]).toEqual([400, ['picture']]);
      expect((await get(`/v1/apps/${app.appId}/definition`, owner)).body.data.version).toBe(1);
    });

    test('a node naming the local provider is saved', async () => {
      expect((await send('post', '/v1/apps', owner, naming('local'))).status).toBe(201);
    });
  });

  describe('GET /v1/apps/{appId}/definition', () => {
    test('a catalog app reads as written, with node configs, and is not editable', async () => {
      const res = await get(`/v1/apps/${catalogApp.appId}/definition`, owner);

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        appId: catalogApp.appId,
        version: 1,
        source: 'catalog',
        editable: false,
        graph: { nodes: catalogApp.graph.nodes, edges: catalogApp.graph.edges },
      });
    });

    test('a duplicate of a catalog app posted back runs through the same compiler', async () => {
      const definition = (await get(`/v1/apps/${catalogApp.appId}/definition`, owner)).body.data;
      const { parameters, frontmatter, graph, description } = definition;

      const copy = await create(owner, {
        name: `${definition.name} (copy)`,
        description,
        parameters,
        frontmatter,
        graph,
      });

      expect((await get(`/v1/apps/${copy.appId}/definition`, owner)).body.data).toMatchObject({
        name: `${catalogApp.name} (copy)`,
        editable: true,
        parameters: catalogApp.parameters,
        graph: catalogApp.graph,
      });
    });
  });

  describe('PUT /v1/apps/{appId}', () => {
    test('writes a new version; the definition, detail and workflow follow it', async () => {
      const app = await create(member);
      const body = posterBody({ name: 'Poster v2', baseVersion: 1 });
      body.graph.nodes[0].config = { prompt: '{{subject}} at dusk' };

      const res = await send('put', `/v1/apps/${app.appId}`, member, body);

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ appId: app.appId, name: 'Poster v2', version: 2 });
      const definition = (await get(`/v1/apps/${app.appId}/definition`, member)).body.data;
      expect(definition.version).toBe(2);
      expect(definition.graph.nodes[0].config).toEqual({ prompt: '{{subject}} at dusk' });
      expect((await get(`/v1/apps/${app.appId}/workflow`, member)).body.data.name).toBe('Poster v2');
    });

    test('a baseVersion someone saved over is refused with stale_version, and nothing changes', async () => {
      const app = await create(owner);
      await send('put', `/v1/apps/${app.appId}`, owner, posterBody({ baseVersion: 1 }));

      const res = await send(
        'put',
        `/v1/apps/${app.appId}`,
        owner,
        posterBody({ name: 'Late', baseVersion: 1 }),
      );

      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        expect.objectContaining({ param: 'baseVersion', code: 'stale_version' }),
      ]);
      expect((await get(`/v1/apps/${app.appId}/definition`, owner)).body.data).toMatchObject({
        name: 'Poster',
        version: 2,
      });
    });

    test('a bad graph is refused with the same details as on create, and the version stays', async () => {
      const app = await create(owner);
      const body = posterBody();
      body.graph.edges[1] = { source: 'framed', target: 'nowhere' };

      const res = await send('put', `/v1/apps/${app.appId}`, owner, body);

      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual(expect.objectContaining({ edgeIndex: 1 }));
      expect((await get(`/v1/apps/${app.appId}/definition`, owner)).body.data.version).toBe(1);
    });

    test('validateOnly on an existing app stores no new version', async () => {
      const app = await create(owner);

      const res = await send(
        'put',
        `/v1/apps/${app.appId}?validateOnly=true`,
        owner,
        posterBody({ name: 'x' }),
      );

      expect([res.status, res.body.data.valid]).toEqual([200, true]);
      expect((await get(`/v1/apps/${app.appId}/definition`, owner)).body.data).toMatchObject({
        name: 'Poster',
        version: 1,
      });
    });

    test('built-in apps and apps of another workspace are read-only (403); a hidden one is 404', async () => {
      const othersPublic = await insertWorkspaceApp(api.database.db, outsider, 'public');
      const othersPrivate = await insertWorkspaceApp(api.database.db, outsider, 'private');

      const builtIn = await send('put', `/v1/apps/${catalogApp.appId}`, owner, posterBody());
      const public_ = await send('put', `/v1/apps/${othersPublic.appId}`, owner, posterBody());
      const hidden = await send('put', `/v1/apps/${othersPrivate.appId}`, owner, posterBody());

      expect([builtIn.status, builtIn.body.code]).toEqual([403, 'FORBIDDEN']);
      expect(builtIn.body.error).toMatch(/duplicate/);
      expect([public_.status, public_.body.code]).toEqual([403, 'FORBIDDEN']);
      expect([hidden.status, hidden.body.code]).toEqual([404, 'NOT_FOUND']);
    });

    test('a member may not change a shared app the owner made', async () => {
      const app = await create(owner, posterBody({ visibility: 'shared' }));

      const res = await send('put', `/v1/apps/${app.appId}`, member, posterBody());

      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      expect((await get(`/v1/apps/${app.appId}/definition`, member)).body.data.editable).toBe(false);
    });
  });

  describe('DELETE /v1/apps/{appId}', () => {
    test('removes an own app from reads and listings; deleting again is 404', async () => {
      const app = await create(owner, posterBody({ name: 'Doomed poster' }));

      const res = await send('delete', `/v1/apps/${app.appId}`, owner);

      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ appId: app.appId, name: 'Doomed poster', deleted: true });
      expect((await get(`/v1/apps/${app.appId}`, owner)).status).toBe(404);
      expect((await get('/v1/apps?search=doomed', owner)).body.data).toEqual([]);
      expect((await send('delete', `/v1/apps/${app.appId}`, owner)).status).toBe(404);
      expect((await send('put', `/v1/apps/${app.appId}`, owner, posterBody())).status).toBe(404);
    });

    test('built-in apps and apps of another workspace cannot be deleted', async () => {
      const othersPublic = await insertWorkspaceApp(api.database.db, outsider, 'public');

      const builtIn = await send('delete', `/v1/apps/${catalogApp.appId}`, owner);
      const others = await send('delete', `/v1/apps/${othersPublic.appId}`, owner);

      expect([builtIn.status, others.status]).toEqual([403, 403]);
      expect((await get(`/v1/apps/${catalogApp.appId}`, owner)).status).toBe(200);
    });
  });

  describe('GET /v1/node-types', () => {
    test('lists every node type with its config JSON Schema, what it produces, parent limits and credits', async () => {
      const res = await get('/v1/node-types', member);

      expect(res.status).toBe(200);
      const types = res.body.data as { type: string }[];
      expect(types.map((t) => t.type)).toEqual([
        'text.generate',
        'image.generate',
        'image.edit',
        'video.generate',
        'video.compose',
        'audio.tts',
        'quality.check',
        'human.approval',
        'output',
      ]);
      expect(types.find((t) => t.type === 'image.generate')).toEqual({
        type: 'image.generate',
        title: 'Generate image',
        description: expect.any(String),
        produces: 'image',
        generation: true,
        parents: { min: 0, max: 10 },
        credits: 4,
        configSchema: {
          type: 'object',
          properties: expect.objectContaining({
            prompt: expect.objectContaining({ type: 'string', maxLength: 4000, format: 'template' }),
            aspectRatio: expect.objectContaining({ type: 'string', default: '1:1' }),
            longEdge: { type: 'integer', minimum: 256, maximum: 4096, default: 1080 },
            image: expect.objectContaining({ type: 'string', format: 'template' }),
          }),
          required: ['prompt'],
        },
      });
      expect(types.find((t) => t.type === 'output')).toMatchObject({
        produces: 'passthrough',
        parents: { min: 1, max: 1 },
        credits: 0,
      });
    });
  });

  describe('the same operations elsewhere', () => {
    test('the OpenAPI document describes them, with the body schema and validateOnly', async () => {
      const doc = (await get('/v1/openapi.json', owner)).body;

      const create = doc.paths['/v1/apps'].post;
      expect(create.responses).toHaveProperty('201');
      expect(create.parameters).toContainEqual(
        expect.objectContaining({ name: 'validateOnly', in: 'query' }),
      );
      expect(create.requestBody.content['application/json'].schema.required).toEqual(['name', 'graph']);
      expect(doc.paths['/v1/apps/{appId}']).toHaveProperty('put');
      expect(doc.paths['/v1/apps/{appId}']).toHaveProperty('delete');
      expect(doc.paths['/v1/apps/{appId}/definition']).toHaveProperty('get');
      expect(doc.paths['/v1/node-types']).toHaveProperty('get');
    });

    test('tRPC mirrors them: create, definition, update with validateOnly, remove, node types', async () => {
      const mutate = (path: string, input: object) =>
        api.http.post(`/trpc/${path}`).set('x-api-key', owner.key).send(input);
      const query = (path: string, input?: object) =>
        api.http
          .get(`/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`)
          .set('x-api-key', owner.key);

      const created = await mutate('apps.create', posterBody({ name: 'Poster via tRPC' }));
      const appId = created.body.result.data.appId;
      const checked = await mutate('apps.update', {
        ...posterBody({ name: 'x' }),
        appId,
        validateOnly: true,
      });
      const bad = await mutate('apps.create', posterBody({ graph: { nodes: [], edges: [] } }));

      expect(created.body.result.data).toMatchObject({ name: 'Poster via tRPC', version: 1, editable: true });
      expect(checked.body.result.data).toMatchObject({ valid: true });
      expect((await query('apps.definition', { appId })).body.result.data.version).toBe(1);
      expect(bad.status).toBe(400);
      expect((await query('nodeTypes.list')).body.result.data).toHaveLength(9);
      expect((await mutate('apps.remove', { appId })).body.result.data).toMatchObject({ deleted: true });
    });
  });
});
