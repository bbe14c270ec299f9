import { z } from 'zod';
import {
  described,
  EXAMPLE_IDS,
  EXAMPLE_LATER,
  EXAMPLE_TIME,
  exampleOf,
  JsonObject,
  Modality,
  Timestamp,
} from './common';

export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const RunStatusValue = z.enum(RUN_STATUSES);
export const RunSourceValue = z.enum(['api', 'content', 'compose', 'generate']);
export const RunNodeStatusValue = z.enum([
  'queued',
  'running',
  'awaiting_approval',
  'completed',
  'failed',
  'skipped',
  'cancelled',
]);

const outputBase = { id: z.string().meta({ description: 'The output node id' }), label: z.string() };

const PendingOutput = z.object({
  ...outputBase,
  type: z.literal('pending'),
  value: z.null(),
  status: z.literal('pending'),
  error: z.null(),
});
const FailedOutput = z.object({
  ...outputBase,
  type: Modality,
  value: z.null(),
  status: z.literal('error'),
  error: z.string(),
});
const NextStep = z.object({
  description: z.string(),
  toolHint: z.enum(['run_app', 'atelier_create', 'publish_content']).nullable(),
});
const CompletedOutput = z.object({
  ...outputBase,
  type: Modality,
  value: z.string().meta({ description: 'A URL (media) or the text' }),
  status: z.literal('completed'),
  error: z.null(),
  mimeType: z.string(),
  contentDescription: z.string().nullable(),
  compatibleInputTypes: z.array(z.string()),
  suggestedNextSteps: z.array(NextStep),
  canChainAs: z.array(z.string()),
  platformsOptimized: z.array(z.string()),
  dimensions: z.object({ width: z.int(), height: z.int() }).nullable(),
  durationSeconds: z.number().nullable(),
});
const COMPLETED_EXAMPLE: z.output<typeof CompletedOutput> = {
  id: 'out',
  label: 'Photo',
  type: 'image',
  value: 'https://cdn.example.com/runs/0b7e3c2a/photo.png',
  status: 'completed',
  error: null,
  mimeType: 'image/png',
  contentDescription: 'A 1080x1080 studio photo, mostly white with a teal product',
  compatibleInputTypes: ['image_url', 'image_to_video', 'image_edit', 'social_post_media'],
  suggestedNextSteps: [
    { description: 'Publish the image to a connected channel', toolHint: 'publish_content' },
  ],
  canChainAs: ['social_image'],
  platformsOptimized: ['instagram_feed'],
  dimensions: { width: 1080, height: 1080 },
  durationSeconds: null,
};

/** An output of a run: pending, then completed (with what an agent can do next) or error. */
export const RunOutput = described(
  'RunOutput',
  z.discriminatedUnion('status', [PendingOutput, CompletedOutput, FailedOutput]),
  'An output: pending, then completed or error',
  COMPLETED_EXAMPLE,
);
export type RunOutput = z.infer<typeof RunOutput>;
export type PendingRunOutput = z.infer<typeof PendingOutput>;

/** A person's decision on a human.approval node: what, by which key, when, and why. */
export const NodeReview = described(
  'NodeReview',
  z.object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().nullable(),
    by: z
      .object({ keyId: z.string().nullable(), name: z.string() })
      .nullable()
      .meta({ description: 'The API key that decided (its name); null when no key did' }),
    decidedAt: Timestamp,
    revise: z
      .boolean()
      .meta({ description: 'A rejection that asked for a revision with the comment as feedback' }),
  }),
  'The decision on a human.approval node',
  {
    decision: 'reject',
    comment: 'Warmer colours, please',
    by: { keyId: '2b1c7d6e-4f5a-4b8c-9d2e-3f4a5b6c7d8e', name: 'reviewer' },
    decidedAt: EXAMPLE_LATER,
    revise: true,
  },
);
export type NodeReview = z.infer<typeof NodeReview>;

/** What a quality.check node measured of the output it let through (the best of its attempts). */
export const NodeQuality = described(
  'NodeQuality',
  z.object({
    score: z.number().min(0).max(1),
    minScore: z.number().min(0).max(1),
    passed: z.boolean(),
    reasons: z.array(z.string()).meta({ description: 'Why the score is not higher: one per weak property' }),
    attempts: z.int().min(1).meta({ description: 'How many variations of the parent were scored' }),
  }),
  'The score of a quality.check node',
  { score: 0.82, minScore: 0.6, passed: true, reasons: ['low contrast (stdev 21.3)'], attempts: 1 },
);
export type NodeQuality = z.infer<typeof NodeQuality>;

