import type { Caller } from '../../core/app/app-access';
import type { BrandContext, TopPattern } from '../../core/brand/brand-context';
import { brandContextOf, listObjectives, topPatterns } from '../../adapters/db/brand';
import type { BrandObjectiveRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { resolveBrandProfile } from './resolve-brand-profile';

export interface BrandContextQuery {
  brandProfileId?: string;
  platform?: string;
  modality?: string;
  patternLimit: number;
}

export interface BrandContextRead {
  /** Null when the workspace has no brand profile yet. */
  context: BrandContext | null;
  objectives: BrandObjectiveRow[];
  topPatterns: TopPattern[];
}

/**
 * GET /v1/intelligence/brand-context: DNA, identity, strategy, guidance, objectives and top patterns of
 * the named (or active) profile in one read, instead of seven. A workspace without a profile gets nulls
 * and its unscoped patterns.
 */
export async function getBrandContext(
  deps: ApiDeps,
  caller: Caller,
  query: BrandContextQuery,
): Promise<BrandContextRead> {
  const row = await resolveBrandProfile(deps, caller, query.brandProfileId);
  const context = row ? brandContextOf(row) : null;
  const [objectives, patterns] = await Promise.all([
    row ? listObjectives(deps.db, row.id) : [],
    topPatterns(deps.db, caller.workspaceId, {
      profileId: row?.id,
      platform: query.platform,
      modality: query.modality,
      limit: query.patternLimit,
    }),
  ]);
  return { context, objectives, topPatterns: patterns };
}
