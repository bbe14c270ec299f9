import type { Modality } from '../graph/modality';
import type { Plan, PlanNode } from '../graph/plan';
import type { DirectionOutcome, MediaFacts } from './media-facts';
import type { WebhookEventName } from './webhook-event-names';

/** Metadata of a completed output, derived from the real file (or text). */
export interface OutputMetadata {
  mimeType: string;
  dimensions: { width: number; height: number } | null;
  durationSeconds: number | null;
  bytes: number | null;
  contentDescription: string | null;
  /** The facts the description is written from (absent on outputs made before they were recorded). */
  facts?: MediaFacts;
  /** The provider that made it ("local", "fal", ...): what its credits are charged at. */
  provider?: string;
  /** What the revision directions of its prompt did. */
  directions?: DirectionOutcome;
}

/** A stored file as it travels between nodes. */
export interface MediaRef {
  key: string;
  url: string;
  mimeType: string;
  bytes: number;
  sha256: string;
}

/** What a node hands to its children: text inline, media as a storage reference, never bytes. */
export type NodeOutput =
  | { kind: 'text'; modality: 'text'; text: string; assetId: string | null; metadata: OutputMetadata }
  | {
      kind: 'media';
      modality: Exclude<Modality, 'text'>;
      ref: MediaRef;
      assetId: string;
      metadata: OutputMetadata;
      /** What a voiceover says, so a composed video can caption it. */
      transcript?: string;
    };

/** The input of one node activity. `config` is rendered: placeholders already filled. */
export interface NodeTask {
  runId: string;
  workspaceId: string;
  revision: number;
  /** 1 on the first try; quality retries ask for another variation with a higher attempt. */
  variation: number;
  node: PlanNode;
  parents: { id: string; type: string; output: NodeOutput }[];
}

export type RunEndStatus = 'completed' | 'failed' | 'cancelled';

/** The input of the `runApp` workflow; the workflow id is the run id. */
export interface RunAppInput {
  runId: string;
  workspaceId: string;
  appId: string;
  revision: number;
  plan: Plan;
  params: Record<string, unknown>;
  /** Nodes to execute in this revision; every other node reuses `seedOutputs` (refinement) or is outside the run. */
  execute: string[];
  seedOutputs: Record<string, NodeOutput>;
  /** Refinement: new prompts by node id. */
  promptOverrides: Record<string, string>;
  webhookUrl: string | null;
  /** The events the webhook is told of; absent: only the end (and in inputs written before it existed). */
  webhookEvents?: WebhookEventName[];
  /**
   * Delays between webhook attempts (config WEBHOOK_RETRY_SCHEDULE). Absent from inputs written before it
   * existed: those get WEBHOOK_RETRY_SCHEDULE_DEFAULT.
   */
  webhookRetrySchedule?: string[];
  /** How long a human.approval node waits, e.g. '24h'. */
  approvalTimeout: string;
  /** Task queue of the sharp/ffmpeg activities. */
  mediaTaskQueue: string;
  /**
   * Nodes whose work is cheap and in-process (nodes/definitions.ts `localNodeIds`): run as local activities
   * that record their own transitions. Absent from inputs written before it existed: every node an activity.
   */
  localNodes?: string[];
}

export interface RunAppResult {
  status: RunEndStatus;
  errorMessage: string | null;
  outputs: Record<string, NodeOutput>;
}

/** What the workflow's `state` query answers: a live picture for operators. */
export interface RunState {
  runId: string;
  revision: number;
  nodes: Record<string, { status: string; error?: string }>;
  awaitingApproval: string[];
}

export interface ApprovalDecision {
  nodeId: string;
  decision: 'approve' | 'reject';
  comment?: string;
  /** The key that decided (absent in decisions sent before reviews were recorded). */
  by?: { keyId: string | null; name: string } | null;
  /** When the API received it (ISO 8601): the workflow records it, it never reads a clock for it. */
  decidedAt?: string;
  /** A rejection that asks for a revision of the reviewed node with the comment as feedback. */
  revise?: boolean;
}

/** What a human.approval node records once decided (core/responses/runs.ts NodeReview). */
export interface NodeReview {
  decision: 'approve' | 'reject';
  comment: string | null;
  by: { keyId: string | null; name: string } | null;
  decidedAt: string;
  revise: boolean;
}

/** What a quality.check node records of the output it let through (core/responses/runs.ts NodeQuality). */
export interface NodeQuality {
  score: number;
  minScore: number;
  passed: boolean;
  reasons: string[];
  attempts: number;
}
