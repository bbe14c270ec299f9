import { createBrandProfile, insertContentPattern, insertObjective } from '../../../adapters/db/brand';
import { upsertChannel } from '../../../adapters/db/channels';
import { NewBrandObjective } from '../../../core/brand/brand-context';
import { deterministicUuid } from '../../../core/ids';
import { createTestApi, type TestApi } from '../../support/api';
import { daysAgo, QUOTE_CARD, seedPublication, seedRun, seedSignal, VERTICAL_VIDEO_AD } from './seed';

interface Rec {
  id: string;
  type: string;
  status: string;
  priority: number;
  title: string;
  summary: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/**
 * Workspace A over the last 30 days:
 *   runs      2 social posts "Oat latte art"; 4 vertical video ads (3 failed); 3 quote cards (2 with quality retries)
 *   channels  instagram (posted 3 days ago), linkedin (never posted)
 *   patterns  audio performs (0.8) but no audio was made
 *   signals   "quiet luxury" +150% (not made), "latte art" +80% (made), "grainy film" -20% (falling)
 *   objectives cold brew in Berlin (no content), oat latte signups (served), spring menu for campaign
 *              spring-24 (no content), an ended one
 */
describe('GET /v1/intelligence/recommendations', () => {
  let api: TestApi;
  let a: string;
  let profileId: string;
  const objectiveIds: Record<string, string> = {};
  const get = async (query = '', key = api.users.owner.key): Promise<Rec[]> => {
    const res = await api.http.get(`/v1/intelligence/recommendations${query}`).set('x-api-key', key);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const idOf = (type: string, key: string) => deterministicUuid('recommendation', a, type, key);

  beforeAll(async () => {
    api = await createTestApi();
    const db = api.database.db;
    a = api.users.owner.workspaceId;
    for (const days of [2, 3])
      await seedRun(db, a, { days, inputs: { topic: 'Oat latte art', style: 'Bold' } });
    for (const [days, status, error] of [
      [5, 'failed', 'provider timeout'],
      [6, 'failed', 'provider timeout'],
      [7, 'failed', 'bad input'],
      [8, 'completed', undefined],
    ] as const)
      await seedRun(db, a, {
        appId: VERTICAL_VIDEO_AD,
        days,
        status,
        error,
        inputs: { product: 'Oat latte', call_to_action: 'Order now', palette: 'Warm' },
      });
    for (const [days, attempts] of [
      [4, 3],
      [9, 2],
      [10, undefined],
    ] as const)
      await seedRun(db, a, {
        appId: QUOTE_CARD,
        days,
        attempts,
        inputs: { quote: 'Good oats', author: 'Ada', palette: 'Warm' },
      });
    const seal = (t: string) => api.deps.publishing.cipher.seal(t);
    for (const platform of ['instagram', 'linkedin'] as const)
      await upsertChannel(db, {
        workspaceId: a,
        platform,
        externalId: `${platform}-1`,
        accountName: null,
        accountType: 'page',
        username: null,
        instagramId: null,
        sealedToken: seal('t'),
        expiresAt: null,
      });
    await seedPublication(db, a, { platform: 'instagram', days: 3, caption: 'Oat latte art #oatmilk' });
    await insertContentPattern(db, a, {
      title: 'Podcast clips',
      modality: 'audio',
      platform: 'instagram',
      performanceScore: 0.8,
      winningPatterns: ['founder voice'],
    });
    await seedSignal(db, a, {
      signal: 'quiet luxury',
      category: 'visual_style',
      platform: 'instagram',
      growth: '+150%',
      confidence: 'high',
      days: 1,
    });
    await seedSignal(db, a, {
      signal: 'latte art',
      category: 'topic',
      platform: 'instagram',
      growth: '+80%',
      confidence: 'medium',
      days: 1,
    });
    await seedSignal(db, a, {
      signal: 'grainy film',
      category: 'visual_style',
      platform: 'instagram',
      growth: '-20%',
      confidence: 'high',
      days: 1,
    });
    profileId = await createBrandProfile(db, a, { name: 'Oat Co', active: true });
    const objective = async (name: string, o: Record<string, unknown>) => {
      objectiveIds[name] = (await insertObjective(db, a, profileId, NewBrandObjective.parse(o))).id;
    };
    await objective('coldBrew', {
      type: 'awareness',
      statement: 'Grow awareness of our cold brew in Berlin',
      priority: 2,
    });
    await objective('oat', { type: 'growth', statement: 'Double signups for the oat latte', priority: 1 });
    await objective('spring', {
      type: 'launch',
      statement: 'Launch the spring menu',
      priority: 3,
      claimScope: 'product',
      scopeKey: 'campaign:spring-24',
    });
    await objective('ended', {
      type: 'launch',
      statement: 'Winter pumpkin spice',
      priority: 1,
      endsAt: daysAgo(2).toISOString(),
    });
  });
  afterAll(() => api.close());

  test('lists open recommendations of the three types, most urgent first, newest evidence first within a priority', async () => {
    const recs = await get();
    expect(recs.map((r) => [r.type, r.priority, r.data.gap ?? r.data.issue ?? r.data.signal])).toEqual(
      expect.arrayContaining([
        ['trend_opportunity', 1, 'quiet luxury'],
        ['optimization', 1, 'failure_rate'],
        ['gap_analysis', 2, 'objective'],
        ['gap_analysis', 2, 'platform'],
        ['gap_analysis', 2, 'modality'],
        ['gap_analysis', 3, 'objective'],
        ['optimization', 3, 'quality_retries'],
      ]),
    );
    expect(recs).toHaveLength(7);
    for (const r of recs)
      expect(r).toEqual({
        id: expect.any(String),
        type: r.type,
        status: 'open',
        priority: expect.any(Number),
        title: expect.any(String),
        summary: expect.any(String),
        data: expect.any(Object),
        createdAt: expect.any(String),
      });
    const order = recs.map((r) => [r.priority, -Date.parse(r.createdAt)]);
    expect(order).toEqual([...order].sort((x, y) => x[0] - y[0] || x[1] - y[1]));
    const signals = recs.map((r) => r.data.signal).filter(Boolean);
    expect(signals).toEqual(['quiet luxury']);
  });

  test('an app that fails often: whole recommendation, dated by its last failure', async () => {
    const lastFailure = await api.database.db
      .selectFrom('runs')
      .select('created_at')
      .where('app_id', '=', VERTICAL_VIDEO_AD)
      .where('status', '=', 'failed')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(await get(`?appId=${VERTICAL_VIDEO_AD}`)).toEqual([
      {
        id: idOf('optimization', `${VERTICAL_VIDEO_AD}|failures`),
        type: 'optimization',
        status: 'open',
        priority: 1,
        title: '"Vertical Video Ad with Voiceover and Captions" fails 75% of its runs',
        summary:
          '3 of 4 runs failed in the last 30 days; most often: "provider timeout". Check its inputs and providers before running it again.',
        data: {
          issue: 'failure_rate',
          appId: VERTICAL_VIDEO_AD,
          appName: 'Vertical Video Ad with Voiceover and Captions',
          windowDays: 30,
          runs: 4,
          failed: 3,
          failureRate: 0.75,
          topError: 'provider timeout',
        },
        createdAt: new Date(lastFailure.created_at).toISOString(),
      },
    ]);
  });

  test('an app that often needs quality retries', async () => {
    const [rec] = await get(`?appId=${QUOTE_CARD}`);
    expect(rec).toMatchObject({
      id: idOf('optimization', `${QUOTE_CARD}|quality_retries`),
      priority: 3,
      data: {
        issue: 'quality_retries',
        appId: QUOTE_CARD,
        runs: 3,
        retriedRuns: 2,
        retryRate: 0.67,
        extraAttempts: 3,
      },
    });
  });

  test('gaps: an objective without content, a silent connected platform, a performing modality not made', async () => {
    expect(await get(`?objectiveId=${objectiveIds.coldBrew}`)).toEqual([
      expect.objectContaining({
        id: idOf('gap_analysis', `objective|${objectiveIds.coldBrew}`),
        priority: 2,
        title: 'No content for the objective "Grow awareness of our cold brew in Berlin"',
        data: {
          gap: 'objective',
          objectiveId: objectiveIds.coldBrew,
          brandProfileId: profileId,
          objectiveType: 'awareness',
          statement: 'Grow awareness of our cold brew in Berlin',
          subjectTerms: ['cold', 'brew', 'berlin'],
        },
      }),
    ]);
    expect(await get(`?objectiveId=${objectiveIds.oat}`)).toEqual([]);
    expect(await get(`?objectiveId=${objectiveIds.ended}`)).toEqual([]);
    const linkedin = await get('?platform=linkedin');
    expect(linkedin).toEqual([
      expect.objectContaining({
        id: idOf('gap_analysis', 'platform|linkedin'),
        priority: 2,
        data: expect.objectContaining({ gap: 'platform', platform: 'linkedin', lastPublishedAt: null }),
      }),
    ]);
    expect(await get('?modality=audio')).toEqual([
      expect.objectContaining({
        id: idOf('gap_analysis', 'modality|audio'),
        data: { gap: 'modality', modality: 'audio', patterns: 1, lastRunAt: null },
      }),
    ]);
    expect(await get('?modality=video')).toEqual([]);
  });

  test('the platform filter keeps recommendations about that platform only', async () => {
    const recs = await get('?platform=instagram');
    expect(recs.map((r) => r.id)).toEqual([idOf('trend_opportunity', 'visual_style|quiet luxury|instagram')]);
    expect(recs[0]).toMatchObject({
      title: 'Make content on the rising visual style "quiet luxury"',
      data: {
        signal: 'quiet luxury',
        category: 'visual_style',
        platform: 'instagram',
        growth: '+150%',
        confidence: 'high',
      },
    });
  });

  test('campaignId matches only what carries that campaign: an objective scoped campaign:<id>', async () => {
    const recs = await get('?campaignId=spring-24');
    expect(recs.map((r) => r.id)).toEqual([idOf('gap_analysis', `objective|${objectiveIds.spring}`)]);
    expect(recs[0].data).toMatchObject({ campaignId: 'spring-24', objectiveId: objectiveIds.spring });
    expect(await get('?campaignId=summer')).toEqual([]);
  });

  test('brandProfileId narrows to that profile; one of another workspace is 404', async () => {
    expect((await get(`?brandProfileId=${profileId}`)).map((r) => r.data.objectiveId).sort()).toEqual(
      [objectiveIds.coldBrew, objectiveIds.spring].sort(),
    );
    const res = await api.http
      .get(`/v1/intelligence/recommendations?brandProfileId=${profileId}`)
      .set('x-api-key', api.users.outsider.key);
    expect(res.status).toBe(404);
  });

  test('the same situation keeps its ids and dates from call to call', async () => {
    expect(await get()).toEqual(await get());
  });

  test('limit caps the list; out-of-range limits are VALIDATION_ERROR', async () => {
    expect(await get('?limit=2')).toHaveLength(2);
    for (const limit of ['0', '101', 'many']) {
      const res = await api.http
        .get(`/v1/intelligence/recommendations?limit=${limit}`)
        .set('x-api-key', api.users.owner.key);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  test("another workspace never sees this workspace's recommendations", async () => {
    expect(await get('', api.users.outsider.key)).toEqual([]);
  });
});
