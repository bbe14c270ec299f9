import { AtelierError, invalidField } from '../../core/errors';
import { ancestorsOf, descendantsOf } from '../../core/graph/find-subgraph';
import type { Plan } from '../../core/graph/plan';
import { refinementCandidates } from '../../core/refinement/candidates';
import { canApply } from '../../core/refinement/refinement-report';
import type { RunView } from '../../core/run/present-run';
import { isTerminal } from '../../core/run/run-status';
import type { NodeOutput } from '../../core/run/run-types';
import { beginRefinement, latestCompletedOutputs, revertRefinement } from '../../adapters/db/refinements';
import { beginRevision, dropRevision, recordRevisionAnswer } from '../../adapters/db/run-revisions';
import { planOf } from '../../adapters/db/runs';
import type { RunRow } from '../../adapters/db/schema';
import { readRefinement } from '../../adapters/models/direction-support';
import type { ApiDeps } from '../deps';
import { loadRunView } from '../../adapters/db/run-view';
import { waitForRun } from './follow-run';
import { modelRefinement } from './model-refinement';
import { launchExecution } from './launch-execution';
import type { WebhookEventName } from '../../core/run/webhook-event-names';
import { refinementAnswer } from './refinement-outcome';

/** How long the previous execution may take to close (it may still be delivering its webhook). */
const PREVIOUS_EXECUTION_CLOSE_MS = 15_000;

export interface Refinement {
  runId: string;
  status: string;
  revision: number;
  summary: string;
  refinedNodes: { nodeId: string; reason: string }[];
  outputs: { id: string; label: string; type: string; value: unknown }[];
  errorMessage: string | null;
  /** When the chat model's choice could not be used: why (the rules chose instead). */
  warnings?: { field: string; message: string }[];
}

export const runNotCompleted = (status: string) =>
  invalidField(null, 'run_not_completed', `Only a completed run can be refined; this run is ${status}`);

/**
 * A revision after a rejection ("revise with this comment"): the run failed because the reviewer rejected
 * `approvalNodeId`; only the nodes upstream of it may change, and it runs again, so the result comes back
 * to review.
 */
export interface Revise {
  approvalNodeId: string;
}

/** The prompt-driven nodes a revision of a rejected approval may change: those upstream of it. */
export function reviseCandidates(plan: Plan, executed: string[], approvalNodeId: string) {
  const upstream = new Set(ancestorsOf(plan, [approvalNodeId]));
  return refinementCandidates(plan, executed).filter((c) => upstream.has(c.nodeId));
}

/**
 * Refines a completed run in place from natural-language feedback.
 * 1. Choose the prompt-bearing nodes the feedback is about and rewrite their prompts (the chat
 *    model when one is configured, else, or when its answer is unusable, the rules in core).
 * 2. Ask each chosen node's provider what it can do of the feedback; a node that can do none of it is
 *    not re-run and keeps its output. When no node can, no revision is made and the answer says why.
 * 3. Re-execute the other chosen nodes and their descendants; every other node of the run reuses its
 *    newest completed output. A re-run that makes exactly the output it had keeps that output.
 * 4. Wait until the previous execution has closed, then move the run to revision + 1 (queued, same
 *    id; conditional, so a concurrent refinement gets run_not_completed) and start a new execution of
 *    the same workflow id. If Temporal refuses, the run is put back as it was.
 * 5. Wait up to `waitMs` for the revision to finish and answer with its outputs (or the current ones),
 *    each chosen node saying what was applied, what was not and why, and what it is now.
 */
