import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { BrandKitElementsTable, Database } from './schema';

export interface NewKitElement {
  elementType: BrandKitElementsTable['element_type'];
  name: string;
  refKind: BrandKitElementsTable['ref_kind'];
  refId: string | null;
  spec: Record<string, unknown>;
}

/**
 * Adds an element to a brand kit. An element with the same type and name becomes a new version: the
 * earlier one stays recorded but inactive.
 */
export async function addKitElement(
  db: Kysely<Database>,
  workspaceId: string,
  profileId: string,
  element: NewKitElement,
) {
  return db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('brand_kit_elements')
      .select(({ fn }) => fn.max('version').as('version'))
      .where('brand_profile_id', '=', profileId)
      .where('element_type', '=', element.elementType)
      .where('name', '=', element.name)
      .executeTakeFirst();
    await trx
      .updateTable('brand_kit_elements')
      .set({ is_active: false })
      .where('brand_profile_id', '=', profileId)
      .where('element_type', '=', element.elementType)
      .where('name', '=', element.name)
      .execute();
    return trx
      .insertInto('brand_kit_elements')
      .values({
        id: newId(),
        workspace_id: workspaceId,
        brand_profile_id: profileId,
        element_type: element.elementType,
        name: element.name,
        ref_kind: element.refKind,
        ref_id: element.refId,
        spec: JSON.stringify(element.spec),
        version: Number(previous?.version ?? 0) + 1,
        is_active: true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function listKitElements(
  db: Kysely<Database>,
  profileId: string,
  options: { includeInactive: boolean },
) {
  let q = db.selectFrom('brand_kit_elements').selectAll().where('brand_profile_id', '=', profileId);
  if (!options.includeInactive) q = q.where('is_active', '=', true);
  return q.orderBy('element_type').orderBy('name').orderBy('version', 'desc').execute();
}
