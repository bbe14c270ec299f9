import { loadCatalogApps } from '../../../adapters/catalog';
import { insertApp } from '../../../adapters/db/apps';
import { AppDefinition } from '../../../core/app/app-definition';
import { newId } from '../../../core/ids';
import { createTestApi, type TestApi, type TestUser } from '../../support/api';
import { insertWorkspaceApp } from '../../support/workspace-apps';

const CAPABILITY_FIELDS = [
  'produces',
  'strengths',
  'bestFor',
  'limitations',
  'outputFormats',
  'hasQualityControl',
  'hasHumanApproval',
  'generationStepCount',
  'nodeTypes',
].sort();

/** An app of our own, so its whole detail is known here.
 *
 *   card(image.generate: {{headline}}, {{style}}, {{photo}}) --> check(quality.check) --> out(output "Card")
 */
const cardApp = AppDefinition.parse({
  appId: newId(),
  name: 'Launch Card',
  description: 'A launch card from a product photo.',
  parameters: [
    {
      id: 'p_photo',
      key: 'photo',
      name: 'Photo',
      type: 'url',
      accept: ['image'],
      description: 'The product photo.',
    },
    { id: 'p_headline', key: 'headline', name: 'Headline', type: 'text', default: 'New in' },
    {
      id: 'p_style',
      key: 'style',
      name: 'Style',
      type: 'options',
      options: ['Clean', 'Bold'],
      default: 'Clean',
      multiple: false,
    },
  ],
  frontmatter: {
    schemaVersion: 1,
    summary: 'Makes a launch card.',
    categories: ['Launch', ' launch '],
    useCases: ['Launch'],
    keywords: ['card'],
    aliases: [],
    formats: ['image'],
    platforms: ['Instagram'],
    audiences: [],
    excludedIntents: ['video'],
  },
  graph: {
    nodes: [
      {
        id: 'card',
        type: 'image.generate',
        label: 'Card',
        config: { prompt: '{{headline}} in a {{style}} style', image: '{{photo}}' },
      },
      { id: 'check', type: 'quality.check', label: 'Check', config: {} },
      { id: 'out', type: 'output', label: 'Card', config: { label: 'Card' } },
    ],
    edges: [
      { source: 'card', target: 'check' },
      { source: 'check', target: 'out' },
    ],
  },
});

