import {
  CancellationScope,
  condition,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setCurrentDetails,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PlanNode } from '../core/graph/plan';
import type {
  ApprovalDecision,
  NodeOutput,
  NodeQuality,
  NodeReview,
  NodeTask,
  RunAppInput,
  RunAppResult,
  RunState,
} from '../core/run/run-types';
import { renderConfig } from '../core/graph/template';
import { WEBHOOK_RETRY_SCHEDULE_DEFAULT } from '../core/limits';
import type { WebhookTarget } from '../core/run/webhook-delivery';
import {
  PROGRESS_EVENT_HEADERS,
  wantsEnd,
  wantsProgress,
  type ProgressEvent,
} from '../core/run/webhook-events';
import { NODE_DEFINITIONS, nodeActivityOptions, type NodeTaskActivityName } from '../nodes/definitions';
import { QUALITY_CHECK } from '../nodes/quality-check/definition';
import { RECORD_OPTIONS, WEBHOOK_OPTIONS } from './activity-options';
import { approvalUpdate, stateQuery, webhookDeliveryWorkflowId } from './definitions';
import { attemptWebhook, deliverRunWebhook } from './deliver-webhook';

type NodeResult =
  { status: 'completed'; output: NodeOutput } | { status: 'failed' | 'skipped'; error: string };

const localRecords = proxyLocalActivities<Activities>(RECORD_OPTIONS);

/**
 * Transition records and in-process nodes run one at a time. Local activities that run concurrently complete in wall-clock
 * order the first time but resolve in sequence order on replay, so parallel branches could issue their
 * next commands in another order after a worker restart (a nondeterminism error). With one record in
 * flight, both orders are the same.
 */
function serialRecords() {
  let last: Promise<unknown> = Promise.resolve();
  const serial =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const next = last.then(() => fn(...args));
      last = next.catch(() => undefined);
      return next;
    };
  return {
    recordNode: serial(localRecords.recordNode),
    recordRun: serial(localRecords.recordRun),
    runNodeLocally: (node: PlanNode, task: NodeTask) => serial(localNodeActivity(node).runNodeLocally)(task),
  };
}

/** Executions from before cheap nodes ran as local activities (RunAppInput.localNodes). */
const LOCAL_NODES_PATCH = 'local-nodes';

/** The local activity of a node run in-process: its type's own timeouts and retries. */
function localNodeActivity(node: PlanNode) {
  const { startToCloseTimeout, retry } = nodeActivityOptions(node.type, '');
  return proxyLocalActivities<Activities>({ startToCloseTimeout, retry });
}
const webhooks = proxyActivities<Activities>(WEBHOOK_OPTIONS);

/**
 * Interprets a compiled app plan.
 * 1. Every node gets one memoised promise that awaits its parents, so independent branches run in parallel.
 * 2. Nodes outside `execute` reuse `seedOutputs` (refinement); a node whose parent did not complete is skipped.
 * 3. Each node runs as its type's definition says (nodes/definitions.ts): its activity with its options (the
 *    media queue for sharp/ffmpeg), the quality gate, the approval wait, or a forward; transitions are recorded.
 * 4. Cancellation stops the scope; the end state is recorded in a non-cancellable scope, then the webhook fires.
 */
