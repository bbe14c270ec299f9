import { sql, type Kysely } from 'kysely';

const STATEMENTS = [
  `CREATE TABLE channels (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    platform text NOT NULL CHECK (platform IN ('facebook', 'instagram', 'linkedin', 'x')),
    external_id text NOT NULL,
    account_name text,
    account_type text NOT NULL,
    username text,
    instagram_id text,
    access_token_enc text NOT NULL,
    expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, platform, external_id)
  )`,
  `CREATE TABLE publications (
    id uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    channel_id uuid REFERENCES channels(id) ON DELETE SET NULL,
    account_id text NOT NULL,
    platform text,
    status text NOT NULL CHECK (status IN ('published', 'failed')),
    post_id text,
    post_url text,
    image_url text,
    video_url text,
    caption text,
    error_code text,
    error_message text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX publications_workspace_created_idx ON publications (workspace_id, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE publications, channels').execute(db);
}