export async function refineRun(
  deps: ApiDeps,
  run: RunRow,
  feedback: string,
  waitMs: number,
  revise?: Revise,
): Promise<Refinement> {
  const from = revise ? 'failed' : 'completed';
  if (run.status !== from) throw runNotCompleted(run.status);
  const plan = planOf(run);
  const executed = run.execute as string[];
  const candidates = revise
    ? reviseCandidates(plan, executed, revise.approvalNodeId)
    : refinementCandidates(plan, executed);
  if (candidates.length === 0)
    throw invalidField(
      'feedback',
      'nothing_to_refine',
      'This run has no prompt-driven node that feedback could change',
    );

  // The walk of the feedback to the chosen nodes and what each can apply (ARCHITECTURE.md, "The feedback
  // walk"): the chat model's choice, else the rules', where wording does not decide (issue 29).
  const seconds = deps.config.CHAT_MODEL_TIMEOUT_SECONDS;
  const model = await modelRefinement(
    deps.chat,
    deps.logger,
    candidates,
    feedback,
    seconds ? seconds * 1000 : undefined,
  );
  const { selection, supports } = readRefinement(deps.config, plan, candidates, feedback, model.selection);
  // A node whose provider can do nothing the feedback asks is not re-run: it keeps its output (issue 10).
  const ran = selection.choices.filter((c) => canApply(supports.get(c.nodeId)!));
  const latest = await latestCompletedOutputs(deps.db, run.id);
  const answer = (
    view: RunView,
    revision: number,
    after: Record<string, NodeOutput> | null,
    reran: number,
  ) => ({
    runId: run.id,
    status: view.status,
    revision,
    ...refinementAnswer({
      plan,
      selection,
      supports,
      ran,
      before: latest,
      after,
      // A revision that came back to a person's review has done what the feedback changed.
      status: view.awaitingApproval ? 'awaiting approval' : view.status,
      revision,
      revised: ran.length > 0,
      reran,
      total: executed.length,
    }),
    outputs: view.outputs.map((o) => ({ id: o.id, label: o.label, type: o.type, value: o.value })),
    errorMessage: view.errorMessage,
    ...(model.warning ? { warnings: [{ field: 'model', message: model.warning }] } : {}),
  });
  if (ran.length === 0) {
    const { run: current } = await waitForRun(deps.db, deps.bus, run.id, 0, deps.draining);
    return answer(current, run.revision, latest, 0);
  }
  const changed = ran.map((c) => c.nodeId);
  const execute = descendantsOf(plan, changed).filter((id) => executed.includes(id));
  const seedOutputs = Object.fromEntries(
    executed.filter((id) => !execute.includes(id) && latest[id]).map((id) => [id, latest[id]]),
  );
  const promptOverrides = Object.fromEntries(ran.map((c) => [c.nodeId, c.prompt]));

  const revision = run.revision + 1;
  await launchExecution(
    deps,
    {
      runId: run.id,
      workspaceId: run.workspace_id,
      appId: run.app_id,
      revision,
      plan,
      params: run.inputs,
      execute,
      seedOutputs,
      promptOverrides,
      webhookUrl: run.webhook_url,
      ...(run.webhook_events ? { webhookEvents: run.webhook_events as WebhookEventName[] } : {}),
    },
    {
      what: 'refinement',
      check: async () => {
        if (!(await deps.engine.awaitClosed(run.id, PREVIOUS_EXECUTION_CLOSE_MS)))
          throw new AtelierError(
            'RESOURCE_UNAVAILABLE',
            'The previous revision of this run is still finishing (webhook delivery); retry shortly',
          );
      },
      record: async (db) => {
        if (!(await beginRefinement(db, run.id, revision, withPrompts(plan, promptOverrides), from)))
          throw runNotCompleted(`no longer ${from}`);
        await beginRevision(db, { runId: run.id, revision, kind: revise ? 'revise' : 'feedback', feedback });
      },
      undo: async (db) => {
        await revertRefinement(db, run);
        await dropRevision(db, run.id, revision);
      },
    },
  );
  await deps.bus.publish({ runId: run.id, kind: 'run', status: 'queued' });

  const { run: view } = await waitForRun(deps.db, deps.bus, run.id, waitMs, deps.draining);
  const settledAnswer = async (current: RunView) =>
    answer(current, revision, await latestCompletedOutputs(deps.db, run.id), execute.length);
  const refined = settled(view) ? await settledAnswer(view) : answer(view, revision, null, execute.length);
  // Kept with the revision, so the run's history says what this refinement did after a reload; an answer
  // given while the revision ran is replaced by the settled one when it settles.
  await keepRevisionAnswer(deps, refined);
  if (!settled(view))
    whenRevisionSettles(deps, run.id, revision, async (current) =>
      keepRevisionAnswer(deps, await settledAnswer(current)),
    );
  return refined;
}

/** A revision has done its work: it ended, or came back to a person's review. */
const settled = (view: RunView) => isTerminal(view.status) || view.awaitingApproval !== null;

async function keepRevisionAnswer(deps: ApiDeps, refined: Refinement): Promise<void> {
  await recordRevisionAnswer(deps.db, {
    runId: refined.runId,
    revision: refined.revision,
    summary: refined.summary,
    refinedNodes: refined.refinedNodes,
  });
  await deps.bus.publish({ runId: refined.runId, kind: 'run', status: refined.status });
}

/** How long this process keeps watching a revision to store its settled answer. */
const SETTLE_WATCH_MS = 2 * 60 * 60 * 1000;

/**
 * Calls `then` once the run's `revision` settles (ended or awaiting review), from the run's events on the
 * bus. Best effort, in this process: it stops when the server drains, after SETTLE_WATCH_MS, or when
 * another revision starts; the stored answer is then the one given at the time.
 */
function whenRevisionSettles(
  deps: ApiDeps,
  runId: string,
  revision: number,
  then: (view: RunView) => Promise<void>,
): void {
  let done = false;
  const stop = () => {
    done = true;
    unsubscribe();
    clearTimeout(timer);
    deps.draining?.removeEventListener('abort', stop);
  };
  const timer = setTimeout(stop, SETTLE_WATCH_MS);
  timer.unref();
  deps.draining?.addEventListener('abort', stop, { once: true });
  let queue = Promise.resolve();
  const look = () => {
    queue = queue
      .then(async () => {
        if (done) return;
        const view = await loadRunView(deps.db, runId);
        if (!view || view.revision !== revision) return stop();
        if (!settled(view)) return;
        stop();
        await then(view);
      })
      .catch((err: unknown) => deps.logger.warn({ err, runId }, 'refinement answer not updated'));
  };
  const unsubscribe = deps.bus.subscribe(runId, look);
  look();
}

/** The plan with rewritten prompts folded in. */
function withPrompts(plan: Plan, prompts: Record<string, string>): Plan {
  return {
    ...plan,
    nodes: plan.nodes.map((n) =>
      prompts[n.id] !== undefined ? { ...n, config: { ...n.config, prompt: prompts[n.id] } } : n,
    ),
  };
}