export async function runApp(input: RunAppInput): Promise<RunAppResult> {
  const state: RunState = { runId: input.runId, revision: input.revision, nodes: {}, awaitingApproval: [] };
  const records = serialRecords();
  const decisions = new Map<string, ApprovalDecision>();
  registerHandlers(state, decisions);
  // What approval and quality nodes record beside their status: data only, no command of their own.
  const reviews = new Map<string, NodeReview>();
  const qualities = new Map<string, NodeQuality>();

  const results = new Map<string, Promise<NodeResult>>();
  const byId = new Map(input.plan.nodes.map((n) => [n.id, n]));
  const execute = new Set(input.execute);
  const localNodes = new Set(input.localNodes ?? []);
  const progressWebhooks = progressWebhookSender(input);

  const runNode = (id: string): Promise<NodeResult> => {
    let result = results.get(id);
    if (!result) {
      result = interpretNode(byId.get(id)!);
      results.set(id, result);
    }
    return result;
  };

  const interpretNode = async (node: PlanNode): Promise<NodeResult> => {
    const parents = await Promise.all(node.parents.map(runNode));
    if (!execute.has(node.id)) {
      const seed = input.seedOutputs[node.id];
      return seed
        ? { status: 'completed', output: seed }
        : { status: 'skipped', error: 'not part of this run' };
    }
    const failedParent = node.parents.find((_, i) => parents[i].status !== 'completed');
    if (failedParent !== undefined)
      return finishNode(node, {
        status: 'skipped',
        error: `skipped: "${byId.get(failedParent)!.label}" did not complete`,
      });
    const parentOutputs = node.parents.map((id, i) => ({
      id,
      type: byId.get(id)!.type,
      output: (parents[i] as { output: NodeOutput }).output,
    }));
    try {
      if (localNodes.has(node.id) && patched(LOCAL_NODES_PATCH)) {
        const output = await runLocally(node, parentOutputs);
        return { status: 'completed', output };
      }
      await setNode(node, 'running');
      const output = await executeNode(node, parentOutputs);
      return finishNode(node, { status: 'completed', output });
    } catch (err) {
      if (isCancellation(err)) throw err;
      return finishNode(node, { status: 'failed', error: failureMessage(err) });
    }
  };

  /** A cheap in-process node: one local activity records running, does the work and records completed. */
  const runLocally = async (
    node: PlanNode,
    parents: { id: string; type: string; output: NodeOutput }[],
  ): Promise<NodeOutput> => {
    state.nodes[node.id] = { status: 'running' };
    describeProgress(state, input.plan.nodes.length);
    const output = await records.runNodeLocally(node, nodeTask(node, parents, 1));
    state.nodes[node.id] = { status: 'completed' };
    describeProgress(state, input.plan.nodes.length);
    progressWebhooks.send('node.completed', node.id);
    return output;
  };

  const setNode = async (
    node: PlanNode,
    status: string,
    extra: { output?: NodeOutput; error?: string } = {},
  ) => {
    state.nodes[node.id] = { status, ...(extra.error ? { error: extra.error } : {}) };
    describeProgress(state, input.plan.nodes.length);
    await records.recordNode({
      runId: input.runId,
      nodeId: node.id,
      nodeType: node.type,
      revision: input.revision,
      status,
      output: extra.output ?? null,
      error: extra.error ?? null,
      ...(reviews.has(node.id) ? { review: reviews.get(node.id) } : {}),
      ...(qualities.has(node.id) ? { quality: qualities.get(node.id) } : {}),
    });
  };

  const finishNode = async (node: PlanNode, result: NodeResult): Promise<NodeResult> => {
    if (result.status === 'completed') {
      await setNode(node, 'completed', { output: result.output });
      progressWebhooks.send('node.completed', node.id);
    } else await setNode(node, result.status, { error: result.error });
    return result;
  };

  const executeNode = async (
    node: PlanNode,
    parents: { id: string; type: string; output: NodeOutput }[],
  ): Promise<NodeOutput> => {
    switch (NODE_DEFINITIONS[node.type].execution) {
      case 'forward':
        return parents[0].output;
      case 'await-approval':
        return awaitApproval(node, parents[0].output);
      case 'quality-gate':
        return qualityGate(node, parents[0]);
      case 'activity':
        return callNodeActivity(node, parents, 1);
    }
  };

  const callNodeActivity = (
    node: PlanNode,
    parents: { id: string; type: string; output: NodeOutput }[],
    variation: number,
  ) => {
    const name = NODE_DEFINITIONS[node.type].activity!.name as NodeTaskActivityName;
    const options = {
      ...nodeActivityOptions(node.type, input.mediaTaskQueue),
      summary: `${node.type} "${node.label}"${variation > 1 ? ` (variation ${variation})` : ''}`,
    };
    return proxyActivities<Activities>(options)[name].executeWithOptions(options, [
      nodeTask(node, parents, variation),
    ]);
  };

  /** What a node's activity is given: its config rendered with the run's inputs and its parents' texts. */
  const nodeTask = (
    node: PlanNode,
    parents: { id: string; type: string; output: NodeOutput }[],
    variation: number,
  ): NodeTask => {
    const nodeTexts = Object.fromEntries(
      parents.filter((p) => p.output.kind === 'text').map((p) => [p.id, (p.output as { text: string }).text]),
    );
    const override = input.promptOverrides[node.id];
    const config = renderConfig(
      override !== undefined ? { ...node.config, prompt: override } : node.config,
      input.params,
      nodeTexts,
    );
    return {
      runId: input.runId,
      workspaceId: input.workspaceId,
      revision: input.revision,
      variation,
      node: { ...node, config },
      parents,
    };
  };

  /** Scores the parent's output; below the threshold the parent runs again as a new variation, best kept. */
  const qualityGate = async (
    node: PlanNode,
    parent: { id: string; type: string; output: NodeOutput },
  ): Promise<NodeOutput> => {
    const minScore = Number(node.config.minScore);
    const maxRetries = Number(node.config.maxRetries);
    const parentNode = byId.get(parent.id)!;
    const recordUpstream = (output: NodeOutput, attempts: number) =>
      records.recordNode({
        runId: input.runId,
        nodeId: parentNode.id,
        nodeType: parentNode.type,
        revision: input.revision,
        status: 'completed',
        output,
        error: null,
        attempts,
      });
    const options = {
      ...nodeActivityOptions(node.type, input.mediaTaskQueue),
      summary: `quality.check "${node.label}"`,
    };
    const score = (output: NodeOutput) =>
      proxyActivities<Activities>(options)[QUALITY_CHECK.activity.name].executeWithOptions(options, [
        { runId: input.runId, nodeId: node.id, revision: input.revision, output, minScore },
      ]);
    let best = { output: parent.output, ...(await score(parent.output)) };
    let last = parent.output;
    let attempts = 1;
    const rerunnable = NODE_DEFINITIONS[parentNode.type].execution === 'activity';
    for (let attempt = 2; best.score < minScore && rerunnable && attempt <= maxRetries + 1; attempt++) {
      const grandParents = await Promise.all(parentNode.parents.map(runNode));
      const inputs = parentNode.parents.map((id, i) => ({
        id,
        type: byId.get(id)!.type,
        output: (grandParents[i] as { output: NodeOutput }).output,
      }));
      const retried = await callNodeActivity(parentNode, inputs, attempt);
      const result = await score(retried);
      await recordUpstream(retried, attempt);
      if (result.score > best.score) best = { output: retried, ...result };
      last = retried;
      attempts = attempt;
    }
    qualities.set(node.id, {
      score: best.score,
      minScore,
      passed: best.score >= minScore,
      reasons: best.reasons,
      attempts,
    });
    // The upstream node's record (and its asset) must show the output that was kept, not the last try.
    if (best.output !== last) await recordUpstream(best.output, attempts);
    return best.output;
  };

  const awaitApproval = async (node: PlanNode, output: NodeOutput): Promise<NodeOutput> => {
    state.awaitingApproval.push(node.id);
    await setNode(node, 'awaiting_approval');
    progressWebhooks.send('awaiting_approval', node.id);
    const decided = await condition(
      () => decisions.has(node.id),
      (node.config.timeout as string | undefined) ?? input.approvalTimeout,
    );
    state.awaitingApproval = state.awaitingApproval.filter((id) => id !== node.id);
    if (!decided) throw new Error(`approval of "${node.label}" timed out`);
    const decision = decisions.get(node.id)!;
    reviews.set(node.id, {
      decision: decision.decision,
      comment: decision.comment ?? null,
      by: decision.by ?? null,
      // The sandbox's clock is the workflow task's time, the same on replay.
      decidedAt: decision.decidedAt ?? new Date().toISOString(),
      revise: decision.revise === true,
    });
    if (decision.decision === 'reject')
      throw new Error(`rejected by reviewer${decision.comment ? `: ${decision.comment}` : ''}`);
    return output;
  };

  await records.recordRun({
    runId: input.runId,
    revision: input.revision,
    status: 'running',
    errorMessage: null,
  });
  progressWebhooks.send('started');
  let result: RunAppResult;
  try {
    const finals = await Promise.all(input.plan.nodes.map((n) => runNode(n.id)));
    result = summarize(input, finals);
  } catch (err) {
    if (!isCancellation(err)) throw err;
    result = { status: 'cancelled', errorMessage: 'Run cancelled', outputs: {} };
  }
  await CancellationScope.nonCancellable(async () => {
    await records.recordRun({
      runId: input.runId,
      revision: input.revision,
      status: result.status,
      errorMessage: result.errorMessage,
    });
    // Progress events go first, so the end is the last thing a receiver hears of this revision.
    await progressWebhooks.settled();
    if (input.webhookUrl && wantsEnd(input.webhookEvents, result.status)) await deliverWebhook(input, result);
  });
  return result;
}

