import { loadCatalogApps } from '../../../adapters/catalog';
import { createTestApi, type TestApi, type TestUser } from '../../support/api';
import { pictureApp as pictureAppNamed } from '../../support/picture-app';

const pictureApp = (prompt: string, withCaption = false) =>
  pictureAppNamed('Picture with history', prompt, withCaption);

describe('app version history', () => {
  let api: TestApi;
  let owner: TestUser, member: TestUser, outsider: TestUser;

  beforeAll(async () => {
    api = await createTestApi();
    ({ owner, member, outsider } = api.users);
  });
  afterAll(() => api.close());

  const send = (method: 'post' | 'put', path: string, user: TestUser, body?: object) =>
    api.http[method](path).set('x-api-key', user.key).send(body);
  const get = (path: string, user: TestUser) => api.http.get(path).set('x-api-key', user.key);

  /** An app of the owner at three versions: v1, v2 adds the caption, v3 changes the picture's prompt. */
  const appWithThreeVersions = async (visibility = 'private') => {
    const created = await send('post', '/v1/apps', owner, { ...pictureApp('{{subject}}'), visibility });
    const appId = created.body.data.appId as string;
    await send('put', `/v1/apps/${appId}`, owner, { ...pictureApp('{{subject}}', true), baseVersion: 1 });
    await send('put', `/v1/apps/${appId}`, owner, {
      ...pictureApp('{{subject}} in ink', true),
      baseVersion: 2,
    });
    return appId;
  };

  test('lists every version newest first, with who wrote it and a short summary of the change', async () => {
    const appId = await appWithThreeVersions();
    const res = await get(`/v1/apps/${appId}/versions`, owner);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(res.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(res.body.data[0]).toMatchObject({
      appId,
      version: 3,
      current: true,
      restoredFrom: null,
      summary: '1 node changed',
      author: { userId: owner.userId, keyId: expect.any(String), keyName: expect.any(String) },
    });
    expect(res.body.data[1]).toMatchObject({ current: false, summary: '2 nodes added, 2 edges added' });
    expect(res.body.data[2]).toMatchObject({ summary: 'created' });

    const page = await get(`/v1/apps/${appId}/versions?limit=1&offset=2`, owner);
    expect(page.body.data.map((v: { version: number }) => v.version)).toEqual([1]);
    expect(page.body.pagination).toEqual({ total: 3, limit: 1, offset: 2 });
  });

  test('one version is the whole definition then, with the changes from the one before or from compareTo', async () => {
    const appId = await appWithThreeVersions();
    const v1 = await get(`/v1/apps/${appId}/versions/1`, owner);
    expect(v1.status).toBe(200);
    expect(v1.body.data.changes).toBeNull();
    expect(v1.body.data.definition.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['picture', 'out']);

    const v3 = await get(`/v1/apps/${appId}/versions/3`, owner);
    expect(v3.body.data.changes).toMatchObject({
      comparedTo: 2,
      nodes: {
        added: [],
        changed: [
          {
            id: 'picture',
            fields: [{ field: 'config.prompt', before: '{{subject}}', after: '{{subject}} in ink' }],
          },
        ],
      },
    });
    const fromFirst = await get(`/v1/apps/${appId}/versions/3?compareTo=1`, owner);
    expect(fromFirst.body.data.changes.comparedTo).toBe(1);
    expect(fromFirst.body.data.changes.nodes.added.map((n: { id: string }) => n.id)).toEqual([
      'caption',
      'out2',
    ]);
    expect(fromFirst.body.data.changes.edges.added).toEqual([
      { source: 'picture', target: 'caption' },
      { source: 'caption', target: 'out2' },
    ]);
  });

  test('restore writes the old definition again as a new version; the history only grows', async () => {
    const appId = await appWithThreeVersions();
    const restored = await send('post', `/v1/apps/${appId}/versions/1/restore`, owner);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ appId, version: 4, editable: true });
    expect(restored.body.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['picture', 'out']);
    const definition = await get(`/v1/apps/${appId}/definition`, owner);
    expect(definition.body.data.version).toBe(4);
    const list = await get(`/v1/apps/${appId}/versions`, owner);
    expect(list.body.data[0]).toMatchObject({
      version: 4,
      current: true,
      restoredFrom: 1,
      summary: 'restored version 1: 2 nodes removed, 1 node changed, 2 edges removed',
    });
    const v4 = await get(`/v1/apps/${appId}/versions/4?compareTo=1`, owner);
    expect(v4.body.data.changes).toMatchObject({
      nodes: { added: [], removed: [], changed: [], moved: [] },
      edges: { added: [], removed: [] },
      fields: [],
    });
  });

  test('bad input answers the error envelope', async () => {
    const appId = await appWithThreeVersions();
    const missing = await get(`/v1/apps/${appId}/versions/9`, owner);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      error: 'Version 9 of the app not found',
      code: 'NOT_FOUND',
      retryable: false,
    });
    expect((await get(`/v1/apps/${appId}/versions/zero`, owner)).status).toBe(404);
    expect((await send('post', `/v1/apps/${appId}/versions/9/restore`, owner)).status).toBe(404);
    const badLimit = await get(`/v1/apps/${appId}/versions?limit=0`, owner);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ param: 'limit' })],
    });
    const badCompare = await get(`/v1/apps/${appId}/versions/2?compareTo=two`, owner);
    expect(badCompare.status).toBe(400);
    expect(badCompare.body.code).toBe('VALIDATION_ERROR');
    const unknownField = await get(`/v1/apps/${appId}/versions?page=2`, owner);
    expect(unknownField.status).toBe(400);
  });

  test("a private app of another workspace or member is hidden (404); another's shared app is read-only (403)", async () => {
    const appId = await appWithThreeVersions();
    for (const path of [`/v1/apps/${appId}/versions`, `/v1/apps/${appId}/versions/1`]) {
      const res = await get(path, outsider);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await send('post', `/v1/apps/${appId}/versions/1/restore`, outsider)).status).toBe(404);
    // A member of the workspace is no owner of a private app: hidden as the contract says (404).
    expect((await get(`/v1/apps/${appId}/versions`, member)).status).toBe(404);

    const shared = await appWithThreeVersions('shared');
    expect((await get(`/v1/apps/${shared}/versions`, member)).status).toBe(200);
    const restore = await send('post', `/v1/apps/${shared}/versions/1/restore`, member);
    expect(restore.status).toBe(403);
    expect(restore.body.code).toBe('FORBIDDEN');
  });

  test('built-in apps have their catalog version, readable by all and restorable by none', async () => {
    const catalogApp = loadCatalogApps()[0];
    const list = await get(`/v1/apps/${catalogApp.appId}/versions`, outsider);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        version: 1,
        current: true,
        author: { userId: null, keyId: null, keyName: null },
      }),
    ]);
    const v1 = await get(`/v1/apps/${catalogApp.appId}/versions/1`, outsider);
    expect(v1.body.data.definition.name).toBe(catalogApp.name);
    expect((await send('post', `/v1/apps/${catalogApp.appId}/versions/1/restore`, owner)).status).toBe(403);
  });
});
