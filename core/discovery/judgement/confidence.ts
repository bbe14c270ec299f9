import { z } from 'zod';
import weightsFile from './weights.json';
import { LEXICAL_FEATURES, SEMANTIC_FEATURES, type AppFeatures } from './features';

/**
 * The calibrated models: logistic regressions over an app's features (lexical alone, or with the
 * embeddings' similarity), fitted by `npm run bench:train-judgement` on the bench's dev split and
 * outsider-written training sets (never the held-out split or the probe), each with the run
 * threshold chosen there so that wrong-app runs and no-fit runs stay under the issue's limits.
 */
const Model = z.object({
  bias: z.number(),
  weights: z.record(z.string(), z.number()),
  /** Below this confidence content creation does not run the app: it asks or offers candidates. */
  runThreshold: z.number().min(0).max(1),
});
export const JudgementWeights = z
  .object({
    comment: z.string(),
    lexical: Model,
    semantic: Model,
    trainedOn: z.object({ briefs: z.number().int(), sets: z.array(z.string()) }),
  })
  .refine(
    (w) => LEXICAL_FEATURES.every((f) => f in w.lexical.weights),
    'the lexical model needs every lexical weight',
  )
  .refine(
    (w) => SEMANTIC_FEATURES.every((f) => f in w.semantic.weights),
    'the semantic model needs every weight',
  );
export type JudgementWeights = z.infer<typeof JudgementWeights>;
export type ModelKind = 'lexical' | 'semantic';
export type FittedModel = Pick<z.infer<typeof Model>, 'bias' | 'weights'>;

const MODELS: JudgementWeights = JudgementWeights.parse(weightsFile);

export const featuresOf = (kind: ModelKind) => (kind === 'semantic' ? SEMANTIC_FEATURES : LEXICAL_FEATURES);

export function runThresholdOf(kind: ModelKind): number {
  return MODELS[kind].runThreshold;
}

/** The likelihood, 0..1, that the app is the one the brief wants, under given weights. */
export function confidenceWith(model: FittedModel, f: AppFeatures, names: (keyof AppFeatures)[]): number {
  const logit = names.reduce((sum, name) => sum + (model.weights[name] ?? 0) * f[name], model.bias);
  return 1 / (1 + Math.exp(-logit));
}

/** The shipped model's confidence, rounded to three places so answers stay stable. */
export function confidenceOf(f: AppFeatures, kind: ModelKind): number {
  return Math.round(confidenceWith(MODELS[kind], f, featuresOf(kind)) * 1000) / 1000;
}
