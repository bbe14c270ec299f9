import type { ColumnType, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** PostgreSQL numeric comes back as a string. */
type Numeric = ColumnType<string, number | string, number | string>;

import type { Role, Visibility } from '../../core/app-access';

export type { Role, Visibility };
export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export type RunSource = 'api' | 'content' | 'compose' | 'generate';
export type NodeStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled' | 'awaiting_approval';

export interface WorkspacesTable {
  id: string;
  name: string;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  workspace_id: string;
  name: string;
  role: Role;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: string;
  workspace_id: string | null;
  user_id: string | null;
  name: string;
  key_prefix: string;
  key_hash: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

export interface AppsTable {
  id: string;
  workspace_id: string | null;
  creator_id: string | null;
  name: string;
  description: string | null;
  definition: Json<unknown>;
  visibility: Visibility;
  source: 'catalog' | 'generated';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RunsTable {
  id: string;
  workspace_id: string;
  app_id: string;
  user_id: string | null;
  status: RunStatus;
  source: RunSource;
  inputs: Json<Record<string, unknown>>;
  plan: Json<unknown>;
  execute: Json<string[]>;
  revision: number;
  error_message: string | null;
  webhook_url: string | null;
  cost_credits: Numeric;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface RunNodesTable {
  run_id: string;
  node_id: string;
  revision: number;
  status: NodeStatus;
  attempts: number;
  error: string | null;
  output: Json<unknown> | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface AssetsTable {
  id: string;
  workspace_id: string;
  run_id: string | null;
  node_id: string | null;
  revision: number | null;
  node_label: string | null;
  output_type: 'image' | 'video' | 'audio' | 'text';
  source_url: string | null;
  cdn_url: string | null;
  storage_key: string | null;
  mime_type: string | null;
  bytes: number | null;
  sha256: string | null;
  text_content: string | null;
  metadata: Json<Record<string, unknown>>;
  status: string;
  created_at: CreatedAt;
}

export interface WebhookDeliveriesTable {
  id: string;
  workspace_id: string;
  run_id: string;
  revision: number;
  url: string;
  event: string;
  message_id: string;
  attempt: number;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  created_at: CreatedAt;
}

export interface CreditLedgerTable {
  id: string;
  workspace_id: string;
  run_id: string | null;
  node_id: string | null;
  revision: number | null;
  amount: Numeric;
  reason: string;
  created_at: CreatedAt;
}

export interface SigningKeysTable {
  kid: string;
  private_key_pem: string;
  public_key_pem: string;
  created_at: CreatedAt;
}

export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  apps: AppsTable;
  runs: RunsTable;
  run_nodes: RunNodesTable;
  assets: AssetsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  credit_ledger: CreditLedgerTable;
  signing_keys: SigningKeysTable;
}

export type AppRow = Selectable<AppsTable>;
export type RunRow = Selectable<RunsTable>;
export type RunNodeRow = Selectable<RunNodesTable>;
export type AssetRow = Selectable<AssetsTable>;
export type NewRun = Insertable<RunsTable>;
