import type { Caller } from '../../core/app/app-access';
import type { DiscoveryConstraints } from '../../core/discovery/constraints';
import { runThresholdOf } from '../../core/discovery/judgement/confidence';
import { rankApps } from '../../core/discovery/rank-apps';
import type { ApiDeps } from '../deps';
import type { SemanticScorer } from './semantic-scorer';
import { usableApps } from './usable-apps';

/**
 * POST /v1/apps/discover: the apps the caller may use, ranked for an intent, with the reasons for
 * each, and how sure the ranking is of its first match (the confidence content/create acts on).
 */
export async function discoverApps(
  deps: ApiDeps,
  caller: Caller,
  request: { intent: string; constraints?: DiscoveryConstraints; limit: number },
  semantic: SemanticScorer,
) {
  const candidates = (await usableApps(deps, caller)).map((a) => a.candidate);
  const { matches, intent, verdict, judgement } = rankApps(request.intent, candidates, {
    constraints: request.constraints,
    limit: request.limit,
    semantic: await semantic(request.intent, candidates),
  });
  // Near misses are what content creation offers when nothing is listed; discovery lists matches only.
  return {
    matches,
    intent,
    verdict,
    confidence: {
      value: judgement.confidence,
      runThreshold: runThresholdOf(judgement.model),
      model: judgement.model,
    },
  };
}
