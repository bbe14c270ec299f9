import type { ActivityEvent } from '../../../core/intelligence/activity';
import { gapAnalysis, type GapInput } from '../../../core/intelligence/gap-analysis';
import { deterministicUuid } from '../../../core/ids';
import { optimizations, type AppRunStats } from '../../../core/intelligence/optimizations';
import { selectRecommendations } from '../../../core/intelligence/recommend';
import type { Recommendation } from '../../../core/intelligence/recommendation';
import { trendOpportunities } from '../../../core/intelligence/trend-opportunities';
import type { RankedTrend } from '../../../core/intelligence/trends';

const WS = '00000000-0000-4000-8000-000000000001';
const NOW = new Date('2025-06-30T00:00:00Z');
const day = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const id = (type: string, key: string) => deterministicUuid('recommendation', WS, type, key);
const event = (e: Partial<ActivityEvent> & { labels: [string, string][] }): ActivityEvent => ({
  source: 'run',
  at: day(3),
  platform: 'all',
  ...e,
  features: e.labels.map(([category, label]) => ({
    category: category as 'topic',
    key: label.toLowerCase(),
    label,
  })),
});
const trend = (t: Partial<RankedTrend> & { signal: string }): RankedTrend => ({
  category: 'topic',
  platform: 'instagram',
  growth: '+150%',
  confidence: 'high',
  source: 'signal',
  growthValue: 1.5,
  score: 1.5,
  observedAt: day(1),
  ...t,
});

describe('trendOpportunities', () => {
  test('rising imported trends nothing covers become opportunities; covered, falling and activity trends do not', () => {
    const events = [
      event({
        labels: [
          ['topic', 'latte'],
          ['topic', 'art'],
        ],
      }),
      event({ source: 'publication', platform: 'tiktok', labels: [['hashtag', '#QuietLuxury']] }),
    ];
    const trends = [
      trend({ signal: 'quiet luxury', category: 'visual_style', score: 0.6 }),
      trend({ signal: 'quiet luxury', category: 'visual_style', platform: 'tiktok' }),
      trend({ signal: 'Latte Art' }),
      trend({ signal: 'grainy film', growth: '-20%', growthValue: -0.2, score: -0.2 }),
      trend({ signal: 'oat', source: 'activity' }),
      trend({
        signal: 'vertical video',
        category: 'format',
        growth: 'new',
        confidence: 'low',
        growthValue: 1,
        score: 0.4,
        observedAt: day(4),
      }),
    ];
    expect(trendOpportunities(WS, trends, events, 30)).toEqual([
      {
        id: id('trend_opportunity', 'visual_style|quiet luxury|instagram'),
        type: 'trend_opportunity',
        status: 'open',
        priority: 2,
        title: 'Make content on the rising visual style "quiet luxury"',
        summary:
          '"quiet luxury" is up +150% on instagram (high confidence) and nothing you made or published there in the last 30 days covers it.',
        data: {
          signal: 'quiet luxury',
          category: 'visual_style',
          platform: 'instagram',
          growth: '+150%',
          confidence: 'high',
          observedAt: day(1).toISOString(),
        },
        createdAt: day(1),
      },
      {
        id: id('trend_opportunity', 'format|vertical video|instagram'),
        type: 'trend_opportunity',
        status: 'open',
        priority: 3,
        title: 'Make content on the rising format "vertical video"',
        summary:
          '"vertical video" is new on instagram (low confidence) and nothing you made or published there in the last 30 days covers it.',
        data: {
          signal: 'vertical video',
          category: 'format',
          platform: 'instagram',
          growth: 'new',
          confidence: 'low',
          modality: 'video',
          observedAt: day(4).toISOString(),
        },
        createdAt: day(4),
      },
    ]);
  });
});

