import { sql, type Kysely } from 'kysely';

const STATEMENTS = [
  `CREATE TABLE brand_kit_elements (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    brand_profile_id uuid NOT NULL REFERENCES brand_profiles(id) ON DELETE CASCADE,
    element_type text NOT NULL CHECK (element_type IN ('voice', 'avatar', 'character', 'motion_graphic')),
    name text NOT NULL,
    ref_kind text CHECK (ref_kind IN ('cloned_voice', 'persona', 'asset')),
    ref_id text,
    spec jsonb NOT NULL DEFAULT '{}',
    version integer NOT NULL,
    is_active boolean NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (brand_profile_id, element_type, name, version)
  )`,
  `CREATE INDEX brand_kit_profile_idx ON brand_kit_elements (brand_profile_id, element_type, name)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE brand_kit_elements').execute(db);
}