export const RunNode = described(
  'RunNode',
  z.object({
    id: z.string(),
    type: z.string(),
    label: z.string(),
    parents: z.array(z.string()),
    status: RunNodeStatusValue,
    revision: z
      .int()
      .nullable()
      .meta({ description: 'The revision that made this state (earlier when reused)' }),
    attempts: z.int().min(0).meta({
      description: "How often it ran: Temporal's attempt number after a retry, or its quality variation",
    }),
    error: z.string().nullable(),
    startedAt: Timestamp.nullable(),
    completedAt: Timestamp.nullable(),
    output: z.object({ type: z.string(), value: z.string() }).nullable(),
    review: NodeReview.nullable().meta({ description: 'human.approval nodes: the decision, once made' }),
    quality: NodeQuality.nullable().meta({ description: 'quality.check nodes: the score, once scored' }),
  }),
  'A node of the run with its live state',
  {
    id: 'photo',
    type: 'image.generate',
    label: 'Photo',
    parents: [],
    status: 'completed',
    revision: 1,
    attempts: 1,
    error: null,
    startedAt: EXAMPLE_TIME,
    completedAt: EXAMPLE_LATER,
    output: { type: 'image', value: COMPLETED_EXAMPLE.value },
    review: null,
    quality: null,
  },
);
export type RunNode = z.infer<typeof RunNode>;

/** An output a reviewer is asked to judge: the node that made it and what the quality check said of it. */
export const ReviewedArtefact = z.object({
  nodeId: z.string().meta({ description: 'The node that made it; "revise" re-runs this node' }),
  label: z.string(),
  type: z.string().meta({ description: 'image, video, audio or text' }),
  value: z.string().meta({ description: 'A URL (media) or the text' }),
  quality: NodeQuality.nullable(),
});
export type ReviewedArtefact = z.infer<typeof ReviewedArtefact>;

export const AwaitingApproval = described(
  'AwaitingApproval',
  z.object({
    nodeId: z.string(),
    label: z.string(),
    since: Timestamp,
    approvalUrl: z.string().meta({
      description: 'POST {"decision": "approve" | "reject"} here; a path under the API base URL',
    }),
    instructions: z
      .string()
      .nullable()
      .meta({ description: "The approval node's instructions to the reviewer" }),
    reviewing: z
      .array(ReviewedArtefact)
      .meta({ description: 'What is under review, with its quality score' }),
  }),
  'The human.approval node the run waits on',
  {
    nodeId: 'review',
    label: 'Review',
    since: EXAMPLE_LATER,
    approvalUrl: `/v1/runs/${EXAMPLE_IDS.run}/approvals/review`,
    instructions: 'Check the photo against the brand guidelines',
    reviewing: [
      {
        nodeId: 'photo',
        label: 'Photo',
        type: 'image',
        value: COMPLETED_EXAMPLE.value,
        quality: exampleOf(NodeQuality),
      },
    ],
  },
);
export type AwaitingApproval = z.infer<typeof AwaitingApproval>;

/** One revision of a run: how it began (the start, feedback, or a rejection to revise), how it went. */
export const RunRevision = described(
  'RunRevision',
  z.object({
    revision: z.int().min(1),
    kind: z.enum(['start', 'feedback', 'revise']),
    feedback: z.string().nullable().meta({ description: 'The feedback (or the rejection comment) it ran' }),
    summary: z.string().nullable().meta({ description: 'What the refinement did, as its answer said' }),
    refinedNodes: z.array(z.object({ nodeId: z.string(), reason: z.string() })),
    status: RunStatusValue,
    errorMessage: z.string().nullable(),
    reviews: z
      .array(z.object({ nodeId: z.string(), label: z.string(), review: NodeReview }))
      .meta({ description: 'The approval decisions made in this revision' }),
    startedAt: Timestamp.nullable(),
    completedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  }),
  "A revision in the run's history",
  {
    revision: 2,
    kind: 'feedback',
    feedback: 'Make the picture warmer',
    summary: 'Revision 2: rewrote the prompt of "Photo" (chosen by rules); re-ran 2 of 3 nodes.',
    refinedNodes: [{ nodeId: 'photo', reason: 'the feedback names the picture' }],
    status: 'completed',
    errorMessage: null,
    reviews: [],
    startedAt: EXAMPLE_TIME,
    completedAt: EXAMPLE_LATER,
    createdAt: EXAMPLE_TIME,
  },
);
export type RunRevision = z.infer<typeof RunRevision>;

