import type { IntentMedium } from '../intent';
import type { ExampleVotes } from './example-votes';

/**
 * What the ranking knows about one app for one brief, as bounded numbers a calibrated model weighs
 * into the likelihood that this app is the one the brief wants. Lexical features always; semantic
 * ones when an embeddings model is configured (0 otherwise, and the lexical model is used).
 */
export interface AppFeatures {
  /** The app's relevance score, 0..1. */
  relevance: number;
  /** Its relevance minus the best other app's, -1..1. */
  relevanceLead: number;
  /** 1 / its place in the relevance order. */
  relevanceRank: number;
  /** It matches a word of the request itself, not only the topic. */
  requestMatched: number;
  /** Share of the brief's known evidence it covers. */
  coverage: number;
  /** How much of its name or an alias the brief asks for. */
  nameCoverage: number;
  /** It outputs the medium the brief names (1 when none is named). */
  mediumMet: number;
  /** It was reached only through words the brief implies, not ones it writes. */
  impliedOnly: number;
  /** The brief names a medium in its own request words. */
  mediumNamed: number;
  /** Share of the catalog the brief's asks rule out (operations, formats, scale ...). */
  excludedShare: number;
  /** Share of the request's evidence words no app's words know. */
  unknownShare: number;
  /** Request words that count as evidence, log-scaled to 0..1 at 20 words. */
  requestWords: number;
  /** Discovery's verdict said fit. */
  verdictFit: number;
  /** Cosine similarity of the brief and the app's text (semantic model only). */
  similarity: number;
  /** Its similarity minus the best other app's (semantic model only). */
  similarityLead: number;
  /** 1 / its place in the similarity order (semantic model only). */
  similarityRank: number;
  /**
   * How much closer the brief is to the nearest thing no app makes (out-of-scope-kinds.json) than to
   * the closest app, -1..1 (semantic model only).
   */
  outOfScopeLead: number;
  /** Share of the nearest labelled example requests that name this app (semantic model only). */
  exampleVote: number;
  /** Its example vote minus the best other app's (semantic model only). */
  exampleLead: number;
  /** Share of the nearest labelled example requests no app fits (semantic model only). */
  exampleNone: number;
}

export const LEXICAL_FEATURES: (keyof AppFeatures)[] = [
  'relevance',
  'relevanceLead',
  'relevanceRank',
  'requestMatched',
  'coverage',
  'nameCoverage',
  'mediumMet',
  'impliedOnly',
  'mediumNamed',
  'excludedShare',
  'unknownShare',
  'requestWords',
  'verdictFit',
];
export const SEMANTIC_FEATURES: (keyof AppFeatures)[] = [
  ...LEXICAL_FEATURES,
  'similarity',
  'similarityLead',
  'similarityRank',
  'outOfScopeLead',
  'exampleVote',
  'exampleLead',
  'exampleNone',
];

/** What the brief as a whole contributes to every app's features. */
export interface BriefFacts {
  medium: IntentMedium;
  excluded: number;
  candidates: number;
  requestWords: number;
  unknownWords: number;
  verdictFit: boolean;
  /** The brief's similarity to the nearest kind of request no app makes, when embeddings ran. */
  outOfScope?: number;
}

/** One app as the ranking scored it. */
export interface ScoredApp {
  appId: string;
  relevance: number;
  requestMatched: boolean;
  coverage: number;
  nameCoverage: number;
  outputs: string[];
  impliedOnly: boolean;
}

/**
 * The features of every scored app; `semantic` holds each candidate's similarity when embeddings ran,
 * `examples` the votes of the brief's nearest labelled example requests.
 */
export function appFeatures(
  apps: ScoredApp[],
  brief: BriefFacts,
  semantic?: Map<string, number>,
  examples?: ExampleVotes,
): Map<string, AppFeatures> {
  const byRelevance = [...apps].sort((a, b) => b.relevance - a.relevance);
  const similarities = semantic ? [...semantic.entries()].sort((a, b) => b[1] - a[1]) : [];
  const named = brief.medium !== 'mixed';
  const closestApp = Math.max(0, ...similarities.map(([, s]) => s));
  const outOfScopeLead = brief.outOfScope === undefined ? 0 : brief.outOfScope - closestApp;
  const out = new Map<string, AppFeatures>();
  for (const app of apps) {
    const bestOther = Math.max(0, ...apps.filter((a) => a.appId !== app.appId).map((a) => a.relevance));
    const similarity = semantic?.get(app.appId);
    const bestOtherSimilarity = Math.max(
      0,
      ...similarities.filter(([id]) => id !== app.appId).map(([, s]) => s),
    );
    out.set(app.appId, {
      relevance: app.relevance,
      relevanceLead: app.relevance - bestOther,
      relevanceRank: 1 / (byRelevance.findIndex((a) => a.appId === app.appId) + 1),
      requestMatched: app.requestMatched ? 1 : 0,
      coverage: app.coverage,
      nameCoverage: app.nameCoverage,
      mediumMet: !named || app.outputs.includes(brief.medium) ? 1 : 0,
      impliedOnly: app.impliedOnly ? 1 : 0,
      mediumNamed: named ? 1 : 0,
      excludedShare: brief.candidates > 0 ? brief.excluded / brief.candidates : 0,
      unknownShare: brief.requestWords > 0 ? brief.unknownWords / brief.requestWords : 0,
      requestWords: Math.min(1, Math.log1p(brief.requestWords) / Math.log1p(20)),
      verdictFit: brief.verdictFit ? 1 : 0,
      similarity: similarity ?? 0,
      similarityLead: similarity === undefined ? 0 : similarity - bestOtherSimilarity,
      similarityRank:
        similarity === undefined ? 0 : 1 / (similarities.findIndex(([id]) => id === app.appId) + 1),
      outOfScopeLead,
      ...exampleFeatures(app.appId, examples),
    });
  }
  return out;
}

/** An app's share of the example votes, its lead over the best other app's and the share for none. */
function exampleFeatures(
  appId: string,
  examples: ExampleVotes | undefined,
): Pick<AppFeatures, 'exampleVote' | 'exampleLead' | 'exampleNone'> {
  if (!examples) return { exampleVote: 0, exampleLead: 0, exampleNone: 0 };
  const vote = examples.apps.get(appId) ?? 0;
  const bestOther = Math.max(0, ...[...examples.apps].filter(([id]) => id !== appId).map(([, v]) => v));
  return { exampleVote: vote, exampleLead: vote - bestOther, exampleNone: examples.none };
}
