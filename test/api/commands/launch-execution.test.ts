import type { Kysely } from 'kysely';
import type { ApiDeps } from '../../../api/deps';
import { launchExecution, type Execution } from '../../../api/commands/launch-execution';
import { compileRow } from '../../../api/commands/load-app';
import { findApp } from '../../../adapters/db/apps';
import { creditBalance } from '../../../adapters/db/credits';
import { deleteRun, insertRun } from '../../../adapters/db/runs';
import type { Database } from '../../../adapters/db/schema';
import { createWorkspace } from '../../../adapters/db/workspaces';
import type { RunEngine, StartOutcome } from '../../../adapters/temporal/run-engine';
import { AtelierError } from '../../../core/errors';
import { newId } from '../../../core/ids';
import type { RunAppInput } from '../../../core/run/run-types';
import { createTestApi, type TestApi } from '../../support/api';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/** An engine that records the starts it is asked for and answers `outcome`, or throws `refuse`. */
function fakeEngine(options: { refuse?: Error; outcome?: StartOutcome } = {}) {
  const started: RunAppInput[] = [];
  const engine = {
    async start(input: RunAppInput) {
      started.push(input);
      if (options.refuse) throw options.refuse;
      return options.outcome ?? 'started';
    },
  } as unknown as RunEngine;
  return { engine, started };
}

describe('launchExecution', () => {
  let api: TestApi;
  let db: Kysely<Database>;
  let plan: Execution['plan'];
  const depsWith = (engine: RunEngine): ApiDeps => ({ ...api.deps, engine });

  /** An execution of Quote Card (4 credits) for a new run of `workspaceId`. */
  const execution = (workspaceId = api.users.owner.workspaceId): Execution => ({
    runId: newId(),
    workspaceId,
    appId: QUOTE_CARD,
    revision: 1,
    plan,
    params: { quote: 'launched' },
    execute: plan.nodes.map((n) => n.id),
    seedOutputs: {},
    promptOverrides: {},
    webhookUrl: null,
  });
  /** The steps a caller hands in: a real run row, each call written to `calls` in order. */
  const recorder = (run: Execution, calls: string[] = [], refuse?: Error) => ({
    what: 'run' as const,
    record: async (trx: Kysely<Database>) => {
      calls.push('record');
      if (refuse) throw refuse;
      await insertRun(trx, {
        id: run.runId,
        workspace_id: run.workspaceId,
        app_id: run.appId,
        user_id: null,
        status: 'queued',
        source: 'api',
        inputs: JSON.stringify(run.params),
        plan: JSON.stringify(run.plan),
        execute: JSON.stringify(run.execute),
        revision: 1,
        webhook_url: null,
        cost_credits: 0,
      });
    },
    undo: async (trx: Kysely<Database>) => {
      calls.push('undo');
      await deleteRun(trx, run.runId);
    },
  });
  /** What the database holds for a run: its row, its reservation and its queued start. */
  const stored = async (runId: string) => ({
    run: (await db.selectFrom('runs').select('status').where('id', '=', runId).executeTakeFirst())?.status,
    reserved: (
      await db.selectFrom('credit_reservations').select('credits').where('run_id', '=', runId).execute()
    ).map((r) => Number(r.credits)),
    startQueued: (await db.selectFrom('run_starts').select('run_id').where('run_id', '=', runId).execute())
      .length,
  });

  beforeAll(async () => {
    api = await createTestApi({ config: { APPROVAL_TIMEOUT: '3h' } });
    db = api.deps.db;
    plan = compileRow((await findApp(db, QUOTE_CARD))!).plan;
  });
  afterAll(() => api.close());

  test('admits the run (row, reservation, queued start), then starts the workflow with the deployment settings; a confirmed start is no longer queued', async () => {
    const run = execution();
    const { engine, started } = fakeEngine();
    await expect(launchExecution(depsWith(engine), run, recorder(run))).resolves.toBe('started');
    expect(started).toEqual([
      {
        ...run,
        approvalTimeout: '3h',
        mediaTaskQueue: api.config.MEDIA_TASK_QUEUE,
        webhookRetrySchedule: api.config.WEBHOOK_RETRY_SCHEDULE,
        // The text nodes, on the local provider here, run in-process.
        localNodes: plan.nodes.filter((n) => n.type === 'text.generate').map((n) => n.id),
      },
    ]);
    expect(await stored(run.runId)).toEqual({ run: 'queued', reserved: [4], startQueued: 0 });
  });

  test('a workspace that cannot afford the nodes gets 403 naming what it asked for; nothing is recorded or started', async () => {
    const poor = (await createWorkspace(db, `launch-poor-${newId()}`, 0)).workspaceId;
    const run = execution(poor);
    const calls: string[] = [];
    const { engine, started } = fakeEngine();
    await expect(launchExecution(depsWith(engine), run, recorder(run, calls))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Insufficient credits: this run needs up to 4 credits and the workspace has 0 available',
    });
    expect(calls).toEqual([]);
    expect(started).toEqual([]);
    expect(await stored(run.runId)).toEqual({ run: undefined, reserved: [], startQueued: 0 });
  });

  test('credit overspend: concurrent launches never hold more than the balance; the rest get 403', async () => {
    const workspace = (await createWorkspace(db, `launch-ten-${newId()}`, 10)).workspaceId;
    const { engine } = fakeEngine();
    const launches = Array.from({ length: 6 }, () => execution(workspace)).map((run) =>
      launchExecution(depsWith(engine), run, recorder(run)),
    );
    const settled = await Promise.allSettled(launches);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    expect(
      settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as AtelierError).code] : [])),
    ).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(await creditBalance(db, workspace)).toEqual({
      balance: 2,
      totalEarned: 10,
      totalSpent: 0,
      reserved: 8,
    });
  });

  test('when Temporal certainly did not start the workflow, the admission is withdrawn and the error goes on', async () => {
    const run = execution();
    const calls: string[] = [];
    const refusal = new AtelierError('RESOURCE_UNAVAILABLE', 'temporal is down');
    const { engine, started } = fakeEngine({ refuse: refusal });
    await expect(launchExecution(depsWith(engine), run, recorder(run, calls))).rejects.toBe(refusal);
    expect(calls).toEqual(['record', 'undo']);
    expect(started).toHaveLength(1);
    expect(await stored(run.runId)).toEqual({ run: undefined, reserved: [], startQueued: 0 });
  });

  test('runs left running after a 503: a start not confirmed within its budget keeps the run, its reservation and its queued start', async () => {
    const run = execution();
    const calls: string[] = [];
    const { engine } = fakeEngine({ outcome: 'unknown' });
    await expect(launchExecution(depsWith(engine), run, recorder(run, calls))).resolves.toBe('unknown');
    expect(calls).toEqual(['record']);
    expect(await stored(run.runId)).toEqual({ run: 'queued', reserved: [4], startQueued: 1 });
  });

  test('a record that refuses stops the launch before the workflow starts, with nothing reserved', async () => {
    const run = execution();
    const calls: string[] = [];
    const refusal = new Error('no longer completed');
    const { engine, started } = fakeEngine();
    await expect(launchExecution(depsWith(engine), run, recorder(run, calls, refusal))).rejects.toBe(refusal);
    expect(calls).toEqual(['record']);
    expect(started).toEqual([]);
    expect(await stored(run.runId)).toEqual({ run: undefined, reserved: [], startQueued: 0 });
  });
});
