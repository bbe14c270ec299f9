import { percent, recommendation, type Recommendation } from './recommendation';

/** One app's runs in the window, as the database counts them. */
export interface AppRunStats {
  appId: string;
  appName: string;
  /** Runs that ended (completed or failed). */
  finished: number;
  failed: number;
  completed: number;
  /** Completed or failed runs in which some node needed more than one quality attempt, and the extra attempts. */
  retriedRuns: number;
  extraAttempts: number;
  lastFailedAt: Date | null;
  lastRetriedAt: Date | null;
  /** The most frequent error message of the failed runs. */
  topError: string | null;
}

/** Below this many runs a rate says nothing. */
export const MIN_RUNS = 3;
export const FAILURE_RATE = { flag: 0.25, urgent: 0.5 } as const;
export const RETRY_RATE = 0.3;

/**
 * Apps that fail or struggle with quality in the window.
 * 1. failures: at least MIN_RUNS finished runs and a failure share of FAILURE_RATE.flag or more; priority 1
 *    from FAILURE_RATE.urgent, else 2; the most frequent error is quoted; evidence time the last failure.
 * 2. quality retries: at least MIN_RUNS finished runs and RETRY_RATE or more of them needing a quality
 *    retry (a node with attempts > 1); priority 3; evidence time the last retried run.
 */
export function optimizations(
  workspaceId: string,
  stats: AppRunStats[],
  windowDays: number,
): Recommendation[] {
  const out: Recommendation[] = [];
  for (const s of stats) {
    if (s.finished < MIN_RUNS) continue;
    const failureRate = s.failed / s.finished;
    if (failureRate >= FAILURE_RATE.flag && s.lastFailedAt)
      out.push(
        recommendation(workspaceId, 'optimization', `${s.appId}|failures`, {
          priority: failureRate >= FAILURE_RATE.urgent ? 1 : 2,
          title: `"${s.appName}" fails ${percent(failureRate)} of its runs`,
          summary: `${s.failed} of ${s.finished} runs failed in the last ${windowDays} days${s.topError ? `; most often: "${s.topError}"` : ''}. Check its inputs and providers before running it again.`,
          data: {
            issue: 'failure_rate',
            appId: s.appId,
            appName: s.appName,
            windowDays,
            runs: s.finished,
            failed: s.failed,
            failureRate: round(failureRate),
            topError: s.topError,
          },
          createdAt: s.lastFailedAt,
        }),
      );
    const retryRate = s.retriedRuns / s.finished;
    if (retryRate >= RETRY_RATE && s.lastRetriedAt)
      out.push(
        recommendation(workspaceId, 'optimization', `${s.appId}|quality_retries`, {
          priority: 3,
          title: `"${s.appName}" often needs quality retries`,
          summary: `${s.retriedRuns} of ${s.finished} runs in the last ${windowDays} days needed quality retries (${s.extraAttempts} extra attempt${s.extraAttempts === 1 ? '' : 's'}). Sharpen its prompt or brand guidance, or review the quality threshold.`,
          data: {
            issue: 'quality_retries',
            appId: s.appId,
            appName: s.appName,
            windowDays,
            runs: s.finished,
            retriedRuns: s.retriedRuns,
            retryRate: round(retryRate),
            extraAttempts: s.extraAttempts,
          },
          createdAt: s.lastRetriedAt,
        }),
      );
  }
  return out;
}

const round = (n: number) => Math.round(n * 100) / 100;
