import type { Kysely } from 'kysely';
import { publicationEvent, runEvent, type ActivityEvent } from '../../core/intelligence/activity';
import { DAY_MS } from '../../core/intelligence/limits';
import { rankTrends, type RankedTrend } from '../../core/intelligence/trends';
import { publicationActivity, runActivity, storedSignals } from '../../adapters/db/intelligence';
import type { Database } from '../../adapters/db/schema';

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Runs and publications of the last `days` days as activity events. */
export async function activitySince(
  db: Kysely<Database>,
  workspaceId: string,
  since: Date,
): Promise<ActivityEvent[]> {
  const [runs, publications] = await Promise.all([
    runActivity(db, workspaceId, since),
    publicationActivity(db, workspaceId, since),
  ]);
  return [...runs.map(runEvent), ...publications.map(publicationEvent)];
}

/** GET /intelligence/trends: stored signals of the window and the activity of two windows, ranked. */
export async function workspaceTrends(
  db: Kysely<Database>,
  workspaceId: string,
  query: { category?: string; platform?: string; windowDays: number; limit: number },
  now: Date,
  events?: ActivityEvent[],
): Promise<RankedTrend[]> {
  const [stored, activity] = await Promise.all([
    storedSignals(db, workspaceId, daysBefore(now, query.windowDays)),
    events ?? activitySince(db, workspaceId, daysBefore(now, 2 * query.windowDays)),
  ]);
  return rankTrends({ stored, events: activity, now, ...query });
}
