import type { TrendSignal } from '../brand/brand-context';
import { ALL_PLATFORMS, type ActivityEvent } from './activity';
import { confidenceOf, confidenceWeight, growthOf, parseGrowth } from './growth';
import { DAY_MS } from './limits';

/** A stored trend signal (imported by an operator) with the time it was observed. */
export interface StoredSignal extends TrendSignal {
  observedAt: Date;
}

/** A trend as ranked: the contract's fields, plus what ranking and recommendations need. */
export interface RankedTrend extends TrendSignal {
  source: 'signal' | 'activity';
  /** Growth value × confidence weight. */
  score: number;
  growthValue: number;
  /** The newest evidence: the signal's observation, or the last run or publication that showed it. */
  observedAt: Date;
  /** Activity only: occurrences in the current and the previous window. */
  counts?: { current: number; previous: number };
}

export interface TrendInput {
  stored: StoredSignal[];
  /** Runs and publications of the current and previous window; older or later events are ignored. */
  events: ActivityEvent[];
  now: Date;
  windowDays: number;
  category?: string;
  platform?: string;
  limit: number;
}

const identity = (t: { signal: string; category: string; platform: string }) =>
  `${t.category.toLowerCase()}|${t.signal.trim().toLowerCase()}|${t.platform.toLowerCase()}`;

/**
 * The workspace's trends, best first.
 * 1. Stored signals: the newest observation of each (signal, category, platform) counts; its growth text
 *    and confidence label are kept as stored and turned into a ranking value (parseGrowth, confidenceWeight).
 * 2. Activity: each feature (category, key, platform) of a run or publication is counted in the current
 *    window [now - windowDays, now] and the previous one of equal length. Growth compares the two counts
 *    (growthOf), confidence comes from their sum (confidenceOf), the label is the most used written form.
 * 3. The category and platform filters apply to both sources alike (exact, case-insensitive).
 * 4. When a stored signal and an activity signal name the same thing, the higher score is kept.
 * 5. Score = growth value × confidence weight; ties go to more evidence, then to the name; `limit` kept.
 */
export function rankTrends(input: TrendInput): RankedTrend[] {
  const wanted = (t: { category: string; platform: string }) =>
    (!input.category || t.category.toLowerCase() === input.category.toLowerCase()) &&
    (!input.platform || t.platform.toLowerCase() === input.platform.toLowerCase());
  const best = new Map<string, RankedTrend>();
  const offer = (t: RankedTrend) => {
    if (!wanted(t)) return;
    const id = identity(t);
    const held = best.get(id);
    if (!held || t.score > held.score || (t.score === held.score && t.observedAt > held.observedAt))
      best.set(id, t);
  };
  for (const s of newestOfEach(input.stored)) {
    const growthValue = parseGrowth(s.growth);
    offer({
      signal: s.signal,
      category: s.category,
      platform: s.platform,
      growth: s.growth,
      confidence: s.confidence,
      source: 'signal',
      growthValue,
      score: growthValue * confidenceWeight(s.confidence),
      observedAt: s.observedAt,
    });
  }
  for (const t of activityTrends(input.events, input.now, input.windowDays)) offer(t);
  const evidence = (t: RankedTrend) => (t.counts ? t.counts.current + t.counts.previous : 0);
  return [...best.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        evidence(b) - evidence(a) ||
        a.signal.localeCompare(b.signal) ||
        a.platform.localeCompare(b.platform),
    )
    .slice(0, input.limit);
}

function newestOfEach(stored: StoredSignal[]): StoredSignal[] {
  const newest = new Map<string, StoredSignal>();
  for (const s of stored) {
    const held = newest.get(identity(s));
    if (!held || s.observedAt > held.observedAt) newest.set(identity(s), s);
  }
  return [...newest.values()];
}

interface Tally {
  category: string;
  platform: string;
  current: number;
  previous: number;
  labels: Map<string, number>;
  last: Date;
}

function activityTrends(events: ActivityEvent[], now: Date, windowDays: number): RankedTrend[] {
  const windowStart = now.getTime() - windowDays * DAY_MS;
  const previousStart = windowStart - windowDays * DAY_MS;
  const tallies = new Map<string, Tally>();
  for (const event of events) {
    const at = event.at.getTime();
    if (at < previousStart || at > now.getTime()) continue;
    const current = at >= windowStart;
    for (const f of event.features) {
      const id = `${f.category}|${f.key}|${event.platform}`;
      const t = tallies.get(id) ?? {
        category: f.category,
        platform: event.platform,
        current: 0,
        previous: 0,
        labels: new Map(),
        last: event.at,
      };
      if (current) t.current++;
      else t.previous++;
      t.labels.set(f.label, (t.labels.get(f.label) ?? 0) + 1);
      if (event.at > t.last) t.last = event.at;
      tallies.set(id, t);
    }
  }
  return [...tallies.values()].map((t) => {
    const growth = growthOf(t.current, t.previous);
    const confidence = confidenceOf(t.current + t.previous);
    return {
      signal: labelOf(t.labels),
      category: t.category,
      platform: t.platform || ALL_PLATFORMS,
      growth: growth.label,
      confidence,
      source: 'activity' as const,
      growthValue: growth.value,
      score: growth.value * confidenceWeight(confidence),
      observedAt: t.last,
      counts: { current: t.current, previous: t.previous },
    };
  });
}

/** The most used written form; ties to the shortest, then alphabetical. */
function labelOf(labels: Map<string, number>): string {
  return [...labels.entries()].sort(
    (a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]),
  )[0][0];
}
