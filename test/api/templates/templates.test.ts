import { createTestApi, type TestApi } from '../../support/api';
import { insertWorkspaceTemplate } from '../../../adapters/db/templates';

describe('GET /v1/templates', () => {
  let api: TestApi;
  let ownId: string;
  const get = (path: string, key = api.users.owner.key) => api.http.get(path).set('x-api-key', key);
  beforeAll(async () => {
    api = await createTestApi();
    ownId = await insertWorkspaceTemplate(api.database.db, api.users.owner.workspaceId, {
      name: 'Our launch recipe',
      description: 'House rules for launches',
      category: 'launch',
      suggestedModalities: ['image'],
      suggestedPlatforms: ['instagram'],
      guidance: {
        promptDirectives: ['Always show the product'],
        negativePrompts: [],
        winningPatterns: [],
        testIdeas: [],
        compositions: [],
      },
    });
  });
  afterAll(() => api.close());

  test('lists built-in templates of every category and the workspace ones', async () => {
    const res = await get('/v1/templates');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(9);
    expect(new Set(res.body.data.map((t: { category: string }) => t.category))).toEqual(
      new Set(['launch', 'trend', 'campaign', 'optimization', 'testing', 'library']),
    );
    expect(res.body.data).toContainEqual({
      id: ownId,
      name: 'Our launch recipe',
      description: 'House rules for launches',
      category: 'launch',
      suggestedModalities: ['image'],
      suggestedPlatforms: ['instagram'],
      isBuiltIn: false,
    });
    expect(
      (await get('/v1/templates', api.users.outsider.key)).body.data.map((t: { id: string }) => t.id),
    ).not.toContain(ownId);
  });

  test('filters by category; an unknown category is 400', async () => {
    const res = await get('/v1/templates?category=testing');
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const t of res.body.data) expect(t.category).toBe('testing');
    const bad = await get('/v1/templates?category=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  test('detail carries the guidance; unknown ids are 404', async () => {
    const res = await get('/v1/templates/ab-creative-test');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'ab-creative-test', category: 'testing', isBuiltIn: true });
    for (const key of ['promptDirectives', 'negativePrompts', 'winningPatterns', 'testIdeas', 'compositions'])
      expect(res.body.data.guidance[key].length).toBeGreaterThan(0);
    expect((await get(`/v1/templates/${ownId}`)).body.data.guidance.promptDirectives).toEqual([
      'Always show the product',
    ]);
    expect((await get('/v1/templates/nope')).status).toBe(404);
    expect((await get(`/v1/templates/${ownId}`, api.users.outsider.key)).status).toBe(404);
  });
});