function summarize(input: RunAppInput, finals: NodeResult[]): RunAppResult {
  const outputs: Record<string, NodeOutput> = {};
  let failure: string | null = null;
  input.plan.nodes.forEach((node, i) => {
    const r = finals[i];
    if (r.status === 'completed') outputs[node.id] = r.output;
    else if (r.status === 'failed' && failure === null) failure = `Node "${node.label}" failed: ${r.error}`;
  });
  return { status: failure ? 'failed' : 'completed', errorMessage: failure, outputs };
}

/**
 * The progress events a run asked for (`webhookEvents`: started, node.completed, awaiting_approval): one
 * attempt each, recorded like every delivery, each under its own message id. They are not awaited where
 * they happen, so a slow receiver never holds a node back; `settled` waits for all of them before the end
 * event. A run that asked for none (every run before the filter existed) issues no command here.
 */
function progressWebhookSender(input: RunAppInput) {
  const pending: Promise<unknown>[] = [];
  return {
    send(event: ProgressEvent, nodeId?: string): void {
      if (!input.webhookUrl || !wantsProgress(input.webhookEvents, event)) return;
      const target: WebhookTarget = {
        runId: input.runId,
        revision: input.revision,
        url: input.webhookUrl,
        event: PROGRESS_EVENT_HEADERS[event],
        messageKey: nodeId ? `${event}.${nodeId}` : event,
      };
      // A cancelled run cancels these attempts too; what they came to is recorded by the activity.
      pending.push(attemptWebhook(target, 1, true).catch(() => undefined));
    },
    settled: () => Promise.all(pending),
  };
}

