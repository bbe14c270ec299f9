import type { AppFeatures } from './features';

/**
 * What the run decision knows about the likeliest app: the evidence that the brief asks for something
 * the catalog makes at all (request words no app knows, what it rules out, how close it is to a kind of
 * request no app makes), with how the first stage rated that app and its lead over the runner-up. The
 * first stage answers "which app, if any fits"; this one "is running it right", so a brief no app fits
 * and a brief torn between two apps both stay below the run threshold.
 */
export type RunFeatures = Pick<
  AppFeatures,
  | 'relevance'
  | 'relevanceLead'
  | 'requestMatched'
  | 'coverage'
  | 'mediumMet'
  | 'excludedShare'
  | 'unknownShare'
  | 'requestWords'
  | 'verdictFit'
  | 'similarity'
  | 'similarityLead'
  | 'outOfScopeLead'
  | 'exampleVote'
  | 'exampleLead'
  | 'exampleNone'
> & {
  /** The first stage's likelihood that the app is the one the brief wants. */
  likelihood: number;
  /** Its likelihood minus the runner-up's. */
  likelihoodLead: number;
};

export const LEXICAL_RUN_FEATURES: (keyof RunFeatures)[] = [
  'relevance',
  'relevanceLead',
  'requestMatched',
  'coverage',
  'mediumMet',
  'excludedShare',
  'unknownShare',
  'requestWords',
  'verdictFit',
  'likelihood',
  'likelihoodLead',
];
export const SEMANTIC_RUN_FEATURES: (keyof RunFeatures)[] = [
  ...LEXICAL_RUN_FEATURES,
  'similarity',
  'similarityLead',
  'outOfScopeLead',
  'exampleVote',
  'exampleLead',
  'exampleNone',
];

/** The run features of the likeliest app, from its app features and the first stage's two best likelihoods. */
export function runFeaturesOf(first: AppFeatures, likelihood: number, runnerUp: number): RunFeatures {
  return {
    relevance: first.relevance,
    relevanceLead: first.relevanceLead,
    requestMatched: first.requestMatched,
    coverage: first.coverage,
    mediumMet: first.mediumMet,
    excludedShare: first.excludedShare,
    unknownShare: first.unknownShare,
    requestWords: first.requestWords,
    verdictFit: first.verdictFit,
    similarity: first.similarity,
    similarityLead: first.similarityLead,
    outOfScopeLead: first.outOfScopeLead,
    exampleVote: first.exampleVote,
    exampleLead: first.exampleLead,
    exampleNone: first.exampleNone,
    likelihood,
    likelihoodLead: likelihood - runnerUp,
  };
}