const durationMs = z.int().min(0).nullable().meta({
  description:
    "The run's own working time in ms: each revision that has ended, from its start to its end, summed; the gaps between revisions do not count, nor a revision still going (its startedAt is in revisions). Null until a revision ends",
});

const runTimes = { startedAt: Timestamp.nullable(), completedAt: Timestamp.nullable(), createdAt: Timestamp };

export const Run = described(
  'Run',
  z.object({
    runId: z.string().meta({ description: 'UUID' }),
    workflowId: z.string(),
    appId: z.string(),
    appVersion: z.int().nullable(),
    status: RunStatusValue,
    revision: z.int().min(1),
    inputs: JsonObject.meta({
      description: 'The inputs the run was started with, as validated (defaults applied)',
    }),
    outputs: z.array(RunOutput),
    nodes: z.array(RunNode),
    awaitingApproval: AwaitingApproval.nullable().meta({
      description: 'Set while a human.approval node waits: approve it to let the run go on',
    }),
    errorMessage: z.string().nullable(),
    cost: z.object({ credits: z.number() }),
    revisions: z.array(RunRevision).meta({ description: 'The history, oldest first' }),
    durationMs,
    ...runTimes,
  }),
  'A run: its status, outputs and nodes',
  {
    runId: EXAMPLE_IDS.run,
    workflowId: EXAMPLE_IDS.run,
    appId: EXAMPLE_IDS.app,
    appVersion: 1,
    status: 'completed',
    revision: 1,
    inputs: { product: 'teal water bottle' },
    outputs: [COMPLETED_EXAMPLE],
    nodes: [exampleOf(RunNode)],
    awaitingApproval: null,
    errorMessage: null,
    cost: { credits: 4 },
    revisions: [
      {
        ...exampleOf(RunRevision),
        revision: 1,
        kind: 'start',
        feedback: null,
        summary: null,
        refinedNodes: [],
      },
    ],
    durationMs: 72000,
    startedAt: EXAMPLE_TIME,
    completedAt: EXAMPLE_LATER,
    createdAt: EXAMPLE_TIME,
  },
);
export type Run = z.infer<typeof Run>;

export const RunSummary = described(
  'RunSummary',
  z.object({
    runId: z.string(),
    workflowId: z.string(),
    appId: z.string(),
    status: RunStatusValue,
    source: RunSourceValue,
    revision: z.int().min(1),
    errorMessage: z.string().nullable(),
    awaitingApprovalSince: Timestamp.nullable().meta({
      description: 'Set while the run waits for a person (a human.approval node): since when',
    }),
    durationMs,
    ...runTimes,
  }),
  'A run in a listing: no outputs, no cost',
  {
    runId: EXAMPLE_IDS.run,
    workflowId: EXAMPLE_IDS.run,
    appId: EXAMPLE_IDS.app,
    status: 'completed',
    source: 'api',
    revision: 1,
    errorMessage: null,
    awaitingApprovalSince: null,
    durationMs: 72000,
    startedAt: EXAMPLE_TIME,
    completedAt: EXAMPLE_LATER,
    createdAt: EXAMPLE_TIME,
  },
);
export type RunSummary = z.infer<typeof RunSummary>;

export const InputSources = z
  .record(
    z.string(),
    z.object({
      source: z.enum(['given', 'quoted', 'labelled', 'span', 'implied', 'model', 'default', 'guessed']),
      confidence: z.number().min(0).max(1),
    }),
  )
  .meta({
    description: 'Per parameter key: where its value came from and how far that evidence can be trusted',
  });