describe('gapAnalysis', () => {
  const base: GapInput = {
    workspaceId: WS,
    now: NOW,
    windowDays: 30,
    events: [
      event({
        labels: [
          ['format', 'image'],
          ['topic', 'oat'],
          ['topic', 'latte'],
        ],
      }),
      event({ source: 'publication', platform: 'instagram', labels: [['format', 'image']] }),
      event({ at: day(45), labels: [['topic', 'berlin']] }),
    ],
    objectives: [
      {
        id: 'o-served',
        brandProfileId: 'p1',
        type: 'growth',
        statement: 'Double signups for the oat latte',
        priority: 1,
        scopeKey: 'global',
        startsAt: null,
        endsAt: null,
        createdAt: day(60),
      },
      {
        id: 'o-gap',
        brandProfileId: 'p1',
        type: 'awareness',
        statement: 'Grow awareness of our cold brew in Berlin',
        priority: 2,
        scopeKey: 'campaign:summer',
        startsAt: null,
        endsAt: null,
        createdAt: day(50),
      },
      {
        id: 'o-metric',
        brandProfileId: 'p1',
        type: 'engagement',
        statement: 'Increase engagement',
        priority: 4,
        scopeKey: 'global',
        startsAt: null,
        endsAt: null,
        createdAt: day(40),
      },
      {
        id: 'o-future',
        brandProfileId: 'p1',
        type: 'launch',
        statement: 'Launch pumpkin spice',
        priority: 1,
        scopeKey: 'global',
        startsAt: day(-5),
        endsAt: null,
        createdAt: day(10),
      },
    ],
    channels: [
      { id: 'c-ig', platform: 'instagram', createdAt: day(90) },
      { id: 'c-li1', platform: 'linkedin', createdAt: day(90) },
      { id: 'c-li2', platform: 'linkedin', createdAt: day(80) },
    ],
    lastPublishedAt: { instagram: day(3), linkedin: day(70) },
    modalities: [
      { modality: 'image', lastRunAt: day(3), patterns: 2, lastPatternAt: day(20) },
      { modality: 'video', lastRunAt: day(45), patterns: 0, lastPatternAt: null },
      { modality: 'audio', lastRunAt: null, patterns: 1, lastPatternAt: day(15) },
    ],
  };

  test('objectives without matching work, silent platforms and modalities not made in the window', () => {
    expect(gapAnalysis(base)).toEqual([
      {
        id: id('gap_analysis', 'objective|o-gap'),
        type: 'gap_analysis',
        status: 'open',
        priority: 2,
        title: 'No content for the objective "Grow awareness of our cold brew in Berlin"',
        summary:
          'Nothing made or published in the last 30 days mentions "cold", "brew", "berlin"; plan content that serves this awareness objective.',
        data: {
          gap: 'objective',
          objectiveId: 'o-gap',
          brandProfileId: 'p1',
          objectiveType: 'awareness',
          statement: 'Grow awareness of our cold brew in Berlin',
          subjectTerms: ['cold', 'brew', 'berlin'],
          campaignId: 'summer',
        },
        createdAt: day(50),
      },
      {
        id: id('gap_analysis', 'platform|linkedin'),
        type: 'gap_analysis',
        status: 'open',
        priority: 2,
        title: 'Nothing published on linkedin in the last 30 days',
        summary: `You have 2 connected linkedin accounts and the last post went out ${day(70).toISOString().slice(0, 10)}.`,
        data: {
          gap: 'platform',
          platform: 'linkedin',
          channelIds: ['c-li1', 'c-li2'],
          lastPublishedAt: day(70).toISOString(),
        },
        createdAt: day(70),
      },
      {
        id: id('gap_analysis', 'modality|audio'),
        type: 'gap_analysis',
        status: 'open',
        priority: 2,
        title: 'No audio content in the last 30 days',
        summary: '1 of your content patterns shows audio performing, but you have never made audio here.',
        data: { gap: 'modality', modality: 'audio', patterns: 1, lastRunAt: null },
        createdAt: day(15),
      },
      {
        id: id('gap_analysis', 'modality|video'),
        type: 'gap_analysis',
        status: 'open',
        priority: 3,
        title: 'No video content in the last 30 days',
        summary: `You made video before, but the last video run was ${day(45).toISOString().slice(0, 10)}.`,
        data: { gap: 'modality', modality: 'video', patterns: 0, lastRunAt: day(45).toISOString() },
        createdAt: day(45),
      },
    ]);
  });

  test('an objective without a subject is a gap only when nothing at all was made', () => {
    const quiet = gapAnalysis({ ...base, events: [], channels: [], modalities: [] });
    expect(quiet.map((r) => r.data.objectiveId)).toEqual(['o-served', 'o-gap', 'o-metric']);
    expect(quiet[2].summary).toBe(
      'Nothing was made or published in the last 30 days; plan content that serves this engagement objective.',
    );
  });
});