/** Executions from before it retried the webhook with Temporal's retry policy, six attempts in about 31 s. */
const WEBHOOK_SCHEDULE_PATCH = 'webhook-delivery-schedule';

/**
 * The run-end webhook (issue 12 item 11). The first attempt is made here, so a refinement, which waits for
 * this execution to close, never overtakes it. If it fails, the delivery workflow (deliver-webhook.ts) takes
 * the rest of the schedule, over hours, and this execution closes at once. A receiver that never accepts
 * does not fail the run.
 */
async function deliverWebhook(input: RunAppInput, result: RunAppResult): Promise<void> {
  const target: WebhookTarget = {
    runId: input.runId,
    revision: input.revision,
    url: input.webhookUrl!,
    event: `run.${result.status}`,
  };
  if (!patched(WEBHOOK_SCHEDULE_PATCH)) return legacyDeliverWebhook(target);
  const retrySchedule = input.webhookRetrySchedule ?? WEBHOOK_RETRY_SCHEDULE_DEFAULT;
  if ((await attemptWebhook(target, 1, retrySchedule.length === 0)) !== 'failed') return;
  try {
    await startChild(deliverRunWebhook, {
      workflowId: webhookDeliveryWorkflowId(input.runId, input.revision),
      args: [{ ...target, nextAttempt: 2, retrySchedule }],
      parentClosePolicy: 'ABANDON',
      typedSearchAttributes: workflowInfo().typedSearchAttributes,
      staticSummary: `webhook ${target.event} of run ${input.runId} (revision ${input.revision})`,
    });
  } catch {
    // The id is taken only by this revision's own delivery, already under way.
  }
}

async function legacyDeliverWebhook(target: WebhookTarget): Promise<void> {
  try {
    await webhooks.deliverWebhook(target);
  } catch {
    // Every attempt is recorded by the activity.
  }
}

function registerHandlers(state: RunState, decisions: Map<string, ApprovalDecision>): void {
  setHandler(stateQuery, () => state);
  setHandler(
    approvalUpdate,
    (decision) => {
      decisions.set(decision.nodeId, decision);
      return { nodeId: decision.nodeId, decision: decision.decision };
    },
    {
      validator: (decision) => {
        if (decision.decision !== 'approve' && decision.decision !== 'reject')
          throw new Error('decision must be approve or reject');
        if (!state.awaitingApproval.includes(decision.nodeId))
          throw new Error(`node "${decision.nodeId}" is not awaiting approval`);
      },
    },
  );
}

function describeProgress(state: RunState, total: number): void {
  const done = Object.values(state.nodes).filter((n) => n.status === 'completed').length;
  const waiting =
    state.awaitingApproval.length > 0 ? `; waiting for approval on ${state.awaitingApproval.join(', ')}` : '';
  setCurrentDetails(`revision ${state.revision}: ${done}/${total} nodes done${waiting}`);
}

function failureMessage(err: unknown): string {
  let current = err as { message?: string; cause?: unknown } | undefined;
  while (current?.cause && typeof current.cause === 'object')
    current = current.cause as { message?: string; cause?: unknown };
  return current?.message || 'unknown error';
}