export const SandboxStub = described(
  'SandboxStub',
  z.object({
    runId: z
      .string()
      .regex(/^test_/)
      .meta({ description: 'test_ + a deterministic id of app and inputs' }),
    workflowId: z.string().meta({ description: 'The app id' }),
    status: z.literal('test'),
    outputs: z.array(RunOutput).meta({ description: 'Pending placeholders' }),
    errorMessage: z.null(),
    startedAt: z.null(),
    completedAt: z.null(),
    createdAt: Timestamp,
    validatedInputs: JsonObject.meta({ description: 'The inputs as resolved, defaults applied' }),
    inputSources: InputSources,
  }),
  'Sandbox: validated as a real run; nothing stored, started or charged',
  {
    runId: `test_${EXAMPLE_IDS.run}`,
    workflowId: EXAMPLE_IDS.app,
    status: 'test',
    outputs: [{ id: 'out', label: 'Photo', type: 'pending', value: null, status: 'pending', error: null }],
    errorMessage: null,
    startedAt: null,
    completedAt: null,
    createdAt: EXAMPLE_TIME,
    validatedInputs: { product: 'teal water bottle' },
    inputSources: { product: { source: 'given', confidence: 1 } },
  },
);
export type SandboxStub = z.infer<typeof SandboxStub>;

export const CancelResult = described(
  'CancelResult',
  z.object({ runId: z.string(), status: RunStatusValue }),
  "The run's status after the cancel (unchanged when it had ended)",
  { runId: EXAMPLE_IDS.run, status: 'cancelled' },
);

/** What a "revise with this comment" started: the new revision, or the current one and why nothing ran. */
const RevisionStarted = z.object({
  revision: z.int().min(1),
  status: RunStatusValue,
  summary: z.string(),
  refinedNodes: z.array(z.object({ nodeId: z.string(), reason: z.string() })),
});

export const ApprovalResult = described(
  'ApprovalResult',
  z.object({
    runId: z.string(),
    nodeId: z.string(),
    decision: z.enum(['approve', 'reject']),
    revision: RevisionStarted.optional().meta({
      description: 'revise: true: the revision started with the comment as feedback (or why none was)',
    }),
  }),
  'The decision the workflow accepted',
  { runId: EXAMPLE_IDS.run, nodeId: 'review', decision: 'approve' },
);

export const Refinement = described(
  'Refinement',
  z.object({
    runId: z.string(),
    status: RunStatusValue,
    revision: z.int().min(1).meta({
      description: 'The new revision; the current one when nothing in the feedback could be applied',
    }),
    summary: z.string(),
    refinedNodes: z.array(
      z.object({ nodeId: z.string(), reason: z.string(), summary: z.string().optional() }),
    ),
    outputs: z.array(
      z.object({ id: z.string(), label: z.string(), type: z.string(), value: z.string().nullable() }),
    ),
    errorMessage: z.string().nullable(),
    warnings: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .meta({
        description:
          'Only when the chat model (TEXT_PROVIDER=openai) was asked and its answer could not be used: why; the rules chose instead',
      }),
  }),
  'The run refined in place: a new revision (or none, when no chosen node can do what the feedback asks: summary and refinedNodes say why)',
  {
    runId: EXAMPLE_IDS.run,
    status: 'completed',
    revision: 2,
    summary: 'Revision 2: rewrote the prompt of "Photo" (chosen by rules); re-ran 2 of 3 nodes.',
    refinedNodes: [{ nodeId: 'photo', reason: 'the feedback names the picture' }],
    outputs: [{ id: 'out', label: 'Photo', type: 'image', value: COMPLETED_EXAMPLE.value }],
    errorMessage: null,
  },
);

export type RunStatusValue = z.infer<typeof RunStatusValue>;
export type RunSourceValue = z.infer<typeof RunSourceValue>;
export type RunNodeStatusValue = z.infer<typeof RunNodeStatusValue>;
export type CancelResult = z.infer<typeof CancelResult>;
export type ApprovalResult = z.infer<typeof ApprovalResult>;
export type Refinement = z.infer<typeof Refinement>;

/**
 * GET /v1/runs/{runId}/wait: the run once it ended or waits for a person, or as it is when the timeout
 * passed first.
 */
