import { sql, type Kysely } from 'kysely';

/*
 * Apps as editable data (issue 14): every PUT makes a new version, a run records the version it started
 * with, and a deleted app keeps its row (runs reference it) with `deleted_at` set.
 */
const STATEMENTS = [
  `ALTER TABLE apps ADD COLUMN version integer NOT NULL DEFAULT 1`,
  `ALTER TABLE apps ADD COLUMN deleted_at timestamptz`,
  // Apps drawn in the console or posted to /v1/apps are `builder` apps.
  `ALTER TABLE apps DROP CONSTRAINT apps_source_check`,
  `ALTER TABLE apps ADD CONSTRAINT apps_source_check CHECK (source IN ('catalog', 'generated', 'builder'))`,
  `ALTER TABLE runs ADD COLUMN app_version integer`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE runs DROP COLUMN app_version').execute(db);
  await sql.raw(`DELETE FROM apps WHERE source = 'builder'`).execute(db);
  await sql.raw('ALTER TABLE apps DROP CONSTRAINT apps_source_check').execute(db);
  await sql
    .raw(`ALTER TABLE apps ADD CONSTRAINT apps_source_check CHECK (source IN ('catalog', 'generated'))`)
    .execute(db);
  await sql.raw('ALTER TABLE apps DROP COLUMN deleted_at').execute(db);
  await sql.raw('ALTER TABLE apps DROP COLUMN version').execute(db);
}
