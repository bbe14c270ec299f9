import type { DiscoveryCandidate } from './candidate';
import type { DiscoveryMatch } from './match';
import type { ExampleVotes } from './judgement/example-votes';

/** An app whose share of the nearest example requests' votes reaches this is a near miss worth offering. */
export const NEAR_MISS_VOTE = 0.3;
const MAX_NEAR_MISSES = 3;

/**
 * When no app reaches the listing threshold, the apps that requests worded like this one were made
 * with (the nearest labelled examples' votes), best first: offered as candidates, never run. A brief
 * told as a situation ("my grandma keeps asking how to video call us") often shares no word with the
 * app it needs, while people who asked the same way did use it. Apps the brief rules out, or the
 * caller's constraints remove, are not offered.
 */
export function nearMissesByExamples(
  examples: ExampleVotes | undefined,
  usable: DiscoveryCandidate[],
  scored: Map<string, number>,
): DiscoveryMatch[] {
  if (!examples) return [];
  return usable
    .map((candidate) => ({ candidate, vote: examples.apps.get(candidate.appId) ?? 0 }))
    .filter((c) => c.vote >= NEAR_MISS_VOTE)
    .sort((a, b) => b.vote - a.vote || a.candidate.name.localeCompare(b.candidate.name))
    .slice(0, MAX_NEAR_MISSES)
    .map(({ candidate, vote }) => ({
      appId: candidate.appId,
      name: candidate.name,
      description: candidate.description,
      relevanceScore: scored.get(candidate.appId) ?? 0,
      capabilities: candidate.capabilities,
      estimatedCredits: candidate.estimatedCredits,
      whyMatch: `${candidate.name}: requests worded like this one were made with it (${Math.round(vote * 100)}% of the nearest examples), though the brief's own words do not name what it makes.`,
      matchReasons: [],
      confidence: 0,
    }));
}
