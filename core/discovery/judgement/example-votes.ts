import { cosine } from '../cosine';

/**
 * Labelled example requests (`examples.json`, written by the judgement trainer from the outsider-written
 * training briefs and the bench's dev split): what people asked, and the app that made it or none.
 * Briefs written by other hands share their wording with unseen briefs far more than the catalog's own
 * prose does, so the nearest examples are a signal that generalises where the rules do not.
 */
export interface LabelledExample {
  text: string;
  /** The catalog app that fits the request, or null when none does. */
  appId: string | null;
}

export interface EmbeddedExample {
  vector: number[];
  appId: string | null;
}

/** How the nearest examples vote: a share per app and for "no app fits", summing to 1. */
export interface ExampleVotes {
  apps: Map<string, number>;
  none: number;
}

/** Examples that vote for a brief, and how sharply the closest outweigh the rest (softmax temperature). */
export const NEAREST_EXAMPLES = 10;
const TEMPERATURE = 0.05;

/**
 * The votes of the brief's nearest examples, each weighted by exp(similarity / temperature). Examples
 * of apps the caller cannot use are left out; an example of no fitting app votes `none`. Ties in
 * similarity keep the examples' order, so the same brief always gets the same votes.
 */
export function exampleVotes(
  brief: number[],
  examples: EmbeddedExample[],
  usable: ReadonlySet<string>,
): ExampleVotes | undefined {
  const nearest = examples
    .filter((e) => e.appId === null || usable.has(e.appId))
    .map((e, order) => ({ appId: e.appId, similarity: cosine(brief, e.vector), order }))
    .sort((a, b) => b.similarity - a.similarity || a.order - b.order)
    .slice(0, NEAREST_EXAMPLES);
  if (nearest.length === 0) return undefined;
  const top = nearest[0].similarity;
  const weighted = nearest.map((n) => ({ appId: n.appId, w: Math.exp((n.similarity - top) / TEMPERATURE) }));
  const total = weighted.reduce((sum, n) => sum + n.w, 0);
  const apps = new Map<string, number>();
  let none = 0;
  for (const { appId, w } of weighted) {
    if (appId === null) none += w / total;
    else apps.set(appId, (apps.get(appId) ?? 0) + w / total);
  }
  const round = (x: number) => Math.round(x * 10000) / 10000;
  return { apps: new Map([...apps].map(([id, v]) => [id, round(v)])), none: round(none) };
}
