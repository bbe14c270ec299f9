import {
  ApprovalBody,
  FeedbackBody,
  FeedbackQuery,
  ListQuery as RunsQuery,
  RunBody,
  RunQuery,
  WaitQuery,
} from '../runs/schema';
import {
  ApprovalResult,
  CancelResult,
  Refinement,
  Run,
  RunStreamMessage,
  RunSummary,
  SandboxStub,
  WaitResult,
} from '../../core/responses/runs';
import { bare, data, events, page } from './responses';
import type { Operation } from './operation';

const STREAM_EVENTS = `Events (each has an \`id:\` naming the Run snapshot; reconnect with Last-Event-ID):
- \`progress\`: the full Run, on every change of the run or an output;
- \`node.started\`, \`node.completed\`, \`node.failed\`, \`node.awaiting_approval\`: \`{runId, revision, node}\`
  with the node as in Run.nodes (\`node.awaiting_approval\` also carries \`awaitingApproval\`);
- \`complete\` (completed) or \`error\` (failed, cancelled): the full Run, then the stream ends;
- \`timeout\`: \`{message}\` after 10 minutes or when the server restarts (with \`retry:\`);
- \`ping\`: Unix ms, every 15 s.`;

export const RUN_OPERATIONS: Record<string, Operation> = {
  'POST /v1/apps/{appId}/runs': {
    id: 'startRun',
    startsWork: true,
    tag: 'Runs',
    summary: 'Start a run (or a sandbox stub)',
    description:
      'Sandbox (`test: true` or `X-Atelier-Test: true`): validated as a real run, answered 200 with a stub; ' +
      'nothing stored, started or charged. `?webhook=` receives the Run when it ends.',
    query: RunQuery,
    body: RunBody,
    bodyExample: { inputs: { product: 'teal water bottle' } },
    responses: {
      202: data(Run, 'Accepted and queued: outputs are pending placeholders'),
      200: data(SandboxStub, 'Sandbox: the stub'),
    },
  },
  'GET /v1/runs': {
    id: 'listRuns',
    tag: 'Runs',
    summary: 'Run summaries, newest first',
    query: RunsQuery,
    responses: { 200: page(RunSummary, 'A page of runs') },
  },
  'GET /v1/runs/{runId}': {
    id: 'getRun',
    tag: 'Runs',
    summary: 'Run status, outputs and nodes',
    description:
      'Poll every 3-5 s, or use /wait, /stream or a webhook. `awaitingApproval` says when a person must decide. A finished run carries an `ETag`: send it as `If-None-Match` for a 304 while it stays unchanged.',
    responses: { 200: data(Run, 'The run') },
    conditional: 'a finished run has an ETag, which changes when the run does (a refinement)',
  },
  'GET /v1/runs/{runId}/wait': {
    id: 'waitForRun',
    tag: 'Runs',
    summary: 'Block until the run ends, waits for a person, or the timeout passes',
    description:
      'Answers as soon as the run is completed, failed or cancelled, or waits on a human.approval node (then `awaitingApproval: true` and `data.awaitingApproval` says what is under review: decide, then wait again).',
    query: WaitQuery,
    responses: {
      200: bare(
        WaitResult,
        'The run; `awaitingApproval: true` when it waits for a person, `timeout: true` when it had not ended',
      ),
    },
  },
  'GET /v1/runs/{runId}/stream': {
    id: 'streamRun',
    tag: 'Runs',
    summary: 'Server-Sent Events: progress, node events, complete, error, timeout, ping',
    description: STREAM_EVENTS,
    responses: {
      200: events(
        RunStreamMessage,
        'Server-Sent Events of the run; the schema is one event, its data JSON text',
      ),
    },
  },
  'POST /v1/runs/{runId}/cancel': {
    id: 'cancelRun',
    tag: 'Runs',
    summary: 'Cancel a queued or running run (idempotent)',
    responses: { 200: data(CancelResult, "The run's status") },
  },
  'POST /v1/runs/{runId}/approvals/{nodeId}': {
    id: 'decideApproval',
    tag: 'Runs',
    summary: 'Approve or reject a waiting human.approval node; reject with revise to revise with the comment',
    description:
      'The decision, the deciding key (its name), the time and the comment are recorded on the node (`review` in Run.nodes and in Run.revisions). `revise: true` with `decision: "reject"` and a comment rejects this revision, then starts a new one in which the prompt-driven nodes upstream of the approval are refined with the comment as feedback; the approval node runs again, so the result comes back to review. On a run that already failed by rejecting this node, `revise: true` starts that revision.',
    body: ApprovalBody,
    bodyExample: { decision: 'reject', comment: 'Warmer colours, please', revise: true },
    responses: { 200: data(ApprovalResult, 'The decision, accepted') },
  },
  'POST /v1/runs/{runId}/feedback': {
    id: 'refineRun',
    startsWork: true,
    tag: 'Runs',
    summary: 'Refine a completed run in place',
    body: FeedbackBody,
    query: FeedbackQuery,
    bodyExample: { feedback: 'Make the picture warmer and brighter' },
    responses: { 200: data(Refinement, 'The new revision (or, at the deadline, its current state)') },
  },
};
