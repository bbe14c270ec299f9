import { z } from 'zod';
import weightsFile from './weights.json';
import { FEATURE_NAMES, type JudgementFeatures } from './features';

/**
 * The calibrated model: a logistic regression over the ranking's features, fitted by
 * `npm run bench:train-judgement` on the bench's dev split (never the held-out split), with the run
 * threshold chosen there so that wrong-app runs and no-fit runs stay under the limits.
 */
export const JudgementWeights = z
  .object({
    comment: z.string(),
    bias: z.number(),
    weights: z.record(z.string(), z.number()),
    /** Below this confidence content creation does not run the first app: it asks or offers candidates. */
    runThreshold: z.number().min(0).max(1),
    trainedOn: z.object({ briefs: z.number().int(), sets: z.array(z.string()) }),
  })
  .refine((w) => FEATURE_NAMES.every((f) => f in w.weights), { message: 'every feature needs a weight' });
export type JudgementWeights = z.infer<typeof JudgementWeights>;

const MODEL: JudgementWeights = JudgementWeights.parse(weightsFile);

export const RUN_THRESHOLD = MODEL.runThreshold;

/** The likelihood, 0..1, that the ranking's first app is the one the brief wants, under given weights. */
export function confidenceWith(
  model: Pick<JudgementWeights, 'bias' | 'weights'>,
  f: JudgementFeatures,
): number {
  const logit = FEATURE_NAMES.reduce((sum, name) => sum + (model.weights[name] ?? 0) * f[name], model.bias);
  return 1 / (1 + Math.exp(-logit));
}

/** The shipped model's confidence, rounded to three places so answers stay stable. */
export function confidenceOf(f: JudgementFeatures): number {
  return Math.round(confidenceWith(MODEL, f) * 1000) / 1000;
}
