/** Confidence labels, weakest first; what the trend and prediction endpoints report. */
export const CONFIDENCE_LABELS = ['low', 'medium', 'high'] as const;
export type Confidence = (typeof CONFIDENCE_LABELS)[number];

/** Samples (both windows together) needed for each label. */
const CONFIDENCE_SAMPLES = { high: 20, medium: 5 } as const;
const CONFIDENCE_WEIGHT: Record<Confidence, number> = { low: 0.4, medium: 0.7, high: 1 };

/** Growth values are clamped for ranking, so one +2000% outlier cannot bury everything else. */
export const GROWTH_VALUE_RANGE = { min: -1, max: 5 } as const;
/** What "new" counts for when a stored signal says so: as much as a doubling. */
const NEW_GROWTH_VALUE = 1;

export interface Growth {
  /** `+150%`, `-20%`, `+0%` or `new`. */
  label: string;
  /** For ranking: smoothed and clamped relative change. */
  value: number;
}

const clamp = (v: number) => Math.min(GROWTH_VALUE_RANGE.max, Math.max(GROWTH_VALUE_RANGE.min, v));

/**
 * Growth of a count from the previous window to the current one.
 * 1. Label: `new` when nothing happened before, else the exact relative change, rounded to a whole percent.
 * 2. Value: (current + 1) / (previous + 1) - 1, so one first occurrence counts as a doubling rather than
 *    infinity, and larger samples move towards the exact change; clamped to GROWTH_VALUE_RANGE.
 */
export function growthOf(current: number, previous: number): Growth {
  const value = clamp((current + 1) / (previous + 1) - 1);
  if (previous === 0) return { label: current > 0 ? 'new' : '+0%', value: current > 0 ? value : 0 };
  const pct = Math.round(((current - previous) / previous) * 100);
  return { label: `${pct >= 0 ? '+' : ''}${pct}%`, value };
}

/** The ranking value of a stored growth text: `+150%`/`150%` -> 1.5, `-20%` -> -0.2, `new` -> 1, `3x` -> 2, else 0. */
export function parseGrowth(text: string): number {
  const t = text.trim().toLowerCase();
  if (t === 'new') return NEW_GROWTH_VALUE;
  const pct = /^([+-]?\d+(?:\.\d+)?)\s*%$/.exec(t);
  if (pct) return clamp(Number(pct[1]) / 100);
  const times = /^(\d+(?:\.\d+)?)\s*x$/.exec(t);
  if (times) return clamp(Number(times[1]) - 1);
  return 0;
}

/** A label from how many observations stand behind a signal. */
export function confidenceOf(samples: number): Confidence {
  if (samples >= CONFIDENCE_SAMPLES.high) return 'high';
  if (samples >= CONFIDENCE_SAMPLES.medium) return 'medium';
  return 'low';
}

/** Weight of a stored confidence text: a label, or a number in 0..1; anything else counts as low. */
export function confidenceWeight(text: string): number {
  const t = text.trim().toLowerCase();
  if (t in CONFIDENCE_WEIGHT) return CONFIDENCE_WEIGHT[t as Confidence];
  const n = Number(t);
  if (t !== '' && Number.isFinite(n) && n >= 0 && n <= 1)
    return CONFIDENCE_WEIGHT[n >= 0.75 ? 'high' : n >= 0.4 ? 'medium' : 'low'];
  return CONFIDENCE_WEIGHT.low;
}
