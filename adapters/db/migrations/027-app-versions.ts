import { sql, type Kysely } from 'kysely';

/*
 * Version history of apps (issue 24): every stored version of an app's definition, who wrote it (user
 * and API key) and, for a restore, which version it brought back. Apps stored before this migration keep
 * their current version only: earlier ones were never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE app_versions (
        app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        version integer NOT NULL,
        definition jsonb NOT NULL,
        author_user_id uuid,
        author_key_id uuid,
        restored_from integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, version)
      )`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO app_versions (app_id, version, definition, author_user_id, created_at)
       SELECT id, version, definition, creator_id, updated_at FROM apps`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE app_versions').execute(db);
}
