import { sql, type Kysely } from 'kysely';

const STATEMENTS = [
  `CREATE TABLE brand_profiles (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL,
    dna jsonb,
    identity jsonb,
    strategy jsonb,
    guidance jsonb,
    is_active boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  // At most one active profile per workspace: the one used when a request names none.
  `CREATE UNIQUE INDEX brand_profiles_active_idx ON brand_profiles (workspace_id) WHERE is_active`,
  `CREATE TABLE brand_objectives (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    brand_profile_id uuid NOT NULL REFERENCES brand_profiles(id) ON DELETE CASCADE,
    type text NOT NULL,
    statement text NOT NULL,
    success_measure text,
    priority integer NOT NULL CHECK (priority BETWEEN 1 AND 5),
    claim_scope text NOT NULL CHECK (claim_scope IN ('global', 'market', 'product')),
    scope_key text NOT NULL,
    scope_label text,
    starts_at timestamptz,
    ends_at timestamptz,
    revision integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX brand_objectives_profile_idx ON brand_objectives (brand_profile_id, priority)`,
  `CREATE TABLE templates (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL,
    description text NOT NULL DEFAULT '',
    category text NOT NULL CHECK (category IN ('launch', 'trend', 'campaign', 'optimization', 'testing', 'library')),
    suggested_modalities jsonb NOT NULL DEFAULT '[]',
    suggested_platforms jsonb NOT NULL DEFAULT '[]',
    guidance jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX templates_workspace_idx ON templates (workspace_id, category)`,
  `CREATE TABLE trend_signals (
    id uuid PRIMARY KEY,
    workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
    signal text NOT NULL,
    category text NOT NULL,
    platform text NOT NULL,
    growth text NOT NULL,
    confidence text NOT NULL,
    observed_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX trend_signals_observed_idx ON trend_signals (observed_at DESC)`,
  `CREATE TABLE content_patterns (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    brand_profile_id uuid REFERENCES brand_profiles(id) ON DELETE CASCADE,
    title text,
    modality text,
    platform text,
    performance_score numeric NOT NULL,
    winning_patterns jsonb NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX content_patterns_workspace_idx ON content_patterns (workspace_id, performance_score DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: PGlite's extended protocol runs a single statement per query.
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP TABLE content_patterns, trend_signals, templates, brand_objectives, brand_profiles')
    .execute(db);
}
