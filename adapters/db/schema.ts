import type { ColumnType, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;
/** PostgreSQL numeric comes back as a string. */
type Numeric = ColumnType<string, number | string, number | string>;

import type { Role, Visibility } from '../../core/app/app-access';
import type { NodeStatus, RunSource, RunStatus } from '../../core/run/run-status';

export type { NodeStatus, Role, RunSource, RunStatus, Visibility };

/** An Idempotency-Key of a workspace: the request it was first used with, and its answer once given. */
export interface IdempotencyKeysTable {
  workspace_id: string;
  key: string;
  request_hash: string;
  claimed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  status_code: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

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
  source: AppSource;
  /** 1 when created; every PUT /v1/apps/{appId} adds one (migration 007). */
  version: ColumnType<number, number | undefined, number>;
  /** Set by DELETE /v1/apps/{appId}: the row stays, because runs reference it. */
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One stored version of an app's definition (migration 027). */
export interface AppVersionsTable {
  app_id: string;
  version: number;
  definition: Json<unknown>;
  /** Who wrote it: null for built-in apps and for versions stored before migration 027. */
  author_user_id: string | null;
  author_key_id: string | null;
  /** The version a restore brought back. */
  restored_from: number | null;
  created_at: CreatedAt;
}

/** Where an app came from: the built-in catalog, /v1/workflows/generate, or /v1/apps (the console's builder). */
export type AppSource = 'catalog' | 'generated' | 'builder';

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
  /** The webhook events asked for (core/run/webhook-events.ts); null: only the end. */
  webhook_events: ColumnType<string[] | null, string | null | undefined, string | null>;
  cost_credits: Numeric;
  /** The app's version when the run started; null for runs of synthetic apps (compose). Migration 007. */
  app_version: number | null;
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
  /** human.approval: the decision (core/run/run-types.ts NodeReview). Migration 024. */
  review: ColumnType<unknown, string | null | undefined, string | null>;
  /** quality.check: the score of the output let through (NodeQuality). Migration 024. */
  quality: ColumnType<unknown, string | null | undefined, string | null>;
}

/** How a revision of a run began (start, feedback, revise) and how it went. Migration 024. */
export type RevisionKind = 'start' | 'feedback' | 'revise';

export interface RunRevisionsTable {
  run_id: string;
  revision: number;
  kind: ColumnType<RevisionKind, RevisionKind | undefined, RevisionKind>;
  feedback: string | null;
  summary: string | null;
  refined_nodes: ColumnType<unknown, string | null | undefined, string | null>;
  status: RunStatus | null;
  error_message: string | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  created_at: CreatedAt;
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
  gave_up: ColumnType<boolean, boolean | undefined, never>;
  redelivery: ColumnType<boolean, boolean | undefined, never>;
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

/** Credits held for an execution in flight (migration 006); gone when the execution ends. */
export interface CreditReservationsTable {
  run_id: string;
  revision: number;
  workspace_id: string;
  credits: Numeric;
  created_at: CreatedAt;
  checked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A workflow start Temporal has not confirmed yet, with its exact input (migration 006). */
export interface RunStartsTable {
  run_id: string;
  revision: number;
  input: Json<unknown>;
  attempts: ColumnType<number, number | undefined, number>;
  due_at: Timestamp;
  created_at: CreatedAt;
}

export interface SigningKeysTable {
  kid: string;
  private_key_pem: string;
  public_key_pem: string;
  created_at: CreatedAt;
}

export interface BrandProfilesTable {
  id: string;
  workspace_id: string;
  name: string;
  dna: Json<unknown> | null;
  identity: Json<unknown> | null;
  strategy: Json<unknown> | null;
  guidance: Json<unknown> | null;
  is_active: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface BrandObjectivesTable {
  id: string;
  workspace_id: string;
  brand_profile_id: string;
  type: string;
  statement: string;
  success_measure: string | null;
  priority: number;
  claim_scope: 'global' | 'market' | 'product';
  scope_key: string;
  scope_label: string | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  revision: number;
  created_at: CreatedAt;
}

export interface TemplatesTable {
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  category: string;
  suggested_modalities: Json<string[]>;
  suggested_platforms: Json<string[]>;
  guidance: Json<unknown>;
  created_at: CreatedAt;
}

export interface TrendSignalsTable {
  id: string;
  workspace_id: string | null;
  signal: string;
  category: string;
  platform: string;
  growth: string;
  confidence: string;
  observed_at: CreatedAt;
}

export interface ContentPatternsTable {
  id: string;
  workspace_id: string;
  brand_profile_id: string | null;
  title: string | null;
  modality: string | null;
  platform: string | null;
  performance_score: Numeric;
  winning_patterns: Json<string[]>;
  created_at: CreatedAt;
}

export interface ChannelsTable {
  id: string;
  workspace_id: string;
  platform: string;
  external_id: string;
  account_name: string | null;
  account_type: string;
  username: string | null;
  instagram_id: string | null;
  /** Sealed with AES-256-GCM (adapters/channels/token-cipher.ts), never stored in clear. */
  access_token_enc: string;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PublicationsTable {
  id: string;
  workspace_id: string;
  channel_id: string | null;
  account_id: string;
  platform: string | null;
  status: 'published' | 'failed';
  post_id: string | null;
  post_url: string | null;
  image_url: string | null;
  video_url: string | null;
  caption: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: CreatedAt;
}

export interface BrandKitElementsTable {
  id: string;
  workspace_id: string;
  brand_profile_id: string;
  element_type: 'voice' | 'avatar' | 'character' | 'motion_graphic';
  name: string;
  ref_kind: 'cloned_voice' | 'persona' | 'asset' | null;
  ref_id: string | null;
  spec: Json<Record<string, unknown>>;
  version: number;
  is_active: boolean;
  created_at: CreatedAt;
}

export interface Database {
  workspaces: WorkspacesTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  apps: AppsTable;
  app_versions: AppVersionsTable;
  runs: RunsTable;
  run_nodes: RunNodesTable;
  run_revisions: RunRevisionsTable;
  assets: AssetsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  credit_ledger: CreditLedgerTable;
  credit_reservations: CreditReservationsTable;
  run_starts: RunStartsTable;
  signing_keys: SigningKeysTable;
  brand_profiles: BrandProfilesTable;
  brand_objectives: BrandObjectivesTable;
  templates: TemplatesTable;
  trend_signals: TrendSignalsTable;
  content_patterns: ContentPatternsTable;
  channels: ChannelsTable;
  publications: PublicationsTable;
  brand_kit_elements: BrandKitElementsTable;
}

export type AppRow = Selectable<AppsTable>;
export type AppVersionRow = Selectable<AppVersionsTable>;
export type RunRow = Selectable<RunsTable>;
export type RunNodeRow = Selectable<RunNodesTable>;
export type RunRevisionRow = Selectable<RunRevisionsTable>;
export type AssetRow = Selectable<AssetsTable>;
export type NewRun = Insertable<RunsTable>;
export type BrandProfileRow = Selectable<BrandProfilesTable>;
export type BrandObjectiveRow = Selectable<BrandObjectivesTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type TrendSignalRow = Selectable<TrendSignalsTable>;
export type ContentPatternRow = Selectable<ContentPatternsTable>;