describe('optimizations', () => {
  const stats = (s: Partial<AppRunStats>): AppRunStats => ({
    appId: 'app',
    appName: 'App',
    finished: 10,
    failed: 0,
    completed: 10,
    retriedRuns: 0,
    extraAttempts: 0,
    lastFailedAt: null,
    lastRetriedAt: null,
    topError: null,
    ...s,
  });

  test('failure rates and quality retries above their thresholds, with enough runs', () => {
    const result = optimizations(
      WS,
      [
        stats({
          appId: 'flaky',
          appName: 'Flaky',
          finished: 4,
          failed: 2,
          completed: 2,
          lastFailedAt: day(2),
          topError: 'timeout',
          retriedRuns: 2,
          extraAttempts: 5,
          lastRetriedAt: day(3),
        }),
        stats({
          appId: 'ok',
          appName: 'Ok',
          finished: 10,
          failed: 2,
          completed: 8,
          lastFailedAt: day(1),
          retriedRuns: 2,
          lastRetriedAt: day(1),
        }),
        stats({ appId: 'new', appName: 'New', finished: 2, failed: 2, completed: 0, lastFailedAt: day(1) }),
      ],
      30,
    );
    expect(result).toEqual([
      {
        id: id('optimization', 'flaky|failures'),
        type: 'optimization',
        status: 'open',
        priority: 1,
        title: '"Flaky" fails 50% of its runs',
        summary:
          '2 of 4 runs failed in the last 30 days; most often: "timeout". Check its inputs and providers before running it again.',
        data: {
          issue: 'failure_rate',
          appId: 'flaky',
          appName: 'Flaky',
          windowDays: 30,
          runs: 4,
          failed: 2,
          failureRate: 0.5,
          topError: 'timeout',
        },
        createdAt: day(2),
      },
      {
        id: id('optimization', 'flaky|quality_retries'),
        type: 'optimization',
        status: 'open',
        priority: 3,
        title: '"Flaky" often needs quality retries',
        summary:
          '2 of 4 runs in the last 30 days needed quality retries (5 extra attempts). Sharpen its prompt or brand guidance, or review the quality threshold.',
        data: {
          issue: 'quality_retries',
          appId: 'flaky',
          appName: 'Flaky',
          windowDays: 30,
          runs: 4,
          retriedRuns: 2,
          retryRate: 0.5,
          extraAttempts: 5,
        },
        createdAt: day(3),
      },
    ]);
  });
});

describe('selectRecommendations', () => {
  const rec = (
    key: string,
    priority: number,
    days: number,
    data: Record<string, unknown>,
  ): Recommendation => ({
    id: key,
    type: 'gap_analysis',
    status: 'open',
    priority,
    title: key,
    summary: '',
    data,
    createdAt: day(days),
  });
  const all = [
    rec('c', 2, 5, { platform: 'linkedin' }),
    rec('a', 1, 9, { appId: 'x' }),
    rec('d', 2, 1, { platform: 'Instagram', modality: 'image' }),
    rec('b', 2, 1, { campaignId: 'spring' }),
  ];

  test('orders by priority, then newest evidence, then id; limit cuts', () => {
    expect(selectRecommendations(all, {}, 10).map((r) => r.id)).toEqual(['a', 'b', 'd', 'c']);
    expect(selectRecommendations(all, {}, 2).map((r) => r.id)).toEqual(['a', 'b']);
  });

  test('filters match the same field of data, case-insensitively; a missing field never matches', () => {
    expect(selectRecommendations(all, { platform: 'instagram' }, 10).map((r) => r.id)).toEqual(['d']);
    expect(selectRecommendations(all, { platform: 'instagram', modality: 'video' }, 10)).toEqual([]);
    expect(selectRecommendations(all, { campaignId: 'spring' }, 10).map((r) => r.id)).toEqual(['b']);
    expect(selectRecommendations(all, { objectiveId: 'o' }, 10)).toEqual([]);
  });
});
