import { createTestApi, type TestApi } from '../../support/api';
import { createBrandProfile, insertContentPattern } from '../../../adapters/db/brand';

describe('brand context endpoints', () => {
  let api: TestApi;
  const as = () => api.users.owner.key;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('a fresh workspace has no DNA; PUT creates the active profile and GET reads it back', async () => {
    expect((await api.http.get('/v1/brand/dna').set('x-api-key', as())).body.data).toBeNull();
    const put = await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', as())
      .send({ voiceAttributes: ['warm'], contentPillars: ['oats'] });
    expect(put.status).toBe(200);
    const got = await api.http.get('/v1/brand/dna').set('x-api-key', as());
    expect(got.body.data).toMatchObject({
      voiceAttributes: ['warm'],
      contentPillars: ['oats'],
      guardrails: [],
      toneSpectrum: { primary: null, avoid: [] },
    });
    expect(got.body.brandProfileId).toBe(put.body.brandProfileId);
    expect(
      (await api.http.get('/v1/brand/dna').set('x-api-key', api.users.outsider.key)).body.data,
    ).toBeNull();
  });

  test('brandProfileId picks another profile; a foreign or unknown one is 404', async () => {
    const other = await createBrandProfile(api.database.db, api.users.owner.workspaceId, {
      name: 'Sub-brand',
      guidance: { promptDirectives: ['Use lowercase'] },
    });
    const res = await api.http.get(`/v1/brand/guidance?brandProfileId=${other}`).set('x-api-key', as());
    expect(res.body.data).toMatchObject({ promptDirectives: ['Use lowercase'], negativePrompts: [] });
    expect(
      (
        await api.http
          .get(`/v1/brand/guidance?brandProfileId=${other}`)
          .set('x-api-key', api.users.outsider.key)
      ).status,
    ).toBe(404);
    expect((await api.http.get('/v1/brand/strategy?brandProfileId=nope').set('x-api-key', as())).status).toBe(
      404,
    );
  });

  test('objectives are validated, stored and listed by priority', async () => {
    const bad = await api.http
      .post('/v1/brand/objectives')
      .set('x-api-key', as())
      .send({ type: 'growth', statement: 'x', priority: 9 });
    expect(bad.status).toBe(400);
    await api.http
      .post('/v1/brand/objectives')
      .set('x-api-key', as())
      .send({ type: 'awareness', statement: 'Be known for oats', priority: 3 });
    const created = await api.http
      .post('/v1/brand/objectives')
      .set('x-api-key', as())
      .send({ type: 'growth', statement: 'Double signups', priority: 1 });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      id: expect.any(String),
      claimScope: 'global',
      currentlyApplicable: true,
      revision: 1,
    });
    const list = await api.http.get('/v1/brand/objectives').set('x-api-key', as());
    expect(list.body.data.map((o: { statement: string }) => o.statement)).toEqual([
      'Double signups',
      'Be known for oats',
    ]);
  });

  test('top patterns come best first', async () => {
    for (const score of [0.4, 0.9])
      await insertContentPattern(api.database.db, api.users.owner.workspaceId, {
        title: `p${score}`,
        modality: 'image',
        platform: 'instagram',
        performanceScore: score,
        winningPatterns: ['faces'],
      });
    const res = await api.http.get('/v1/brand/patterns/top?limit=5').set('x-api-key', as());
    expect(res.body.data.map((p: { performanceScore: number }) => p.performanceScore)).toEqual([0.9, 0.4]);
  });
});
