import type { FittedModel } from '../../core/discovery/judgement/confidence';

export interface Sample<F extends object> {
  x: F;
  y: 0 | 1;
}

const STEPS = 3000;
const RATE = 0.5;
/** L2 penalty: keeps weights of rare features small so one odd brief does not swing them. */
const L2 = 0.002;

/** Logistic regression by full-batch gradient descent from zero: the same samples give the same model. */
export function fitLogistic<F extends object>(samples: Sample<F>[], names: (keyof F)[]): FittedModel {
  const n = names.length;
  const w = new Array<number>(n).fill(0);
  let b = 0;
  const rows = samples.map((s) => names.map((f) => s.x[f] as number));
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
  return { bias: b, weights: Object.fromEntries(names.map((f, k) => [f as string, w[k]])) };
}
