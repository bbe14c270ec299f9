import { invalidField } from '../../core/errors';
import { z } from 'zod';
import { isUuid } from '../../core/ids';
import { Pagination } from '../../core/responses/common';
import { ApprovalResult, CancelResult, Refinement, Run, RunSummary } from '../../core/responses/runs';
import { presentRunSummary } from '../../core/run/present-run';
import { listRuns } from '../commands/list-runs';
import { ListQuery } from '../runs/schema';
import { cancelRun } from '../commands/cancel-run';
import { findOwnRun } from '../commands/find-own-run';
import { waitForRun } from '../commands/follow-run';
import { getRun } from '../commands/get-run';
import { refineRun } from '../commands/refine-run';
import { reviewRun } from '../commands/review-run';
import { uuidParam } from '../validate';
import { withRunProgress } from './progress';
import { ApproveInput, RefineInput, RunInput, WaitInput, WaitOutput } from './schema';
import { tool, type ToolContext } from './tool';

const ownRun = ({ deps, caller }: ToolContext, runId: string) =>
  findOwnRun(deps, caller, uuidParam(runId, 'Run'));

export const RUN_TOOLS = [
  tool({
    name: 'list_runs',
    title: 'List runs',
    description:
      "The workspace's runs, newest first, without outputs: filter by appId, status (awaiting_approval: " +
      'runs waiting for a person), source or since (ISO time); read one with get_run.',
    input: ListQuery,
    output: z.object({ runs: z.array(RunSummary), pagination: Pagination }),
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, query) => {
      const pagination = { limit: query.limit, offset: query.offset };
      if (query.appId !== undefined && !isUuid(query.appId))
        return { runs: [], pagination: { total: 0, ...pagination } };
      const { rows, total } = await listRuns(deps, caller, query);
      return { runs: rows.map(presentRunSummary), pagination: { total, ...pagination } };
    },
  }),
  tool({
    name: 'get_run',
    title: 'Get a run',
    description:
      'A run now: status, outputs (URLs or text once completed, with next steps), nodes, and ' +
      'awaitingApproval when a person (or you, with approve_run) must decide.',
    input: RunInput,
    output: Run,
    annotations: { readOnlyHint: true },
    run: ({ deps, caller }, { runId }) => getRun(deps, caller, uuidParam(runId, 'Run')),
  }),
  tool({
    name: 'wait_for_run',
    title: 'Wait for a run',
    description:
      'Wait until the run ends (completed, failed, cancelled), waits for a person (awaitingApproval: true; ' +
      'run.awaitingApproval says what is under review: decide with approve_run) or timeoutSeconds pass (at ' +
      'most 120), reporting progress from its node events. timedOut: true means it is still going: call again.',
    input: WaitInput,
    output: WaitOutput,
    annotations: { readOnlyHint: true },
    run: async (context, { runId, timeoutSeconds }) => {
      const run = await ownRun(context, runId);
      const { deps, signal } = context;
      const stop = AbortSignal.any([signal, ...(deps.draining ? [deps.draining] : [])]);
      const result = await withRunProgress(context, run.id, () =>
        waitForRun(deps.db, deps.bus, run.id, timeoutSeconds * 1000, stop),
      );
      return { run: result.run, timedOut: result.timedOut, awaitingApproval: result.awaitingApproval };
    },
  }),
  tool({
    name: 'cancel_run',
    title: 'Cancel a run',
    description: 'Cancel a queued or running run; a run that already ended keeps its status.',
    input: RunInput,
    output: CancelResult,
    annotations: { destructiveHint: true, idempotentHint: true },
    run: async (context, { runId }) => cancelRun(context.deps, await ownRun(context, runId)),
  }),
  tool({
    name: 'refine_run',
    title: 'Refine a run',
    description:
      'Refine a completed run in place from feedback ("make the picture warmer"): only the nodes the ' +
      'feedback is about, and what depends on them, run again; the run gets a new revision.',
    input: RefineInput,
    output: Refinement,
    annotations: { openWorldHint: true },
    run: async (context, { runId, feedback, timeoutSeconds }) => {
      const run = await ownRun(context, runId);
      const refined = await withRunProgress(context, run.id, () =>
        refineRun(context.deps, run, feedback, timeoutSeconds * 1000),
      );
      // refine-run.ts types status and output values loosely; the tool's output schema checks them.
      return refined as z.output<typeof Refinement>;
    },
  }),
  tool({
    name: 'approve_run',
    title: 'Approve (or reject) a waiting run',
    description:
      'Decide the human.approval node a run waits on (run.awaitingApproval): decision "approve" lets it go ' +
      'on, "reject" fails it; reject with revise: true and a comment re-runs the reviewed node with the ' +
      'comment as feedback and comes back to review. nodeId defaults to the node awaitingApproval names.',
    input: ApproveInput,
    output: ApprovalResult,
    run: async (context, { runId, nodeId, decision, comment, revise }) => {
      const run = await ownRun(context, runId);
      const waiting = nodeId ?? (await getRun(context.deps, context.caller, run.id)).awaitingApproval?.nodeId;
      if (!waiting) throw invalidField('nodeId', 'not_awaiting_approval', 'The run waits for no approval');
      return reviewRun(context.deps, run, { nodeId: waiting, decision, comment, revise }, context.caller);
    },
  }),
];
