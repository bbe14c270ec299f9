import type { ApiDeps } from '../../../api/deps';
import { launchExecution, type Execution } from '../../../api/commands/launch-execution';
import { compileRow } from '../../../api/commands/load-app';
import { findApp } from '../../../adapters/db/apps';
import { createWorkspace } from '../../../adapters/db/workspaces';
import type { RunEngine } from '../../../adapters/temporal/run-engine';
import type { RunAppInput } from '../../../core/run/run-types';
import { createTestApi, type TestApi } from '../../support/api';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/** An engine that records the starts it is asked for, and refuses them when told to. */
function fakeEngine(refuse?: Error) {
  const started: RunAppInput[] = [];
  const engine = {
    async start(input: RunAppInput) {
      started.push(input);
      if (refuse) throw refuse;
    },
  } as unknown as RunEngine;
  return { engine, started };
}

describe('launchExecution', () => {
  let api: TestApi;
  let execution: Execution;
  let poorWorkspace: string;
  /** The steps a caller hands in, each call written to `calls` in order. */
  const recorder = (calls: string[], refuse?: Error) => ({
    what: 'refinement' as const,
    record: async () => {
      calls.push('record');
      if (refuse) throw refuse;
    },
    undo: async () => {
      calls.push('undo');
    },
  });
  const depsWith = (engine: RunEngine): ApiDeps => ({ ...api.deps, engine });

  beforeAll(async () => {
    api = await createTestApi({ config: { APPROVAL_TIMEOUT: '3h' } });
    const app = compileRow((await findApp(api.deps.db, QUOTE_CARD))!);
    execution = {
      runId: '00000000-0000-4000-8000-00000000e001',
      workspaceId: api.users.owner.workspaceId,
      appId: QUOTE_CARD,
      revision: 2,
      plan: app.plan,
      params: { quote: 'launched' },
      execute: app.plan.nodes.map((n) => n.id),
      seedOutputs: {},
      promptOverrides: {},
      webhookUrl: null,
    };
    poorWorkspace = (await createWorkspace(api.deps.db, 'launch-poor', 0)).workspaceId;
  });
  afterAll(() => api.close());

  test('records the run, then starts the workflow with the deployment approval timeout and media queue', async () => {
    const calls: string[] = [];
    const { engine, started } = fakeEngine();
    await launchExecution(depsWith(engine), execution, recorder(calls));
    expect(calls).toEqual(['record']);
    expect(started).toEqual([
      { ...execution, approvalTimeout: '3h', mediaTaskQueue: api.config.MEDIA_TASK_QUEUE },
    ]);
  });

  test('a workspace that cannot afford the nodes gets 403 naming what it asked for; nothing is recorded or started', async () => {
    const calls: string[] = [];
    const { engine, started } = fakeEngine();
    const launched = launchExecution(
      depsWith(engine),
      { ...execution, workspaceId: poorWorkspace },
      recorder(calls),
    );
    await expect(launched).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(
        /^Insufficient credits: this refinement needs about \d+(\.\d+)? credits and the workspace has 0$/,
      ),
    });
    expect(calls).toEqual([]);
    expect(started).toEqual([]);
  });

  test('when Temporal refuses the start, the record is undone and the error goes on', async () => {
    const calls: string[] = [];
    const refusal = new Error('temporal is down');
    const { engine, started } = fakeEngine(refusal);
    await expect(launchExecution(depsWith(engine), execution, recorder(calls))).rejects.toBe(refusal);
    expect(calls).toEqual(['record', 'undo']);
    expect(started).toHaveLength(1);
  });

  test('a record that refuses stops the launch before the workflow starts, with nothing to undo', async () => {
    const calls: string[] = [];
    const refusal = new Error('no longer completed');
    const { engine, started } = fakeEngine();
    await expect(launchExecution(depsWith(engine), execution, recorder(calls, refusal))).rejects.toBe(
      refusal,
    );
    expect(calls).toEqual(['record']);
    expect(started).toEqual([]);
  });
});
