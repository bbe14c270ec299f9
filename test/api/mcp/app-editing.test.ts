import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { listen } from '../../support/listen';
import { call, httpClient } from '../../support/mcp';
import { createTestStack, type TestStack } from '../../support/stack';

const IMAGE_FROM_PROMPT = 'e2eb58c5-1b6f-4b1e-a41e-f61e0c3befa5';

/**
 *   picture(image.generate: "{{subject}} at dawn") --> out(output "Poster")
 */
const poster = {
  name: 'Poster over MCP',
  description: 'A poster of a subject at dawn.',
  parameters: [{ id: 'p_subject', key: 'subject', name: 'Subject', type: 'text' }],
  graph: {
    nodes: [
      { id: 'picture', type: 'image.generate', label: 'Picture', config: { prompt: '{{subject}} at dawn' } },
      { id: 'out', type: 'output', label: 'Poster', config: { label: 'Poster' } },
    ],
    edges: [{ source: 'picture', target: 'out' }],
  },
};

describe('MCP app editing tools (list_node_types, get_app_definition, create_app, update_app, delete_app)', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let client: Client;
  const rest = (path: string) => stack.http.get(path).set('x-api-key', stack.users.owner.key);

  beforeAll(async () => {
    stack = await createTestStack();
    server = await listen(stack.app.callback());
    client = await httpClient(server.origin, { 'x-api-key': stack.users.owner.key });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await stack.close();
  });

  test('list_node_types answers what GET /v1/node-types answers', async () => {
    const listed = await call(client, 'list_node_types');
    expect(listed.isError).toBeFalsy();
    expect(listed.data.nodeTypes).toEqual((await rest('/v1/node-types')).body.data);
  });

  test('create_app checks with validateOnly, stores, writes a new version, and delete_app removes it', async () => {
    const checked = await call(client, 'create_app', { ...poster, validateOnly: true });
    expect(checked.isError).toBeFalsy();
    expect(checked.data.valid).toBe(true);

    const created = await call(client, 'create_app', poster);
    expect(created.isError).toBeFalsy();
    const appId = created.data.appId as string;
    expect(created.data.version).toBe(1);
    expect((await rest(`/v1/apps/${appId}`)).status).toBe(200);

    const updated = await call(client, 'update_app', { ...poster, appId, name: 'Poster v2', baseVersion: 1 });
    expect(updated.isError).toBeFalsy();
    expect(updated.data.version).toBe(2);
    expect((await call(client, 'get_app_definition', { appId })).data.name).toBe('Poster v2');

    expect((await call(client, 'delete_app', { appId })).isError).toBeFalsy();
    expect((await rest(`/v1/apps/${appId}`)).status).toBe(404);
  });

  test('a dangling edge is a VALIDATION_ERROR naming the edge; a built-in app is read-only', async () => {
    const dangling = await call(client, 'create_app', {
      ...poster,
      graph: { ...poster.graph, edges: [...poster.graph.edges, { source: 'picture', target: 'ghost' }] },
    });
    expect(dangling.isError).toBe(true);
    expect(dangling.error).toMatchObject({ code: 'VALIDATION_ERROR', retryable: false });
    expect(JSON.stringify(dangling.error)).toContain('ghost');

    const builtIn = await call(client, 'update_app', { ...poster, appId: IMAGE_FROM_PROMPT });
    expect(builtIn.isError).toBe(true);
    expect(builtIn.error).toMatchObject({ code: 'FORBIDDEN' });
  });
});
