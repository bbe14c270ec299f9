import { createTestApi, type TestApi } from '../../support/api';
import {
  QUOTE_CARD,
  seedPublication,
  seedRun,
  seedSignal,
  SOCIAL_POST_IMAGE,
  VERTICAL_VIDEO_AD,
} from './seed';

/**
 * Workspace A, days before now (current window = 0..30, previous = 30..60):
 *   runs        current: 3 x "Oat latte art for autumn" (Bold, 1:1), 1 x "Cold brew recipe" (Minimal)
 *               previous: 1 x "Oat latte launch" (Minimal)
 *   posts       current: 2 instagram videos "#oatmilk latte season"
 *   signals     global "quiet luxury" (visual_style, instagram, +150% high); A's "latte art" observed twice
 *               (-10% five days ago, +80% one day ago); A's "retro film" 40 days ago; B's "b only"
 */
describe('GET /v1/intelligence/trends', () => {
  let api: TestApi;
  const get = (query: string, key = api.users.owner.key) =>
    api.http.get(`/v1/intelligence/trends${query}`).set('x-api-key', key);

  beforeAll(async () => {
    api = await createTestApi();
    const db = api.database.db;
    const a = api.users.owner.workspaceId;
    for (let i = 0; i < 3; i++)
      await seedRun(db, a, {
        days: 2 + i,
        inputs: { topic: 'Oat latte art for autumn', style: 'Bold', aspect_ratio: '1:1' },
      });
    await seedRun(db, a, { days: 10, inputs: { topic: 'Cold brew recipe', style: 'Minimal' } });
    await seedRun(db, a, { days: 45, inputs: { topic: 'Oat latte launch', style: 'Minimal' } });
    for (const days of [3, 4])
      await seedPublication(db, a, {
        platform: 'instagram',
        days,
        video: true,
        caption: '#oatmilk latte season',
      });
    await seedPublication(db, a, { platform: 'x', days: 3, caption: 'failed post', status: 'failed' });
    await seedSignal(db, null, {
      signal: 'quiet luxury',
      category: 'visual_style',
      platform: 'instagram',
      growth: '+150%',
      confidence: 'high',
      days: 2,
    });
    await seedSignal(db, a, {
      signal: 'latte art',
      category: 'topic',
      platform: 'instagram',
      growth: '-10%',
      confidence: 'medium',
      days: 5,
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
      signal: 'retro film',
      category: 'visual_style',
      platform: 'tiktok',
      growth: '+300%',
      confidence: 'high',
      days: 40,
    });
    await seedSignal(db, api.users.outsider.workspaceId, {
      signal: 'b only',
      category: 'topic',
      platform: 'tiktok',
      growth: '+500%',
      confidence: 'high',
      days: 1,
    });
  });
  afterAll(() => api.close());

  test('answers the Trend result with a 30-day default window and only the contract fields', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      trends: expect.any(Array),
      windowDays: 30,
      generatedAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(res.body.data.generatedAt))).toBe(false);
    for (const t of res.body.data.trends)
      expect(Object.keys(t).sort()).toEqual(['category', 'confidence', 'growth', 'platform', 'signal']);
    expect(res.body.data.trends[0]).toEqual({
      signal: 'quiet luxury',
      category: 'visual_style',
      platform: 'instagram',
      growth: '+150%',
      confidence: 'high',
    });
  });

  test('visual styles: the stored signal, then styles used in runs compared with the previous window', async () => {
    const res = await get('?category=visual_style');
    expect(res.body.data.trends).toEqual([
      {
        signal: 'quiet luxury',
        category: 'visual_style',
        platform: 'instagram',
        growth: '+150%',
        confidence: 'high',
      },
      { signal: 'Bold', category: 'visual_style', platform: 'all', growth: 'new', confidence: 'low' },
      { signal: 'Minimal', category: 'visual_style', platform: 'all', growth: '+0%', confidence: 'low' },
    ]);
  });

  test('formats count output modalities and aspect ratios of runs, and media of published posts per platform', async () => {
    const res = await get('?category=format');
    expect(res.body.data.trends).toEqual([
      { signal: '1:1 image', category: 'format', platform: 'all', growth: 'new', confidence: 'low' },
      { signal: 'image', category: 'format', platform: 'all', growth: '+300%', confidence: 'medium' },
      { signal: 'text', category: 'format', platform: 'all', growth: '+300%', confidence: 'medium' },
      { signal: 'video', category: 'format', platform: 'instagram', growth: 'new', confidence: 'low' },
    ]);
  });

  test('topics come from run inputs and captions; the newest observation of a stored signal wins', async () => {
    const topics = (await get('?category=topic&limit=100')).body.data.trends;
    expect(topics).toEqual(
      expect.arrayContaining([
        {
          signal: 'latte art',
          category: 'topic',
          platform: 'instagram',
          growth: '+80%',
          confidence: 'medium',
        },
        { signal: 'oat', category: 'topic', platform: 'all', growth: '+200%', confidence: 'low' },
        { signal: 'launch', category: 'topic', platform: 'all', growth: '-100%', confidence: 'low' },
        { signal: 'oatmilk', category: 'topic', platform: 'instagram', growth: 'new', confidence: 'low' },
      ]),
    );
    expect(topics.filter((t: { signal: string }) => t.signal === 'latte art')).toHaveLength(1);
    expect(topics.map((t: { signal: string }) => t.signal)).not.toContain('for');
    // Declines rank last.
    expect(topics.at(-1)).toEqual({
      signal: 'launch',
      category: 'topic',
      platform: 'all',
      growth: '-100%',
      confidence: 'low',
    });
  });

  test('the platform filter applies to stored and computed signals alike', async () => {
    const res = await get('?platform=instagram&limit=100');
    const trends: { platform: string; signal: string; category: string }[] = res.body.data.trends;
    expect(new Set(trends.map((t) => t.platform))).toEqual(new Set(['instagram']));
    expect(trends).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signal: 'instagram', category: 'platform', growth: 'new' }),
        expect.objectContaining({ signal: '#oatmilk', category: 'hashtag' }),
      ]),
    );
    expect((await get('?platform=x')).body.data.trends).toEqual([]);
  });

  test('a longer window reaches older signals and moves older runs into the current window', async () => {
    const res = await get('?windowDays=60&category=visual_style');
    expect(res.body.data.windowDays).toBe(60);
    expect(res.body.data.trends).toEqual([
      {
        signal: 'retro film',
        category: 'visual_style',
        platform: 'tiktok',
        growth: '+300%',
        confidence: 'high',
      },
      {
        signal: 'quiet luxury',
        category: 'visual_style',
        platform: 'instagram',
        growth: '+150%',
        confidence: 'high',
      },
      { signal: 'Bold', category: 'visual_style', platform: 'all', growth: 'new', confidence: 'low' },
      { signal: 'Minimal', category: 'visual_style', platform: 'all', growth: 'new', confidence: 'low' },
    ]);
  });

  test('limit caps the list', async () => {
    expect((await get('?limit=2')).body.data.trends).toHaveLength(2);
  });

  test.each(['windowDays=0', 'windowDays=366', 'windowDays=abc', 'windowDays=1.5', 'limit=0', 'limit=101'])(
    '%s is a VALIDATION_ERROR',
    async (query) => {
      const res = await get(`?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    },
  );

  test('windowDays 1 and 365 are accepted', async () => {
    expect((await get('?windowDays=1')).status).toBe(200);
    expect((await get('?windowDays=365')).status).toBe(200);
  });

  test("another workspace sees global signals and its own, never this workspace's activity or signals", async () => {
    const res = await get('?limit=100', api.users.outsider.key);
    expect(res.body.data.trends).toEqual([
      { signal: 'b only', category: 'topic', platform: 'tiktok', growth: '+500%', confidence: 'high' },
      {
        signal: 'quiet luxury',
        category: 'visual_style',
        platform: 'instagram',
        growth: '+150%',
        confidence: 'high',
      },
    ]);
    const own = (await get('?limit=100')).body.data.trends.map((t: { signal: string }) => t.signal);
    expect(own).not.toContain('b only');
  });

  test('runs of other apps count by their own parameters (video ad product, quote card palette)', async () => {
    const db = api.database.db;
    const b = api.users.outsider.workspaceId;
    await seedRun(db, b, {
      appId: VERTICAL_VIDEO_AD,
      days: 1,
      inputs: { product: 'Trail shoes', call_to_action: 'Shop now', palette: 'Neon' },
    });
    await seedRun(db, b, {
      appId: QUOTE_CARD,
      days: 1,
      inputs: { quote: 'Stay curious', author: 'Ada', palette: 'Neon' },
    });
    await seedRun(db, b, {
      appId: SOCIAL_POST_IMAGE,
      days: 1,
      inputs: { topic: 'Trail running', style: 'Geometric' },
    });
    const trends = (await get('?limit=100', api.users.outsider.key)).body.data.trends;
    const named = (category: string) =>
      trends
        .filter((t: { category: string }) => t.category === category)
        .map((t: { signal: string }) => t.signal)
        .sort();
    expect(named('visual_style')).toEqual(['Geometric', 'Neon', 'quiet luxury']);
    expect(named('topic')).toEqual(['b only', 'running', 'shoes', 'trail']);
    expect(named('format')).toEqual(['image', 'text', 'video']);
  });
});
