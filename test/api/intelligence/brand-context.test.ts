import { createTestApi, type TestApi } from '../../support/api';
import { createBrandProfile, insertContentPattern } from '../../../adapters/db/brand';

describe('GET /v1/intelligence/brand-context', () => {
  let api: TestApi;
  const get = (path: string, key = api.users.owner.key) => api.http.get(path).set('x-api-key', key);
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('a workspace without a brand profile reads nulls and no objectives, not an error', async () => {
    const res = await get('/v1/intelligence/brand-context', api.users.outsider.key);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      brandProfileId: null,
      name: null,
      dna: null,
      identity: null,
      strategy: null,
      guidance: null,
      objectives: [],
      topPatterns: [],
    });
  });

  test('reads in one call what the seven brand routes answer one by one', async () => {
    const owner = api.users.owner.key;
    await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', owner)
      .send({ voiceAttributes: ['warm'] });
    await api.http
      .put('/v1/brand/guidance')
      .set('x-api-key', owner)
      .send({ promptDirectives: ['daylight'] });
    await api.http
      .post('/v1/brand/objectives')
      .set('x-api-key', owner)
      .send({ type: 'growth', statement: 'Double signups', priority: 1 });
    for (const [score, platform] of [
      [0.4, 'instagram'],
      [0.9, 'instagram'],
      [0.7, 'tiktok'],
    ] as const)
      await insertContentPattern(api.database.db, api.users.owner.workspaceId, {
        title: `p${score}`,
        modality: 'image',
        platform,
        performanceScore: score,
        winningPatterns: ['faces'],
      });
    const context = (await get('/v1/intelligence/brand-context')).body.data;
    expect(context.dna).toEqual((await get('/v1/brand/dna')).body.data);
    expect(context.guidance).toEqual((await get('/v1/brand/guidance')).body.data);
    expect(context.identity).toEqual((await get('/v1/brand/identity')).body.data);
    expect(context.objectives).toEqual((await get('/v1/brand/objectives')).body.data);
    expect(context.brandProfileId).toBe((await get('/v1/brand/dna')).body.brandProfileId);
    expect(context.topPatterns.map((p: { performanceScore: number }) => p.performanceScore)).toEqual([
      0.9, 0.7, 0.4,
    ]);
    const filtered = await get('/v1/intelligence/brand-context?platform=instagram&patternLimit=1');
    expect(filtered.body.data.topPatterns.map((p: { title: string }) => p.title)).toEqual(['p0.9']);
  });

  test('brandProfileId picks another profile; a foreign one is 404; a bad patternLimit is 400', async () => {
    const other = await createBrandProfile(api.database.db, api.users.owner.workspaceId, {
      name: 'Sub-brand',
      guidance: { promptDirectives: ['lowercase'] },
    });
    const res = await get(`/v1/intelligence/brand-context?brandProfileId=${other}`);
    expect(res.body.data).toMatchObject({ brandProfileId: other, name: 'Sub-brand', dna: null });
    expect(res.body.data.guidance.promptDirectives).toEqual(['lowercase']);
    expect(
      (await get(`/v1/intelligence/brand-context?brandProfileId=${other}`, api.users.outsider.key)).status,
    ).toBe(404);
    const bad = await get('/v1/intelligence/brand-context?patternLimit=99');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });
});
