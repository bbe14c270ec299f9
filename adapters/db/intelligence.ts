import { sql, type Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { ParameterInfo, PublicationActivity, RunActivity } from '../../core/intelligence/activity';
import type { ModalityHistory, ObjectiveInfo } from '../../core/intelligence/gap-analysis';
import { ACTIVITY_SAMPLE_MAX, STORED_SIGNALS_MAX } from '../../core/intelligence/limits';
import type { AppRunStats } from '../../core/intelligence/optimizations';
import type { StoredSignal } from '../../core/intelligence/trends';
import type { Database } from './schema';

const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const dateOrNull = (v: Date | string | null | undefined): Date | null => (v ? asDate(v) : null);

/** Trend signals observed since `since`: the workspace's and the global ones (no workspace), newest first. */
export async function storedSignals(
  db: Kysely<Database>,
  workspaceId: string,
  since: Date,
): Promise<StoredSignal[]> {
  const rows = await db
    .selectFrom('trend_signals')
    .select(['signal', 'category', 'platform', 'growth', 'confidence', 'observed_at'])
    .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('workspace_id', 'is', null)]))
    .where('observed_at', '>=', since)
    .orderBy('observed_at', 'desc')
    .limit(STORED_SIGNALS_MAX)
    .execute();
  return rows.map(({ observed_at, ...s }) => ({ ...s, observedAt: asDate(observed_at) }));
}

/** The workspace's runs since `since`, newest first, with what activity features read: inputs, output types, the app's parameters. */
export async function runActivity(
  db: Kysely<Database>,
  workspaceId: string,
  since: Date,
): Promise<RunActivity[]> {
  const rows = await db
    .selectFrom('runs')
    .leftJoin('apps', 'apps.id', 'runs.app_id')
    .select(['runs.app_id', 'runs.created_at', 'runs.inputs'])
    .select(sql<unknown>`runs.plan -> 'outputs'`.as('outputs'))
    .select(sql<unknown>`apps.definition -> 'parameters'`.as('parameters'))
    .where('runs.workspace_id', '=', workspaceId)
    .where('runs.created_at', '>=', since)
    .orderBy('runs.created_at', 'desc')
    .limit(ACTIVITY_SAMPLE_MAX)
    .execute();
  return rows.map((r) => ({
    appId: r.app_id,
    createdAt: asDate(r.created_at),
    inputs: (r.inputs ?? {}) as Record<string, unknown>,
    outputTypes: Array.isArray(r.outputs)
      ? r.outputs.map((o) => (o as { type?: unknown }).type).filter((t): t is string => typeof t === 'string')
      : [],
    parameters: Array.isArray(r.parameters) ? (r.parameters as ParameterInfo[]) : null,
  }));
}