export const WaitResult = described(
  'WaitResult',
  z.object({
    data: Run,
    timeout: z
      .literal(true)
      .optional()
      .meta({ description: 'Present when the timeout passed before the run ended' }),
    awaitingApproval: z.literal(true).optional().meta({
      description:
        'Present when the run waits for a person: data.awaitingApproval says on what; decide, then wait again',
    }),
  }),
  'The run, ended, waiting for a decision (awaitingApproval: true) or (timeout: true) still going',
  { data: exampleOf(Run) },
);
export type WaitResult = z.infer<typeof WaitResult>;

export const NODE_EVENT_TYPES = [
  'node.started',
  'node.completed',
  'node.failed',
  'node.awaiting_approval',
] as const;
export type NodeEventType = (typeof NODE_EVENT_TYPES)[number];

/** The data of a node-level SSE event (`node.started`, `node.completed`, `node.failed`, `node.awaiting_approval`). */
export const RunNodeEvent = described(
  'RunNodeEvent',
  z.object({
    runId: z.string(),
    revision: z.int().min(1),
    node: RunNode,
    awaitingApproval: AwaitingApproval.nullable(),
  }),
  'A node of the run changed',
  { runId: EXAMPLE_IDS.run, revision: 1, node: exampleOf(RunNode), awaitingApproval: null },
);
export type RunNodeEvent = z.infer<typeof RunNodeEvent>;

const eventId = z.string().meta({ description: 'The Run snapshot; send it back as Last-Event-ID to resume' });

/**
 * One event of GET /v1/runs/{runId}/stream once its `data` is parsed: its name, its `id:`, and the value of
 * its JSON `data` (the wire form, `data` as text, is RunStreamMessage).
 */
export const RunStreamEvent = described(
  'RunStreamEvent',
  z.discriminatedUnion('event', [
    z.object({ event: z.enum(['progress', 'complete', 'error']), id: eventId, data: Run }),
    z.object({ event: z.enum(NODE_EVENT_TYPES), id: eventId, data: RunNodeEvent }),
    z.object({
      event: z.literal('timeout'),
      id: eventId.optional(),
      retry: z.int().optional().meta({ description: 'ms before reconnecting (server restart)' }),
      data: z.object({ message: z.string() }),
    }),
    z.object({
      event: z.literal('ping'),
      id: eventId.optional(),
      data: z.number().meta({ description: 'Unix ms' }),
    }),
  ]),
  'An event of a run stream',
  { event: 'progress', id: '1.Qm9pbGVkRWdncw', data: exampleOf(Run) },
);
export type RunStreamEvent = z.infer<typeof RunStreamEvent>;

/**
 * `data:` as the stream sends it: JSON text whose content `content` describes (OpenAPI 3.1, JSON Schema
 * `contentMediaType` and `contentSchema`); a parser hands it over as a string.
 */
const jsonText = (content: Record<string, unknown>, description: string) =>
  z.string().meta({ description, contentMediaType: 'application/json', contentSchema: content });
const component = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/**
 * One event of GET /v1/runs/{runId}/stream as it is sent: `event:`, `id:`, `retry:` and `data:`, which is
 * the JSON text of the RunStreamEvent's data (a Run, a RunNodeEvent ...), never an object (issue 27).
 */
export const RunStreamMessage = described(
  'RunStreamMessage',
  z.discriminatedUnion('event', [
    z.object({
      event: z.enum(['progress', 'complete', 'error']),
      id: eventId,
      data: jsonText(component('Run'), 'A Run, as JSON text'),
    }),
    z.object({
      event: z.enum(NODE_EVENT_TYPES),
      id: eventId,
      data: jsonText(component('RunNodeEvent'), 'A RunNodeEvent, as JSON text'),
    }),
    z.object({
      event: z.literal('timeout'),
      id: eventId.optional(),
      retry: z.int().optional().meta({ description: 'ms before reconnecting (server restart)' }),
      data: jsonText(
        { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
        '`{"message": ...}`, as JSON text',
      ),
    }),
    z.object({
      event: z.literal('ping'),
      id: eventId.optional(),
      data: jsonText({ type: 'integer' }, 'Unix ms, as JSON text'),
    }),
  ]),
  'An event of a run stream as it is sent; its data parsed is a RunStreamEvent',
  { event: 'progress', id: '1.Qm9pbGVkRWdncw', data: JSON.stringify(exampleOf(Run)) },
);
export type RunStreamMessage = z.infer<typeof RunStreamMessage>;
