import type { FittedModel } from '../../core/discovery/judgement/confidence';

export interface Sample<F extends object> {
  x: F;
  y: 0 | 1;
}

const STEPS = 3000;
const RATE = 0.5;

/**
 * Logistic regression by full-batch gradient descent from zero: the same samples give the same model.
 * With `standardise`, features are standardised while fitting (the fixed number of steps converges
 * whatever a feature's scale, and the L2 penalty weighs every feature alike) and the weights are
 * returned on the raw features. `l2` keeps weights of rare features small so one odd brief does not
 * swing them.
 */
export function fitLogistic<F extends object>(
  samples: Sample<F>[],
  names: (keyof F)[],
  options: { l2: number; standardise: boolean },
): FittedModel {
  const { l2 } = options;
  const raw = samples.map((s) => names.map((f) => s.x[f] as number));
  const { mean, spread } = options.standardise
    ? scaleOf(raw, names.length)
    : { mean: names.map(() => 0), spread: names.map(() => 1) };
  const rows = raw.map((row) => row.map((v, k) => (v - mean[k]) / spread[k]));
  const n = names.length;
  const w = new Array<number>(n).fill(0);
  let b = 0;
  for (let step = 0; step < STEPS; step++) {
    const grad = new Array<number>(n).fill(0);
    let gradB = 0;
    rows.forEach((row, i) => {
      const z = row.reduce((sum, v, k) => sum + v * w[k], b);
      const error = 1 / (1 + Math.exp(-z)) - samples[i].y;
      for (let k = 0; k < n; k++) grad[k] += error * row[k];
      gradB += error;
    });
    for (let k = 0; k < n; k++) w[k] -= RATE * (grad[k] / rows.length + l2 * w[k]);
    b -= (RATE * gradB) / rows.length;
  }
  const weights = w.map((wk, k) => wk / spread[k]);
  return {
    bias: b - weights.reduce((sum, wk, k) => sum + wk * mean[k], 0),
    weights: Object.fromEntries(names.map((f, k) => [f as string, weights[k]])),
  };
}

/** Each column's mean and standard deviation (1 for a constant column, which then weighs nothing). */
function scaleOf(rows: number[][], n: number): { mean: number[]; spread: number[] } {
  const count = Math.max(1, rows.length);
  const mean = Array.from({ length: n }, (_, k) => rows.reduce((s, r) => s + r[k], 0) / count);
  const spread = Array.from({ length: n }, (_, k) => {
    const sd = Math.sqrt(rows.reduce((s, r) => s + (r[k] - mean[k]) ** 2, 0) / count);
    return sd > 1e-9 ? sd : 1;
  });
  return { mean, spread };
}
