import { sql, type Kysely } from 'kysely';

const STATEMENTS = [
  `CREATE TABLE workspaces (
    id uuid PRIMARY KEY,
    name text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE users (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    name text NOT NULL,
    role text NOT NULL CHECK (role IN ('owner', 'member')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE api_keys (
    id uuid PRIMARY KEY,
    workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
    user_id uuid REFERENCES users(id) ON DELETE CASCADE,
    name text NOT NULL DEFAULT '',
    key_prefix text NOT NULL,
    key_hash text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    last_used_at timestamptz
  )`,
  `CREATE TABLE apps (
    id uuid PRIMARY KEY,
    workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
    creator_id uuid REFERENCES users(id) ON DELETE SET NULL,
    name text NOT NULL,
    description text,
    definition jsonb NOT NULL,
    visibility text NOT NULL CHECK (visibility IN ('private', 'shared', 'public')),
    source text NOT NULL CHECK (source IN ('catalog', 'generated')),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX apps_workspace_idx ON apps (workspace_id)`,
  `CREATE INDEX apps_visibility_idx ON apps (visibility)`,
  `CREATE TABLE runs (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    app_id uuid NOT NULL REFERENCES apps(id),
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    status text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
    source text NOT NULL CHECK (source IN ('api', 'content', 'compose', 'generate')),
    inputs jsonb NOT NULL,
    plan jsonb NOT NULL,
    execute jsonb NOT NULL,
    revision integer NOT NULL DEFAULT 1,
    error_message text,
    webhook_url text,
    cost_credits numeric NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    completed_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX runs_workspace_created_idx ON runs (workspace_id, created_at DESC)`,
  `CREATE TABLE run_nodes (
    run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    node_id text NOT NULL,
    revision integer NOT NULL,
    status text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    error text,
    output jsonb,
    started_at timestamptz,
    completed_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, node_id, revision)
  )`,
  `CREATE TABLE assets (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    run_id uuid REFERENCES runs(id) ON DELETE CASCADE,
    node_id text,
    revision integer,
    node_label text,
    output_type text NOT NULL CHECK (output_type IN ('image', 'video', 'audio', 'text')),
    source_url text,
    cdn_url text,
    storage_key text,
    mime_type text,
    bytes bigint,
    sha256 text,
    text_content text,
    metadata jsonb NOT NULL DEFAULT '{}',
    status text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (run_id, node_id, revision)
  )`,
  `CREATE INDEX assets_workspace_created_idx ON assets (workspace_id, created_at DESC)`,
  `CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    revision integer NOT NULL,
    url text NOT NULL,
    event text NOT NULL,
    message_id text NOT NULL,
    attempt integer NOT NULL,
    status_code integer,
    latency_ms integer NOT NULL,
    error text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX webhook_deliveries_run_idx ON webhook_deliveries (run_id, created_at)`,
  `CREATE TABLE credit_ledger (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    run_id uuid REFERENCES runs(id) ON DELETE SET NULL,
    node_id text,
    revision integer,
    amount numeric NOT NULL,
    reason text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX credit_ledger_node_idx ON credit_ledger (run_id, node_id, revision) WHERE run_id IS NOT NULL`,
  `CREATE INDEX credit_ledger_workspace_idx ON credit_ledger (workspace_id)`,
  `CREATE TABLE signing_keys (
    kid text PRIMARY KEY,
    private_key_pem text NOT NULL,
    public_key_pem text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement at a time: PGlite's extended protocol runs a single statement per query.
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'DROP TABLE signing_keys, credit_ledger, webhook_deliveries, assets, run_nodes, runs, apps, api_keys, users, workspaces',
    )
    .execute(db);
}
