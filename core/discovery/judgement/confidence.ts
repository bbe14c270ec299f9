import { z } from 'zod';
import weightsFile from './weights.json';
import { LEXICAL_FEATURES, SEMANTIC_FEATURES, type AppFeatures } from './features';
import { LEXICAL_RUN_FEATURES, SEMANTIC_RUN_FEATURES, runFeaturesOf, type RunFeatures } from './run-features';

/**
 * The calibrated judgement, in two stages, each a logistic regression fitted by
 * `npm run bench:train-judgement` on the bench's dev split and outsider-written training sets (never
 * the held-out split or a probe):
 * 1. the app model: for each listed app, the likelihood that it is the app the brief wants, were any
 *    app to fit (fitted on briefs an app fits);
 * 2. the run model: for the likeliest app, the likelihood that running it is right (fitted on every
 *    brief discovery calls fit, so briefs no app fits teach it too), with the run threshold chosen
 *    there so that wrong-app runs and no-fit runs stay under the issue's limits.
 * Lexical models always; semantic ones add the local embeddings' similarity as evidence.
 */
const Model = z.object({ bias: z.number(), weights: z.record(z.string(), z.number()) });
const Judgement = z.object({
  app: Model,
  run: Model,
  /** Below this run confidence content creation does not run the app: it asks or offers candidates. */
  runThreshold: z.number().min(0).max(1),
});
const hasAll = (model: z.infer<typeof Model>, names: string[]) => names.every((f) => f in model.weights);
export const JudgementWeights = z
  .object({
    comment: z.string(),
    lexical: Judgement,
    semantic: Judgement,
    trainedOn: z.object({ briefs: z.number().int(), sets: z.array(z.string()) }),
  })
  .refine(
    (w) => hasAll(w.lexical.app, LEXICAL_FEATURES) && hasAll(w.lexical.run, LEXICAL_RUN_FEATURES),
    'the lexical models need every lexical weight',
  )
  .refine(
    (w) => hasAll(w.semantic.app, SEMANTIC_FEATURES) && hasAll(w.semantic.run, SEMANTIC_RUN_FEATURES),
    'the semantic models need every weight',
  );
export type JudgementWeights = z.infer<typeof JudgementWeights>;
export type ModelKind = 'lexical' | 'semantic';
export type FittedModel = z.infer<typeof Model>;

const MODELS: JudgementWeights = JudgementWeights.parse(weightsFile);

export const featuresOf = (kind: ModelKind) => (kind === 'semantic' ? SEMANTIC_FEATURES : LEXICAL_FEATURES);
export const runFeaturesFor = (kind: ModelKind) =>
  kind === 'semantic' ? SEMANTIC_RUN_FEATURES : LEXICAL_RUN_FEATURES;

export function runThresholdOf(kind: ModelKind): number {
  return MODELS[kind].runThreshold;
}

/** The likelihood, 0..1, a logistic model gives named features. */
export function confidenceWith<F extends object>(model: FittedModel, f: F, names: (keyof F)[]): number {
  const logit = names.reduce(
    (sum, name) => sum + (model.weights[name as string] ?? 0) * (f[name] as number),
    model.bias,
  );
  return 1 / (1 + Math.exp(-logit));
}

const rounded = (p: number) => Math.round(p * 1000) / 1000;

/** The app model's likelihood that this app is the one the brief wants, to three places. */
export function confidenceOf(f: AppFeatures, kind: ModelKind): number {
  return rounded(confidenceWith(MODELS[kind].app, f, featuresOf(kind)));
}

/** The run model's likelihood that running the likeliest app is right, to three places. */
export function runConfidenceOf(
  first: AppFeatures,
  likelihood: number,
  runnerUp: number,
  kind: ModelKind,
): number {
  const f: RunFeatures = runFeaturesOf(first, likelihood, runnerUp);
  return rounded(confidenceWith(MODELS[kind].run, f, runFeaturesFor(kind)));
}
