import { NativeConnection, type Worker } from '@temporalio/worker';
import type { Activities } from '../../activities';
import { createWorkers, type WorkerOptions } from '../../worker/create-workers';
import { testTemporalAddress, testWorkflowBundlePath } from '../support/temporal';

/** A worker holds its connection until it has run and stopped. */
async function release(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(async (worker) => {
      const running = worker.run();
      worker.shutdown();
      await running;
    }),
  );
}

describe('createWorkers', () => {
  let connection: NativeConnection;
  let made = 0;

  /** Options with queues of their own: one process may poll a queue with one worker only. */
  const options = (extra: Partial<WorkerOptions> = {}): WorkerOptions => {
    made += 1;
    return {
      connection,
      namespace: 'default',
      taskQueue: `cw-main-${process.pid}-${made}`,
      mediaTaskQueue: `cw-media-${process.pid}-${made}`,
      // One activity, so that a media-only worker has a task type to poll.
      activities: { noop: async () => undefined } as unknown as Activities,
      workflowBundle: { codePath: testWorkflowBundlePath() },
      ...extra,
    };
  };

  /** The workers `createWorkers` makes of `given`, released before the test looks at them. */
  async function workersOf(given: WorkerOptions): Promise<Worker[]> {
    const workers = await createWorkers(given);
    await release(workers);
    return workers;
  }

  beforeAll(async () => {
    connection = await NativeConnection.connect({ address: testTemporalAddress() });
  });
  afterAll(() => connection.close());

  test('makes a worker for each queue WORKER_QUEUES names, and only those', async () => {
    const both = options();
    const media = options({ queues: ['media'] });
    const main = options({ queues: ['main'] });

    expect((await workersOf(both)).map((w) => w.options.taskQueue)).toEqual([
      both.taskQueue,
      both.mediaTaskQueue,
    ]);
    expect((await workersOf(media)).map((w) => w.options.taskQueue)).toEqual([media.mediaTaskQueue]);
    expect((await workersOf(main)).map((w) => w.options.taskQueue)).toEqual([main.taskQueue]);
  });

  test("a worker process's shutdown grace reaches every worker; without it running activities are cancelled at once", async () => {
    const graced = await workersOf(options({ shutdownGraceMs: 30_000 }));
    const plain = await workersOf(options());

    expect(graced.map((w) => w.options.shutdownGraceTimeMs)).toEqual([30_000, 30_000]);
    expect(plain.map((w) => w.options.shutdownGraceTimeMs)).toEqual([0, 0]);
  });
});