/** Published posts of the workspace since `since`, newest first. */
export async function publicationActivity(
  db: Kysely<Database>,
  workspaceId: string,
  since: Date,
): Promise<PublicationActivity[]> {
  const rows = await db
    .selectFrom('publications')
    .select(['created_at', 'platform', 'caption', 'image_url', 'video_url'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'published')
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(ACTIVITY_SAMPLE_MAX)
    .execute();
  return rows.map((r) => ({
    createdAt: asDate(r.created_at),
    platform: r.platform,
    caption: r.caption,
    imageUrl: r.image_url,
    videoUrl: r.video_url,
  }));
}

/** Per app: runs finished since `since`, failures, quality retries (run nodes with attempts > 1) and the most frequent error. */
export async function appRunStats(
  db: Kysely<Database>,
  workspaceId: string,
  since: Date,
): Promise<AppRunStats[]> {
  const { rows } = await sql<{
    app_id: string;
    app_name: string | null;
    finished: string;
    failed: string;
    completed: string;
    retried_runs: string;
    extra_attempts: string;
    last_failed_at: Date | string | null;
    last_retried_at: Date | string | null;
  }>`
    SELECT r.app_id, a.name AS app_name,
      count(*) AS finished,
      count(*) FILTER (WHERE r.status = 'failed') AS failed,
      count(*) FILTER (WHERE r.status = 'completed') AS completed,
      count(*) FILTER (WHERE q.extra > 0) AS retried_runs,
      coalesce(sum(q.extra), 0) AS extra_attempts,
      max(r.created_at) FILTER (WHERE r.status = 'failed') AS last_failed_at,
      max(r.created_at) FILTER (WHERE q.extra > 0) AS last_retried_at
    FROM runs r
    LEFT JOIN apps a ON a.id = r.app_id
    LEFT JOIN LATERAL (SELECT coalesce(sum(greatest(n.attempts - 1, 0)), 0) AS extra FROM run_nodes n WHERE n.run_id = r.id) q ON true
    WHERE r.workspace_id = ${workspaceId} AND r.created_at >= ${since} AND r.status IN ('completed', 'failed')
    GROUP BY r.app_id, a.name
    ORDER BY r.app_id`.execute(db);
  const errors = await db
    .selectFrom('runs')
    .select(['app_id', 'error_message', (eb) => eb.fn.countAll<string>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('created_at', '>=', since)
    .where('status', '=', 'failed')
    .where('error_message', 'is not', null)
    .groupBy(['app_id', 'error_message'])
    .orderBy('n', 'desc')
    .orderBy('error_message')
    .execute();
  return rows.map((r) => ({
    appId: r.app_id,
    appName: r.app_name ?? r.app_id,
    finished: Number(r.finished),
    failed: Number(r.failed),
    completed: Number(r.completed),
    retriedRuns: Number(r.retried_runs),
    extraAttempts: Number(r.extra_attempts),
    lastFailedAt: dateOrNull(r.last_failed_at),
    lastRetriedAt: dateOrNull(r.last_retried_at),
    topError: errors.find((e) => e.app_id === r.app_id)?.error_message?.slice(0, 200) ?? null,
  }));
}

/** All objectives of the workspace's brand profiles. */
export async function workspaceObjectives(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<ObjectiveInfo[]> {
  const rows = await db
    .selectFrom('brand_objectives')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('priority')
    .orderBy('created_at')
    .execute();
  return rows.map((o) => ({
    id: o.id,
    brandProfileId: o.brand_profile_id,
    type: o.type,
    statement: o.statement,
    priority: o.priority,
    scopeKey: o.scope_key,
    startsAt: dateOrNull(o.starts_at),
    endsAt: dateOrNull(o.ends_at),
    createdAt: asDate(o.created_at),
  }));
}

/** The last published post per platform, any time. */
export async function lastPublishedByPlatform(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Record<string, Date>> {
  const rows = await db
    .selectFrom('publications')
    .select(['platform', (eb) => eb.fn.max('created_at').as('last')])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'published')
    .where('platform', 'is not', null)
    .groupBy('platform')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.platform!, asDate(r.last as Date | string)]));
}

/** Each modality the workspace has made (last run) or has content patterns for (count, newest). */
export async function modalityHistory(db: Kysely<Database>, workspaceId: string): Promise<ModalityHistory[]> {
  const runs = await sql<{ modality: string; last_at: Date | string }>`
    SELECT o ->> 'type' AS modality, max(r.created_at) AS last_at
    FROM runs r
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.plan -> 'outputs') = 'array' THEN r.plan -> 'outputs' ELSE '[]'::jsonb END) o
    WHERE r.workspace_id = ${workspaceId} AND o ->> 'type' IS NOT NULL
    GROUP BY 1`.execute(db);
  const patterns = await db
    .selectFrom('content_patterns')
    .select([
      'modality',
      (eb) => eb.fn.countAll<string>().as('n'),
      (eb) => eb.fn.max('created_at').as('last'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('modality', 'is not', null)
    .groupBy('modality')
    .execute();
  const byModality = new Map<string, ModalityHistory>();
  const entry = (m: string) =>
    byModality.get(m) ?? { modality: m, lastRunAt: null, patterns: 0, lastPatternAt: null };
  for (const r of runs.rows)
    byModality.set(r.modality, { ...entry(r.modality), lastRunAt: asDate(r.last_at) });
  for (const p of patterns) {
    const m = p.modality!.toLowerCase();
    byModality.set(m, { ...entry(m), patterns: Number(p.n), lastPatternAt: asDate(p.last as Date | string) });
  }
  return [...byModality.values()];
}

/** Imported trend signals; `workspaceId` null makes them global (every workspace sees them). */
export async function importTrendSignals(
  db: Kysely<Database>,
  workspaceId: string | null,
  signals: {
    signal: string;
    category: string;
    platform: string;
    growth: string;
    confidence: string;
    observedAt: string | null;
  }[],
): Promise<number> {
  if (signals.length === 0) return 0;
  await db
    .insertInto('trend_signals')
    .values(
      signals.map((s) => ({
        id: newId(),
        workspace_id: workspaceId,
        signal: s.signal,
        category: s.category,
        platform: s.platform,
        growth: s.growth,
        confidence: s.confidence,
        ...(s.observedAt ? { observed_at: s.observedAt } : {}),
      })),
    )
    .execute();
  return signals.length;
}

/** Imported performance patterns of a workspace, optionally tied to one of its brand profiles. */
export async function importContentPatterns(
  db: Kysely<Database>,
  workspaceId: string,
  patterns: {
    brandProfileId: string | null;
    title: string | null;
    modality: string | null;
    platform: string | null;
    performanceScore: number;
    winningPatterns: string[];
  }[],
): Promise<number> {
  if (patterns.length === 0) return 0;
  await db
    .insertInto('content_patterns')
    .values(
      patterns.map((p) => ({
        id: newId(),
        workspace_id: workspaceId,
        brand_profile_id: p.brandProfileId,
        title: p.title,
        modality: p.modality,
        platform: p.platform,
        performance_score: p.performanceScore,
        winning_patterns: JSON.stringify(p.winningPatterns),
      })),
    )
    .execute();
  return patterns.length;
}
