import { FEATURE_NAMES, type JudgementFeatures } from '../../core/discovery/judgement/features';

export interface Sample {
  x: JudgementFeatures;
  y: 0 | 1;
}

export interface FittedModel {
  bias: number;
  weights: Record<string, number>;
}

const STEPS = 4000;
const RATE = 0.5;
/** L2 penalty: keeps weights of rare features small so one odd brief does not swing them. */
const L2 = 0.002;

/** Logistic regression by full-batch gradient descent from zero: the same samples give the same model. */
export function fitLogistic(samples: Sample[]): FittedModel {
  const n = FEATURE_NAMES.length;
  const w = new Array<number>(n).fill(0);
  let b = 0;
  const rows = samples.map((s) => FEATURE_NAMES.map((f) => s.x[f]));
  for (let step = 0; step < STEPS; step++) {
    const grad = new Array<number>(n).fill(0);
    let gradB = 0;
    rows.forEach((row, i) => {
      const z = row.reduce((sum, v, k) => sum + v * w[k], b);
      const error = 1 / (1 + Math.exp(-z)) - samples[i].y;
      for (let k = 0; k < n; k++) grad[k] += error * row[k];
      gradB += error;
    });
    for (let k = 0; k < n; k++) w[k] -= RATE * (grad[k] / rows.length + L2 * w[k]);
    b -= (RATE * gradB) / rows.length;
  }
  return { bias: b, weights: Object.fromEntries(FEATURE_NAMES.map((f, k) => [f, w[k]])) };
}
