import { randomBytes } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { WorkflowHandle } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities';
import type { RecordNodeInput } from '../../activities/run-records';
import type { RunAppInput } from '../../core/run/run-types';
import { FailureType } from '../../core/run/failure-types';
import { SCENARIOS, awaitingApproval, fakeActivities, runAppInput } from '../../scripts/record-histories';
import { createWorkers } from '../../worker/create-workers';
import { installRuntimeLogging } from '../../worker/runtime-logging';
import type { runApp } from '../../workflows';
import { RUN_APP_WORKFLOW, approvalUpdate } from '../../workflows/definitions';
import { testLogger } from '../support/logger';
import { TEST_TEMPORAL_NAMESPACE, testTemporalAddress, testWorkflowBundlePath } from '../support/temporal';

/**
 * The real runApp workflow on the run's Temporal dev server, with typed fake activities: the fakes of the
 * history recorder (scripts/record-histories.ts), each test replacing the ones its scenario needs.
 */
describe('runApp', () => {
  let env: TestWorkflowEnvironment;
  beforeAll(async () => {
    installRuntimeLogging(testLogger);
    env = await TestWorkflowEnvironment.createFromExistingServer({
      address: testTemporalAddress(),
      namespace: TEST_TEMPORAL_NAMESPACE,
    });
  });
  afterAll(() => env?.teardown());

  const graphOf = (scenario: string) => SCENARIOS.find((s) => s.name === scenario)!.graph;

  /** Node transitions as the workflow records them, and the last status of each node. */
  function recorded() {
    const nodes: RecordNodeInput[] = [];
    const runs: string[] = [];
    const recordNode: Activities['recordNode'] = async (input) => {
      nodes.push(input);
    };
    const recordRun: Activities['recordRun'] = async (input) => {
      runs.push(input.status);
    };
    const lastStatus = () => Object.fromEntries(nodes.map((n) => [n.nodeId, n.status]));
    return { nodes, runs, lastStatus, activities: { recordNode, recordRun } };
  }

  /** Starts a run of `scenario`'s graph on workers (main and media queue) of its own over `activities`. */
  async function withRun<T>(
    scenario: string,
    activities: Partial<Activities>,
    drive: (handle: WorkflowHandle<typeof runApp>, input: RunAppInput) => Promise<T>,
  ): Promise<T> {
    const queue = `run-app-${randomBytes(4).toString('hex')}`;
    const input = runAppInput(graphOf(scenario), { runId: queue, mediaTaskQueue: `${queue}-media` });
    const workers = await createWorkers({
      connection: env.nativeConnection,
      namespace: TEST_TEMPORAL_NAMESPACE,
      taskQueue: queue,
      mediaTaskQueue: input.mediaTaskQueue,
      activities: { ...fakeActivities(), ...activities },
      workflowBundle: { codePath: testWorkflowBundlePath() },
    });
    const running = Promise.all(workers.map((w) => w.run()));
    try {
      const handle = await env.client.workflow.start<typeof runApp>(RUN_APP_WORKFLOW, {
        workflowId: input.runId,
        taskQueue: queue,
        args: [input],
      });
      return await drive(handle, input);
    } finally {
      for (const worker of workers) worker.shutdown();
      await running;
    }
  }

  test('independent branches run at the same time, media work on the media task queue', async () => {
    /*   caption --> out_caption
     *   image (media queue) --> out_image */
    const started: Record<string, string> = {};
    let bothStarted: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothStarted = resolve));
    const branch = async (name: string) => {
      started[name] = Context.current().info.taskQueue;
      if (Object.keys(started).length === 2) bothStarted();
      // Sequential branches would wait here for ever: fail fast instead.
      let timer: NodeJS.Timeout | undefined;
      const alone = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(ApplicationFailure.nonRetryable(`${name} ran alone`)), 10_000);
      });
      await Promise.race([together, alone]).finally(() => clearTimeout(timer));
    };
    const fakes = fakeActivities();

    const result = await withRun(
      'parallel-branches',
      {
        async textGenerate(task) {
          await branch('textGenerate');
          return fakes.textGenerate(task);
        },
        async imageGenerate(task) {
          await branch('imageGenerate');
          return fakes.imageGenerate(task);
        },
      },
      async (handle, input) => ({ result: await handle.result(), input }),
    );

    expect(result.result.status).toBe('completed');
    expect(Object.keys(result.result.outputs).sort()).toEqual([
      'caption',
      'image',
      'out_caption',
      'out_image',
    ]);
    expect(started).toEqual({ textGenerate: result.input.runId, imageGenerate: result.input.mediaTaskQueue });
  });

  test('a failed node fails the run and skips its descendants while an independent branch completes', async () => {
    /*   draft (fails) --> tighten (skipped) --> out_tighten
     *   image --> out_image (completes) */
    const records = recorded();

    const result = await withRun('failed-run', records.activities, (handle) => handle.result());

    expect(result).toEqual({
      status: 'failed',
      errorMessage: 'Node "draft" failed: the provider refused the prompt',
      outputs: { image: expect.anything(), out_image: expect.anything() },
    });
    expect(records.lastStatus()).toEqual({
      draft: 'failed',
      tighten: 'skipped',
      out_tighten: 'skipped',
      image: 'completed',
      out_image: 'completed',
    });
    expect(records.runs).toEqual(['running', 'failed']);
  });

  test('a caller-caused failure type is never retried, whatever the activity says', async () => {
    const attempts: number[] = [];
    const textGenerate: Activities['textGenerate'] = async () => {
      attempts.push(Context.current().info.attempt);
      throw ApplicationFailure.retryable('no text to write', FailureType.InvalidNodeInput);
    };

    const result = await withRun('webhook-retry', { textGenerate }, (handle) => handle.result());

    expect(result.errorMessage).toBe('Node "draft" failed: no text to write');
    expect(attempts).toEqual([1]);
  });

  test('a provider outage is retried with backoff until the third attempt succeeds', async () => {
    const attempts: number[] = [];
    const fakes = fakeActivities();
    const textGenerate: Activities['textGenerate'] = async (task) => {
      const { attempt } = Context.current().info;
      attempts.push(attempt);
      if (attempt < 3) throw new Error('HTTP 503');
      return fakes.textGenerate(task);
    };

    const result = await withRun('webhook-retry', { textGenerate }, (handle) => handle.result());

    expect(result.status).toBe('completed');
    expect(attempts).toEqual([1, 2, 3]);
  });

  test('human.approval waits for the approval update, then forwards its parent output', async () => {
    /*   draft --> review (human.approval) --> out_review */
    const records = recorded();

    const { answer, result } = await withRun('approval', records.activities, async (handle) => {
      await awaitingApproval(handle);
      const answer = await handle.executeUpdate(approvalUpdate, {
        args: [{ nodeId: 'review', decision: 'approve' }],
      });
      return { answer, result: await handle.result() };
    });

    expect(answer).toEqual({ nodeId: 'review', decision: 'approve' });
    expect(result.status).toBe('completed');
    expect(result.outputs.out_review).toEqual(result.outputs.draft);
    expect(records.nodes.filter((n) => n.nodeId === 'review').map((n) => n.status)).toEqual([
      'running',
      'awaiting_approval',
      'completed',
    ]);
  });

  test('the approval update refuses a node that is not waiting; a rejection fails the node with its comment', async () => {
    const { refused, result } = await withRun('approval', {}, async (handle) => {
      await awaitingApproval(handle);
      const refused = await handle
        .executeUpdate(approvalUpdate, { args: [{ nodeId: 'draft', decision: 'approve' }] })
        .catch((err: Error) => err);
      await handle.executeUpdate(approvalUpdate, {
        args: [{ nodeId: 'review', decision: 'reject', comment: 'off brand' }],
      });
      return { refused, result: await handle.result() };
    });

    expect(refused).toMatchObject({
      name: 'WorkflowUpdateFailedError',
      cause: { message: 'node "draft" is not awaiting approval' },
    });
    expect(result.errorMessage).toBe('Node "review" failed: rejected by reviewer: off brand');
  });

  test('quality.check runs its parent again as a new variation below the threshold and keeps the better one', async () => {
    /*   image --> check (variation 1 scores 0.3, variation 2 scores 0.9; minScore 0.6) --> out_check */
    const variations: number[] = [];
    const fakes = fakeActivities();
    const imageGenerate: Activities['imageGenerate'] = async (task) => {
      variations.push(task.variation);
      return fakes.imageGenerate(task);
    };

    const result = await withRun('quality-retry', { imageGenerate }, (handle) => handle.result());

    expect(variations).toEqual([1, 2]);
    expect(result.outputs.out_check.metadata.contentDescription).toBe('variation 2');
  });
});
