import { createTestApi, type TestApi } from '../../support/api';
import { createApiKey } from '../../../adapters/db/api-keys';

describe('GET /v1/account', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('names the workspace, the key of the request (name and prefix, never the key) and the rate limit', async () => {
    const { owner } = api.users;
    const { id, key } = await createApiKey(api.database.db, owner, 'ci runner');
    const res = await api.http.get('/v1/account').set('x-api-key', key);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      workspace: { id: owner.workspaceId, name: expect.any(String), createdAt: expect.any(String) },
      key: { id, name: 'ci runner', prefix: key.slice(0, 10), createdAt: expect.any(String) },
      role: 'owner',
      rateLimit: { limit: 100000, windowMs: 60000 },
    });
    expect(JSON.stringify(res.body)).not.toContain(key);
  });

  test('another key of the same workspace is told apart by its own record', async () => {
    const first = await api.http.get('/v1/account').set('x-api-key', api.users.owner.key);
    const member = await api.http.get('/v1/account').set('authorization', `Bearer ${api.users.member.key}`);
    expect(member.body.data.workspace).toEqual(first.body.data.workspace);
    expect(member.body.data.key.id).not.toBe(first.body.data.key.id);
    expect(member.body.data.role).toBe('member');
  });

  test('an outsider sees its own workspace, and no key is 401', async () => {
    const outsider = await api.http.get('/v1/account').set('x-api-key', api.users.outsider.key);
    expect(outsider.body.data.workspace.id).toBe(api.users.outsider.workspaceId);
    expect((await api.http.get('/v1/account')).status).toBe(401);
  });
});
