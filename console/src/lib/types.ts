/** Shapes of the /v1 API the console reads (see ../../shared/spec/api-v1.md and GET /v1/openapi.json). */

export type Modality = 'image' | 'video' | 'audio' | 'text';
export type Visibility = 'private' | 'shared' | 'public';

export interface Capabilities {
  produces: string[];
  strengths: string[];
  bestFor: string[];
  limitations: string[];
  outputFormats: string[];
  hasQualityControl: boolean;
  hasHumanApproval: boolean;
  generationStepCount: number;
  nodeTypes: string[];
}

export interface AppSummary {
  appId: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  visibility: Visibility;
  capabilities: Capabilities | null;
}

export interface AppParameter {
  id: string;
  key: string;
  name: string;
  type: 'text' | 'url' | 'options';
  description?: string;
  options?: string[];
  default?: unknown;
  accept?: ('image' | 'video' | 'audio')[];
  multiple?: boolean;
  role?: string;
  required?: boolean;
}

export interface GraphNode {
  id: string;
  type: string;
  label: string;
  config: Record<string, unknown>;
  position?: { x: number; y: number };
}

export interface GraphEdge {
  source: string;
  target: string;
}

export interface AppGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface AppOutput {
  index: number;
  label: string;
  type: Modality;
  nodeId?: string;
}

export interface AppDefinition extends AppSummary {
  version: number;
  source: 'catalog' | 'generated' | 'builder';
  editable: boolean;
  updatedAt: string;
  parameters: AppParameter[];
  frontmatter: Record<string, unknown>;
  graph: AppGraph;
  outputs: AppOutput[];
  warnings?: AppWarning[];
}

export interface AppWarning {
  nodeIds: string[];
  message: string;
}

export interface AppCheck {
  valid: true;
  outputs: AppOutput[];
  capabilities: Capabilities;
  estimatedCredits: { expected: number; min: number; max: number };
  warnings: AppWarning[];
}

export interface NodeType {
  type: string;
  title: string;
  description: string;
  produces: Modality | 'passthrough';
  generation: boolean;
  parents: { min: number; max: number };
  credits: number;
  configSchema: JsonSchema;
}

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export type NodeStatus =
  'queued' | 'running' | 'completed' | 'failed' | 'skipped' | 'cancelled' | 'awaiting_approval';

export interface RunOutput {
  id: string;
  label: string;
  type: string;
  value: unknown;
  status: 'pending' | 'completed' | 'error';
  error: string | null;
  mimeType?: string;
  dimensions?: { width: number; height: number } | null;
  durationSeconds?: number | null;
}

export interface RunNode {
  id: string;
  type: string;
  label: string;
  parents: string[];
  status: NodeStatus;
  revision: number | null;
  attempts: number;
  error: string | null;
  startedAt: string | null;
  completedAt: string | null;
  output: { type: string; value: string } | null;
  review: NodeReview | null;
  quality: NodeQuality | null;
}

export interface NodeReview {
  decision: 'approve' | 'reject';
  comment: string | null;
  by: { keyId: string | null; name: string } | null;
  decidedAt: string;
  revise: boolean;
}

export interface NodeQuality {
  score: number;
  minScore: number;
  passed: boolean;
  reasons: string[];
  attempts: number;
}

export interface AwaitingApproval {
  nodeId: string;
  label: string;
  since: string;
  approvalUrl: string;
  instructions: string | null;
  reviewing: { nodeId: string; label: string; type: string; value: string; quality: NodeQuality | null }[];
}

export interface RunRevision {
  revision: number;
  kind: 'start' | 'feedback' | 'revise';
  feedback: string | null;
  summary: string | null;
  refinedNodes: { nodeId: string; reason: string }[];
  status: RunStatus;
  errorMessage: string | null;
  reviews: { nodeId: string; label: string; review: NodeReview }[];
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface Run {
  runId: string;
  workflowId: string;
  appId: string;
  appVersion: number | null;
  status: RunStatus;
  revision: number;
  inputs: Record<string, unknown>;
  outputs: RunOutput[];
  nodes: RunNode[];
  awaitingApproval: AwaitingApproval | null;
  errorMessage: string | null;
  cost: { credits: number };
  revisions: RunRevision[];
  durationMs: number | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface RunSummary {
  runId: string;
  appId: string;
  status: RunStatus;
  source: string;
  revision: number;
  errorMessage: string | null;
  awaitingApprovalSince: string | null;
  durationMs: number | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface Asset {
  id: string;
  runId: string | null;
  nodeId: string | null;
  revision: number | null;
  nodeLabel: string | null;
  outputType: Modality;
  sourceUrl: string | null;
  cdnUrl: string | null;
  textContent: string | null;
  mimeType: string | null;
  bytes: number | null;
  status: string;
  createdAt: string;
}

export interface Delivery {
  id: string;
  revision: number;
  url: string;
  event: string;
  attempt: number;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  createdAt: string;
}

export interface Usage {
  credits: { balance: number; totalEarned: number; totalSpent: number };
  rateLimit: { limit: number; windowMs: number };
  manageUrl: string;
}

export interface Page<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number };
}

export interface ValidationDetail {
  param: string | null;
  code: string;
  message: string;
  nodeIds?: string[];
  edgeIndex?: number;
}
