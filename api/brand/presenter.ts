import type { Selectable } from 'kysely';
import type { BrandKitElementsTable, BrandObjectiveRow } from '../../adapters/db/schema';
import type { BrandContextView, BrandObjective, KitElement } from '../../core/responses/brand';
import type { BrandContextRead } from '../commands/get-brand-context';

export const presentObjective = (o: BrandObjectiveRow): BrandObjective => ({
  id: o.id,
  type: o.type,
  statement: o.statement,
  successMeasure: o.success_measure,
  priority: o.priority,
  claimScope: o.claim_scope,
  scopeKey: o.scope_key,
  scopeLabel: o.scope_label,
  startsAt: o.starts_at ? new Date(o.starts_at).toISOString() : null,
  endsAt: o.ends_at ? new Date(o.ends_at).toISOString() : null,
  currentlyApplicable: true,
  revision: o.revision,
});

export const presentKitElement = (e: Selectable<BrandKitElementsTable>): KitElement => ({
  id: e.id,
  element_type: e.element_type,
  name: e.name,
  ref_kind: e.ref_kind,
  ref_id: e.ref_id,
  spec: e.spec,
  version: e.version,
  is_active: e.is_active,
});

export const presentBrandContext = ({
  context,
  objectives,
  topPatterns,
}: BrandContextRead): BrandContextView => ({
  brandProfileId: context?.profileId ?? null,
  name: context?.name ?? null,
  dna: context?.dna ?? null,
  identity: context?.identity ?? null,
  strategy: context?.strategy ?? null,
  guidance: context?.guidance ?? null,
  objectives: objectives.map(presentObjective),
  topPatterns,
});
