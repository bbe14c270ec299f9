import type { Kysely } from 'kysely';
import { ContentTemplate, type TemplateCategory } from '../../core/content/content-template';
import { newId } from '../../core/ids';
import type { Database, TemplateRow } from './schema';

export async function listWorkspaceTemplates(
  db: Kysely<Database>,
  workspaceId: string,
  category?: TemplateCategory,
): Promise<ContentTemplate[]> {
  let q = db.selectFrom('templates').selectAll().where('workspace_id', '=', workspaceId);
  if (category) q = q.where('category', '=', category);
  return (await q.orderBy('name').execute()).map(templateOf);
}

export async function findWorkspaceTemplate(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<ContentTemplate | undefined> {
  const row = await db
    .selectFrom('templates')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? templateOf(row) : undefined;
}

export async function insertWorkspaceTemplate(
  db: Kysely<Database>,
  workspaceId: string,
  t: Omit<ContentTemplate, 'id'>,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('templates')
    .values({
      id,
      workspace_id: workspaceId,
      name: t.name,
      description: t.description,
      category: t.category,
      suggested_modalities: JSON.stringify(t.suggestedModalities),
      suggested_platforms: JSON.stringify(t.suggestedPlatforms),
      guidance: JSON.stringify(t.guidance),
    })
    .execute();
  return id;
}

function templateOf(row: TemplateRow): ContentTemplate {
  return ContentTemplate.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    suggestedModalities: row.suggested_modalities,
    suggestedPlatforms: row.suggested_platforms,
    guidance: row.guidance,
  });
}
