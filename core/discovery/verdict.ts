import type { DiscoveryCandidate } from './candidate';
import type { Exclusion } from './out-of-scope';
import type { DiscoveryMatch } from './match';
import type { AppScore } from './score-app';

/** Whether any app fits the brief, and why not when none does: discovery's and content/create's one decision. */
export interface DiscoveryVerdict {
  status: 'fit' | 'unmatched';
  /** For unmatched: what the brief asks that no app does, or that nothing matched. */
  reason: string | null;
}

/**
 * The one threshold: an app with a calibrated relevance below it does not fit the brief. Scores
 * are calibrated so that about half of the evidence matched in a name or tag lands near here; on
 * the bench's dev split no brief without a fitting app scores between 0.2 and 0.25, while briefs
 * that ask for an app in words it does not use ("that talking-to-camera vibe") do.
 */
export const FIT_THRESHOLD = 0.2;

/**
 * Fit when the best match reaches FIT_THRESHOLD. Otherwise the reason names what ruled the apps
 * out when one check ruled out every app that matched at all, else the best score.
 */
export function verdictOf(
  matches: Pick<DiscoveryMatch, 'appId' | 'name' | 'relevanceScore'>[],
  exclusions: Map<string, Exclusion[]>,
  candidates: DiscoveryCandidate[],
  scores: Map<string, AppScore>,
): DiscoveryVerdict {
  const best = matches[0];
  const asked = best ? (scores.get(best.appId)?.requestMatched ?? true) : false;
  if (best && best.relevanceScore >= FIT_THRESHOLD && asked) return { status: 'fit', reason: null };
  if (best && best.relevanceScore >= FIT_THRESHOLD)
    return {
      status: 'unmatched',
      reason: `No app fits the brief: "${best.name}" matches only what the content is about, not the thing the brief asks to make.`,
    };
  const all = [...exclusions.values()].flat();
  const common = (['operation', 'format', 'scale', 'media', 'excluded'] as const).find((k) =>
    all.some((e) => e.kind === k),
  );
  if (common && exclusions.size === candidates.length) {
    const first = all.find((e) => e.kind === common)!;
    return {
      status: 'unmatched',
      reason: `No app can do what the brief asks: ${first.explanation.replace(/, which .*$/, '')}, and no app in the catalog does that.`,
    };
  }
  const why = best
    ? `the best candidate, "${best.name}", scored ${best.relevanceScore} (a fit needs ${FIT_THRESHOLD})`
    : 'no app matches its words';
  const ruledOut = [...new Set(all.map((e) => e.explanation))].slice(0, 2);
  return {
    status: 'unmatched',
    reason: `No app fits the brief: ${why}${ruledOut.length > 0 ? `; ${ruledOut.join('; ')}` : ''}.`,
  };
}
