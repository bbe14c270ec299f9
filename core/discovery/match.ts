import type { DiscoveryCandidate } from './candidate';
import type { MatchReason } from './match-reasons';

/**
 * An app as discovery ranks it for a brief: what rankApps lists, and what the verdict and the score
 * adjustments read. Its own file, below rank-apps.ts, so they share it without importing the ranking.
 */
export interface DiscoveryMatch {
  appId: string;
  name: string;
  description: string | null;
  relevanceScore: number;
  capabilities: DiscoveryCandidate['capabilities'];
  estimatedCredits: number;
  whyMatch: string;
  matchReasons: MatchReason[];
  /** Calibrated likelihood that this is the app the brief wants: the order of the matches. */
  confidence: number;
}
