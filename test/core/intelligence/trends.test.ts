import type { ActivityEvent } from '../../../core/intelligence/activity';
import { rankTrends, type StoredSignal } from '../../../core/intelligence/trends';

const NOW = new Date('2025-06-30T00:00:00Z');
const day = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const run = (days: number, ...features: [string, string][]): ActivityEvent => ({
  source: 'run',
  at: day(days),
  platform: 'all',
  features: features.map(([category, label]) => ({
    category: category as 'topic',
    key: label.toLowerCase(),
    label,
  })),
});
const signal = (s: Partial<StoredSignal> & { signal: string }): StoredSignal => ({
  category: 'topic',
  platform: 'instagram',
  growth: '+50%',
  confidence: 'medium',
  observedAt: day(1),
  ...s,
});

/**
 *   window 10 days     previous (10..20)          current (0..10)
 *   "oat" topic        1 run                      3 runs (the newest on day 2)
 *   "Bold" style                                  2 runs ("Bold", "bold": a tie, shown as "bold")
 *   "tea" topic        2 runs                     1 run
 *   day 25             "ancient" (outside both windows, ignored)
 */
const EVENTS = [
  run(15, ['topic', 'oat'], ['topic', 'tea']),
  run(12, ['topic', 'tea']),
  run(9, ['topic', 'oat'], ['visual_style', 'Bold']),
  run(5, ['topic', 'oat'], ['visual_style', 'bold'], ['topic', 'tea']),
  run(2, ['topic', 'oat']),
  run(25, ['topic', 'ancient']),
];

describe('rankTrends', () => {
  test('compares the windows, ranks by growth x confidence and keeps the newest stored observation', () => {
    const stored = [
      signal({ signal: 'latte art', growth: '-10%', observedAt: day(3) }),
      signal({ signal: 'Latte Art', growth: '+120%', confidence: 'high', observedAt: day(1) }),
      signal({ signal: 'cold brew', growth: 'new', confidence: 'low' }),
    ];
    expect(rankTrends({ stored, events: EVENTS, now: NOW, windowDays: 10, limit: 10 })).toEqual([
      {
        signal: 'Latte Art',
        category: 'topic',
        platform: 'instagram',
        growth: '+120%',
        confidence: 'high',
        source: 'signal',
        growthValue: 1.2,
        score: 1.2,
        observedAt: day(1),
      },
      {
        signal: 'bold',
        category: 'visual_style',
        platform: 'all',
        growth: 'new',
        confidence: 'low',
        source: 'activity',
        growthValue: 2,
        score: 0.8,
        observedAt: day(5),
        counts: { current: 2, previous: 0 },
      },
      {
        signal: 'oat',
        category: 'topic',
        platform: 'all',
        growth: '+200%',
        confidence: 'low',
        source: 'activity',
        growthValue: 1,
        score: 0.4,
        observedAt: day(2),
        counts: { current: 3, previous: 1 },
      },
      {
        signal: 'cold brew',
        category: 'topic',
        platform: 'instagram',
        growth: 'new',
        confidence: 'low',
        source: 'signal',
        growthValue: 1,
        score: 0.4,
        observedAt: day(1),
      },
      {
        signal: 'tea',
        category: 'topic',
        platform: 'all',
        growth: '-50%',
        confidence: 'low',
        source: 'activity',
        growthValue: 2 / 3 - 1,
        score: (2 / 3 - 1) * 0.4,
        observedAt: day(5),
        counts: { current: 1, previous: 2 },
      },
    ]);
  });

  test('category and platform filters apply to both sources; limit cuts the tail', () => {
    const stored = [
      signal({ signal: 'quiet luxury', category: 'visual_style', growth: '+150%' }),
      signal({ signal: 'oat', platform: 'tiktok' }),
    ];
    const styles = rankTrends({
      stored,
      events: EVENTS,
      now: NOW,
      windowDays: 10,
      category: 'Visual_Style',
      limit: 10,
    });
    expect(styles.map((t) => [t.signal, t.platform])).toEqual([
      ['quiet luxury', 'instagram'],
      ['bold', 'all'],
    ]);
    const tiktok = rankTrends({
      stored,
      events: EVENTS,
      now: NOW,
      windowDays: 10,
      platform: 'tiktok',
      limit: 10,
    });
    expect(tiktok.map((t) => [t.signal, t.source])).toEqual([['oat', 'signal']]);
    expect(rankTrends({ stored, events: EVENTS, now: NOW, windowDays: 10, limit: 2 })).toHaveLength(2);
  });

  test('a stored signal and an activity signal naming the same thing: the higher score stays', () => {
    const stored = [signal({ signal: 'oat', platform: 'all', growth: '+10%', confidence: 'high' })];
    const [oat] = rankTrends({
      stored,
      events: EVENTS,
      now: NOW,
      windowDays: 10,
      category: 'topic',
      limit: 1,
    });
    expect([oat.source, oat.growth]).toEqual(['activity', '+200%']);
  });

  test('nothing stored and no activity gives no trends', () => {
    expect(rankTrends({ stored: [], events: [], now: NOW, windowDays: 30, limit: 20 })).toEqual([]);
  });
});
