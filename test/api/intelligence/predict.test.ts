import { createBrandProfile, insertContentPattern } from '../../../adapters/db/brand';
import { createTestApi, type TestApi } from '../../support/api';
import { seedSignal } from './seed';

const FEATURES = [
  'hook',
  'question',
  'numbers',
  'call_to_action',
  'length',
  'hashtags',
  'emoji',
  'platform_fit',
  'pattern_history',
  'brand_patterns',
  'weak_patterns',
  'guardrails',
  'trends',
];
const GOOD =
  'Why your oat latte art keeps collapsing: 3 barista fixes for a glossy pour. Save this for your next cup #latteart #oatmilk';

describe('POST /v1/intelligence/predict', () => {
  let api: TestApi;
  let profileId: string;
  const post = (body: unknown, key = api.users.owner.key) =>
    api.http
      .post('/v1/intelligence/predict')
      .set('x-api-key', key)
      .send(body as object);

  beforeAll(async () => {
    api = await createTestApi();
    const db = api.database.db;
    const a = api.users.owner.workspaceId;
    profileId = await createBrandProfile(db, a, {
      name: 'Oat Co',
      active: true,
      dna: {
        guardrails: ['Never mention competitors'],
        performanceProfile: { weakPatterns: ['stock photos'] },
      },
      guidance: { negativePrompts: ['discount codes'] },
    });
    await insertContentPattern(db, a, {
      title: 'Pour series',
      modality: 'video',
      platform: 'instagram',
      performanceScore: 0.9,
      winningPatterns: ['latte art pour', 'barista hands close-up'],
    });
    await insertContentPattern(db, a, {
      title: 'Menu cards',
      modality: 'image',
      platform: 'instagram',
      performanceScore: 0.3,
      winningPatterns: ['menu flat lay'],
    });
    await seedSignal(db, null, {
      signal: 'latte art',
      category: 'topic',
      platform: 'instagram',
      growth: '+120%',
      confidence: 'high',
    });
  });
  afterAll(() => api.close());

  test.each([
    [{ platform: 'instagram', modality: 'video' }, 'concept'],
    [{ concept: 'x', modality: 'video' }, 'platform'],
    [{ concept: 'x', platform: 'instagram' }, 'modality'],
    [{ concept: 'x', platform: 'instagram', modality: 'hologram' }, 'modality'],
    [{ concept: '   ', platform: 'instagram', modality: 'video' }, 'concept'],
    [{ concept: 42, platform: 'instagram', modality: 'video' }, 'concept'],
  ])('%j is a VALIDATION_ERROR on %s', async (body, param) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { param: string }) => d.param)).toContain(param);
  });

  test('answers a Prediction whose every line names its feature', async () => {
    const res = await post({ concept: GOOD, platform: 'instagram', modality: 'video' });
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toEqual({
      predictedScore: expect.any(Number),
      confidence: 'high',
      strengths: expect.any(Array),
      risks: expect.any(Array),
      suggestions: expect.any(Array),
      factors: expect.any(Array),
    });
    expect(p.predictedScore).toBeGreaterThanOrEqual(0);
    expect(p.predictedScore).toBeLessThanOrEqual(100);
    for (const line of [...p.strengths, ...p.risks, ...p.suggestions])
      expect(FEATURES).toContain(line.split(':')[0]);
    expect(p.strengths).toEqual(
      expect.arrayContaining([
        'platform_fit: video is a native format on instagram',
        'pattern_history: your instagram video content averages 90/100 over 1 pattern',
        'brand_patterns: matches your winning pattern "latte art pour" (scored 90/100)',
        'trends: rides the rising topic "latte art" (+120% on instagram, high confidence)',
        'hook: opens with "why" within the first 8 words',
        'call_to_action: asks for an action ("save")',
      ]),
    );
    expect(p.risks).toEqual([]);
  });

  test('the same request gives the same prediction', async () => {
    const body = { concept: GOOD, platform: 'instagram', modality: 'video' };
    expect((await post(body)).body.data).toEqual((await post(body)).body.data);
  });

  test('guardrails, weak patterns and a poor platform fit are risks that lower the score', async () => {
    const good = (await post({ concept: GOOD, platform: 'instagram', modality: 'video' })).body.data;
    const res = await post({
      concept: 'Stock photos of our latte next to competitors with discount codes',
      platform: 'tiktok',
      modality: 'text',
    });
    const p = res.body.data;
    expect(p.predictedScore).toBeLessThan(good.predictedScore);
    expect(p.risks).toEqual(
      expect.arrayContaining([
        'platform_fit: text travels poorly on tiktok',
        'guardrails: touches the brand guardrail "Never mention competitors"',
        'guardrails: touches the brand guardrail "discount codes"',
        'weak_patterns: echoes the weak pattern "stock photos"',
        'call_to_action: no call to action',
      ]),
    );
    expect(p.suggestions).toEqual(
      expect.arrayContaining([
        'platform_fit: video fits tiktok best',
        'guardrails: rework it to respect "Never mention competitors"',
      ]),
    );
  });

  test('a better-scoring modality of the same platform is suggested', async () => {
    const p = (await post({ concept: GOOD, platform: 'instagram', modality: 'image' })).body.data;
    expect(p.risks).toContain('pattern_history: your instagram image content averages 30/100 over 1 pattern');
    expect(p.suggestions).toContain('pattern_history: video averages 90/100 on instagram for you');
  });

  test('without brand or trends the prediction has less evidence', async () => {
    const p = (
      await post({ concept: 'New mug', platform: 'myspace', modality: 'audio' }, api.users.outsider.key)
    ).body.data;
    expect(p.confidence).toBe('low');
    expect(p.suggestions).toContain(
      'platform_fit: no fit data for "myspace"; known platforms are tiktok, instagram, linkedin, facebook, x, youtube, pinterest',
    );
    expect(
      p.strengths
        .concat(p.risks)
        .some((l: string) => l.startsWith('brand_patterns') || l.startsWith('guardrails')),
    ).toBe(false);
  });

  test('brandProfileId picks the profile; one of another workspace is 404; campaignId is accepted', async () => {
    const body = {
      concept: 'Compare us with competitors',
      platform: 'linkedin',
      modality: 'text',
      campaignId: 'spring',
    };
    expect((await post({ ...body, brandProfileId: profileId })).body.data.risks).toContain(
      'guardrails: touches the brand guardrail "Never mention competitors"',
    );
    const foreign = await post({ ...body, brandProfileId: profileId }, api.users.outsider.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
  });
});