describe('apps API', () => {
  let api: TestApi;
  let owner: TestUser, member: TestUser, outsider: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await createTestApi();
    ({ owner, member, outsider } = api.users);
    const db = api.database.db;
    const add = async (
      label: string,
      creator: TestUser,
      visibility: 'private' | 'shared' | 'public',
      description?: string,
    ) => {
      ids[label] = (
        await insertWorkspaceApp(db, creator, visibility, { name: `Zephyr ${label}`, description })
      ).appId;
    };
    await add('owner private', owner, 'private');
    await add('member private', member, 'private');
    await add('member shared', member, 'shared', 'Shared with a QUOKKA mascot');
    await add('b private', outsider, 'private');
    await add('b shared', outsider, 'shared');
    await add('b public one', outsider, 'public', 'Sale at 100% off');
    await add('b public two', outsider, 'public', 'Also has a quokka');
    await insertApp(db, cardApp, {
      workspaceId: owner.workspaceId,
      creatorId: owner.userId,
      visibility: 'shared',
    });
  });
  afterAll(() => api.close());

  const get = (path: string, user: TestUser) => api.http.get(path).set('x-api-key', user.key);
  const names = async (query: string, user: TestUser) => {
    const res = await get(`/v1/apps${query}`, user);
    expect(res.status).toBe(200);
    return (res.body.data as { name: string }[]).map((a) => a.name);
  };

  describe('GET /v1/apps', () => {
    test('an owner sees every app of the workspace, then public apps of others; never their private or shared ones', async () => {
      expect(await names('?search=zephyr', owner)).toEqual([
        'Zephyr owner private',
        'Zephyr member private',
        'Zephyr member shared',
        'Zephyr b public one',
        'Zephyr b public two',
      ]);
    });

    test('a member sees their own private apps and shared apps, not the owner private ones', async () => {
      expect(await names('?search=zephyr', member)).toEqual([
        'Zephyr member private',
        'Zephyr member shared',
        'Zephyr b public one',
        'Zephyr b public two',
      ]);
    });

    test('another workspace sees only its own apps and the public ones', async () => {
      expect(await names('?search=zephyr', outsider)).toEqual([
        'Zephyr b private',
        'Zephyr b shared',
        'Zephyr b public one',
        'Zephyr b public two',
      ]);
    });

    test('limit caps the public apps only; own apps are always listed', async () => {
      expect(await names('?search=zephyr&limit=1', member)).toEqual([
        'Zephyr member private',
        'Zephyr member shared',
        'Zephyr b public one',
      ]);
      expect(await names('?search=zephyr&limit=0', member)).toEqual([
        'Zephyr member private',
        'Zephyr member shared',
      ]);
    });

    test('an empty limit is no limit (it used to hide every public app)', async () => {
      expect(await names('?search=zephyr&limit=', member)).toEqual(await names('?search=zephyr', member));
      expect(await names('?search=zephyr&limit=', member)).toHaveLength(4);
    });

    test('search matches name or description, case-insensitively, with % and _ taken literally', async () => {
      expect(await names('?search=qUOKKA', owner)).toEqual(['Zephyr member shared', 'Zephyr b public two']);
      expect(await names('?search=ZEPHYR%20B%20PUBLIC%20TW', owner)).toEqual(['Zephyr b public two']);
      expect(await names('?search=100%25', owner)).toEqual(['Zephyr b public one']);
      expect(await names('?search=zephyr_b', owner)).toEqual([]);
    });

    test('a search of several words keeps the apps with every word, in any order, anywhere in name, description or tags', async () => {
      expect(await names('?search=quokka%20two', owner)).toEqual(['Zephyr b public two']);
      expect(await names('?search=two%20%20quokka', owner)).toEqual(['Zephyr b public two']);
      expect(await names('?search=quokka%20three', owner)).toEqual([]);
      // Both words are in the description of the catalog's social post app; "feed" only in its keywords.
      expect(await names('?search=caption%20hashtags', owner)).toContain('Social Post Image with Caption');
      expect(await names('?search=caption%20feed', owner)).toContain('Social Post Image with Caption');
      // The intents an app excludes are not its tags.
      expect(await names('?search=caption%20podcast', owner)).not.toContain('Social Post Image with Caption');
    });

    test('without a search the whole catalog is listed as app summaries with all nine capability fields', async () => {
      const res = await get('/v1/apps', outsider);

      const catalog = loadCatalogApps();
      const listed = res.body.data as {
        appId: string;
        description: unknown;
        visibility: string;
        capabilities: object;
      }[];
      expect(listed.map((a) => a.appId)).toEqual(expect.arrayContaining(catalog.map((a) => a.appId)));
      for (const app of listed) {
        expect(app).toEqual({
          appId: expect.any(String),
          name: expect.any(String),
          description: app.description,
          isPublic: app.visibility === 'public',
          visibility: expect.any(String),
          capabilities: expect.any(Object),
        });
        expect(app.description === null || typeof app.description === 'string').toBe(true);
        expect(Object.keys(app.capabilities).sort()).toEqual(CAPABILITY_FIELDS);
      }
    });

    test('a bad limit gives 400 VALIDATION_ERROR', async () => {
      const res = await get('/v1/apps?limit=-1', owner);

      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'limit', code: 'invalid_value', message: expect.stringMatching(/^limit: /) },
      ]);
    });
  });

  describe('GET /v1/apps/:appId', () => {
    test('returns the input contract, outputs, normalised frontmatter and derived capabilities', async () => {
      const res = await get(`/v1/apps/${cardApp.appId}`, member);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          appId: cardApp.appId,
          name: 'Launch Card',
          description: 'A launch card from a product photo.',
          isPublic: false,
          visibility: 'shared',
          parameters: [
            {
              id: 'p_photo',
              name: 'Photo',
              key: 'photo',
              type: 'url',
              required: true,
              description: 'The product photo.',
              accept: ['image'],
              multiple: false,
            },
            {
              id: 'p_headline',
              name: 'Headline',
              key: 'headline',
              type: 'text',
              required: true,
              description: '',
              default: 'New in',
              multiple: false,
            },
            {
              id: 'p_style',
              name: 'Style',
              key: 'style',
              type: 'options',
              required: true,
              description: '',
              options: ['Clean', 'Bold'],
              default: 'Clean',
              multiple: false,
            },
          ],
          outputs: [{ index: 0, label: 'Card', type: 'image' }],
          frontmatter: {
            schemaVersion: 1,
            summary: 'Makes a launch card.',
            categories: ['launch'],
            useCases: ['launch'],
            keywords: ['card'],
            aliases: [],
            formats: ['image'],
            platforms: ['instagram'],
            audiences: [],
            excludedIntents: ['video'],
          },
          capabilities: {
            produces: ['image'],
            strengths: ['automated quality control with retries'],
            bestFor: ['instagram image', 'launch'],
            limitations: ['requires an image URL (Photo)', 'no video or audio output'],
            outputFormats: ['image/png'],
            hasQualityControl: true,
            hasHumanApproval: false,
            generationStepCount: 1,
            nodeTypes: ['image.generate', 'output', 'quality.check'],
          },
        },
      });
    });

    test('a catalog app is readable by any workspace', async () => {
      const catalogApp = loadCatalogApps()[0];

      const res = await get(`/v1/apps/${catalogApp.appId}`, outsider);

      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(
        expect.objectContaining({ appId: catalogApp.appId, name: catalogApp.name, isPublic: true }),
      );
    });
  });

  describe('GET /v1/apps/:appId/workflow', () => {
    test('returns the nodes and edges without their configuration', async () => {
      const res = await get(`/v1/apps/${cardApp.appId}/workflow`, owner);

      expect(res.body).toEqual({
        data: {
          appId: cardApp.appId,
          name: 'Launch Card',
          nodes: [
            { id: 'card', type: 'image.generate', label: 'Card' },
            { id: 'check', type: 'quality.check', label: 'Check' },
            { id: 'out', type: 'output', label: 'Card' },
          ],
          edges: [
            { source: 'card', target: 'check' },
            { source: 'check', target: 'out' },
          ],
        },
      });
    });

    test('is hidden (404) for a private app of another workspace', async () => {
      const res = await get(`/v1/apps/${ids['b private']}/workflow`, owner);

      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    });
  });

  describe('POST /v1/apps/:appId/visibility', () => {
    const post = (appId: string, user: TestUser, body: unknown) =>
      api.http
        .post(`/v1/apps/${appId}/visibility`)
        .set('x-api-key', user.key)
        .send(body as object);

    test('the creator may change it, and the change is stored', async () => {
      const app = await insertWorkspaceApp(api.database.db, member, 'private', { name: 'Creator change' });

      const res = await post(app.appId, member, { visibility: 'shared' });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { appId: app.appId, visibility: 'shared', name: 'Creator change' } });
      expect((await get(`/v1/apps/${app.appId}`, member)).body.data.visibility).toBe('shared');
    });

    test('a workspace owner may change an app a member created', async () => {
      const app = await insertWorkspaceApp(api.database.db, member, 'private', { name: 'Owner change' });

      const res = await post(app.appId, owner, { visibility: 'public' });

      expect(res.body).toEqual({ data: { appId: app.appId, visibility: 'public', name: 'Owner change' } });
      expect((await get(`/v1/apps/${app.appId}`, outsider)).status).toBe(200);
    });

    test('a member who did not create the app gets 403 on a shared one and 404 on a private one', async () => {
      const shared = await insertWorkspaceApp(api.database.db, owner, 'shared');
      const private_ = await insertWorkspaceApp(api.database.db, owner, 'private');

      const onShared = await post(shared.appId, member, { visibility: 'public' });
      const onPrivate = await post(private_.appId, member, { visibility: 'public' });

      expect([onShared.status, onShared.body.code]).toEqual([403, 'FORBIDDEN']);
      expect([onPrivate.status, onPrivate.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await get(`/v1/apps/${shared.appId}`, owner)).body.data.visibility).toBe('shared');
    });

    test('another workspace gets 404 for a private app and 403 for a public one', async () => {
      const hidden = await post(ids['owner private'], outsider, { visibility: 'public' });
      const visible = await post(ids['b public one'], owner, { visibility: 'private' });

      expect([hidden.status, hidden.body.code]).toEqual([404, 'NOT_FOUND']);
      expect([visible.status, visible.body.code]).toEqual([403, 'FORBIDDEN']);
    });

    test('a built-in catalog app cannot be changed, even by an owner', async () => {
      const res = await post(loadCatalogApps()[0].appId, owner, { visibility: 'private' });

      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    });

    test.each([[{ visibility: 'secret' }], [{}], [{ visibility: 1 }]])(
      'an invalid body %j gives 400 VALIDATION_ERROR',
      async (body) => {
        const res = await post(ids['member shared'], owner, body);

        expect(res.status).toBe(400);
        expect(res.body).toEqual(
          expect.objectContaining({
            code: 'VALIDATION_ERROR',
            details: [expect.objectContaining({ param: 'visibility' })],
          }),
        );
      },
    );
  });
});
