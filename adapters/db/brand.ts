import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import {
  BrandDna,
  BrandIdentity,
  BrandStrategy,
  GuidancePackage,
  type BrandContext,
  type NewBrandObjective,
  type TopPattern,
  type TrendSignal,
} from '../../core/brand/brand-context';
import type { BrandObjectiveRow, BrandProfileRow, Database } from './schema';
import { importContentPatterns } from './intelligence';

export type BrandPart = 'dna' | 'identity' | 'strategy' | 'guidance';

/** The named profile of the workspace, or its active one when no id is given. */
export async function findBrandProfile(
  db: Kysely<Database>,
  workspaceId: string,
  profileId?: string | null,
): Promise<BrandProfileRow | undefined> {
  let q = db.selectFrom('brand_profiles').selectAll().where('workspace_id', '=', workspaceId);
  q = profileId ? q.where('id', '=', profileId) : q.where('is_active', '=', true);
  return q.executeTakeFirst();
}

/** The workspace's active profile, created (empty) on first write so PUT works on a fresh workspace. */
export async function activeOrNewProfile(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<BrandProfileRow> {
  const existing = await findBrandProfile(db, workspaceId);
  if (existing) return existing;
  await db
    .insertInto('brand_profiles')
    .values({
      id: newId(),
      workspace_id: workspaceId,
      name: 'Default brand',
      is_active: true,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.column('workspace_id').where('is_active', '=', true).doNothing())
    .execute();
  return (await findBrandProfile(db, workspaceId))!;
}

export async function createBrandProfile(
  db: Kysely<Database>,
  workspaceId: string,
  profile: {
    name: string;
    active?: boolean;
    dna?: unknown;
    identity?: unknown;
    strategy?: unknown;
    guidance?: unknown;
  },
): Promise<string> {
  const id = newId();
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  await db.transaction().execute(async (trx) => {
    if (profile.active)
      await trx
        .updateTable('brand_profiles')
        .set({ is_active: false })
        .where('workspace_id', '=', workspaceId)
        .execute();
    await trx
      .insertInto('brand_profiles')
      .values({
        id,
        workspace_id: workspaceId,
        name: profile.name,
        is_active: profile.active ?? false,
        dna: json(profile.dna),
        identity: json(profile.identity),
        strategy: json(profile.strategy),
        guidance: json(profile.guidance),
        updated_at: new Date(),
      })
      .execute();
  });
  return id;
}

export async function setBrandPart(
  db: Kysely<Database>,
  profileId: string,
  part: BrandPart,
  value: unknown,
): Promise<void> {
  await db
    .updateTable('brand_profiles')
    .set({ [part]: JSON.stringify(value), updated_at: new Date() })
    .where('id', '=', profileId)
    .execute();
}

/** A profile as content creation reads it; stored parts are re-parsed so defaults of newer fields apply. */
export function brandContextOf(row: BrandProfileRow): BrandContext {
  const parse = <T>(
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
    value: unknown,
  ): T | null => (value === null || value === undefined ? null : (schema.safeParse(value).data ?? null));
  return {
    profileId: row.id,
    name: row.name,
    dna: parse(BrandDna, row.dna),
    identity: parse(BrandIdentity, row.identity),
    strategy: parse(BrandStrategy, row.strategy),
    guidance: parse(GuidancePackage, row.guidance),
  };
}

export async function listObjectives(db: Kysely<Database>, profileId: string): Promise<BrandObjectiveRow[]> {
  return db
    .selectFrom('brand_objectives')
    .selectAll()
    .where('brand_profile_id', '=', profileId)
    .orderBy('priority')
    .orderBy('created_at')
    .execute();
}

export async function insertObjective(
  db: Kysely<Database>,
  workspaceId: string,
  profileId: string,
  o: NewBrandObjective,
): Promise<BrandObjectiveRow> {
  return db
    .insertInto('brand_objectives')
    .values({
      id: newId(),
      workspace_id: workspaceId,
      brand_profile_id: profileId,
      type: o.type,
      statement: o.statement,
      success_measure: o.successMeasure,
      priority: o.priority,
      claim_scope: o.claimScope,
      scope_key: o.scopeKey,
      scope_label: o.scopeLabel,
      starts_at: o.startsAt,
      ends_at: o.endsAt,
      revision: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The workspace's best-performing content patterns, optionally for one profile, platform or modality. */
export async function topPatterns(
  db: Kysely<Database>,
  workspaceId: string,
  filter: { profileId?: string; platform?: string; modality?: string; limit: number },
): Promise<TopPattern[]> {
  let q = db.selectFrom('content_patterns').selectAll().where('workspace_id', '=', workspaceId);
  if (filter.profileId)
    q = q.where((eb) =>
      eb.or([eb('brand_profile_id', '=', filter.profileId!), eb('brand_profile_id', 'is', null)]),
    );
  if (filter.platform) q = q.where('platform', '=', filter.platform);
  if (filter.modality) q = q.where('modality', '=', filter.modality);
  const rows = await q.orderBy('performance_score', 'desc').orderBy('id').limit(filter.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    modality: r.modality,
    platform: r.platform,
    performanceScore: Number(r.performance_score),
    winningPatterns: r.winning_patterns as string[],
  }));
}

/** Trend signals seen in the last `windowDays`, the workspace's own and global ones, newest first. */
export async function recentTrends(
  db: Kysely<Database>,
  workspaceId: string,
  filter: { platform?: string; windowDays: number; limit: number },
): Promise<TrendSignal[]> {
  const since = new Date(Date.now() - filter.windowDays * 86_400_000);
  let q = db
    .selectFrom('trend_signals')
    .select(['signal', 'category', 'platform', 'growth', 'confidence'])
    .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('workspace_id', 'is', null)]))
    .where('observed_at', '>=', since);
  if (filter.platform) q = q.where('platform', '=', filter.platform);
  return q.orderBy('observed_at', 'desc').limit(filter.limit).execute();
}

/** One performance pattern of a workspace (the import of several is in intelligence.ts). */
export async function insertContentPattern(
  db: Kysely<Database>,
  workspaceId: string,
  p: Omit<TopPattern, 'id'> & { brandProfileId?: string | null },
): Promise<void> {
  await importContentPatterns(db, workspaceId, [{ ...p, brandProfileId: p.brandProfileId ?? null }]);
}
