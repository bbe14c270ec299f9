import { Client, Connection } from '@temporalio/client';
import type { RunEngine } from '../../../adapters/temporal/run-engine';
import { startPendingRuns, sweepReservations } from '../../../api/commands/start-pending-runs';
import { waitForEnd } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';
import { TEST_TEMPORAL_NAMESPACE, testTemporalAddress } from '../../support/temporal';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a'; // 4 credits

/** An engine whose starts never get an answer (the API's budget ran out): the starter must finish them. */
const unansweredStarts = {
  start: async () => 'unknown',
  cancel: async () => false,
} as unknown as RunEngine;

describe('startPendingRuns: runs left running after a 503 (issue 12 items 3, 4)', () => {
  let stack: TestStack;
  const key = () => stack.users.owner.key;
  const db = () => stack.services.database.db;
  const pendingStarts = async () => (await db().selectFrom('run_starts').select('run_id').execute()).length;
  const usage = async () =>
    (await stack.http.get('/v1/account/usage').set('x-api-key', key())).body.data.credits;
  /** The starter with the real engine; the API's (stack.deps) never answers a start. */
  const starterPass = () => startPendingRuns({ ...stack.deps, engine: stack.engine });
  const accept = async () => {
    const res = await stack.http
      .post(`/v1/apps/${QUOTE_CARD}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { quote: 'Started later, never lost' } });
    expect(res.status).toBe(202);
    return res.body.data.runId as string;
  };

  beforeAll(async () => {
    stack = await createTestStack({ deps: { engine: unansweredStarts } });
  });
  afterAll(() => stack.close());

  test('an accepted run whose start was never confirmed is started once its turn comes, and completes', async () => {
    const runId = await accept();
    expect(await pendingStarts()).toBe(1);
    expect(await starterPass()).toBe(0); // the admitting request still has the start
    await db()
      .updateTable('run_starts')
      .set({ due_at: new Date(0) })
      .execute();

    expect(await starterPass()).toBe(1);
    expect((await waitForEnd(stack, stack.users.owner, runId)).status).toBe('completed');
    expect(await pendingStarts()).toBe(0);
    expect(await usage()).toEqual({ balance: 996, totalEarned: 1000, totalSpent: 4, reserved: 0 });
  });

  test('a pending start whose run was cancelled meanwhile is dropped, never started', async () => {
    const runId = await accept();
    const cancelled = await stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await pendingStarts()).toBe(0);
    expect(await starterPass()).toBe(0);
    expect(await stack.engine.currentExecution(runId)).toBeNull();
    expect((await usage()).reserved).toBe(0);
  });
});

describe('sweepReservations: a reservation never outlives its execution (issue 12 item 2)', () => {
  let stack: TestStack;
  let client: Client;
  const db = () => stack.services.database.db;
  const usage = async () =>
    (await stack.http.get('/v1/account/usage').set('x-api-key', stack.users.owner.key)).body.data.credits;
  const makeStale = () =>
    db()
      .updateTable('credit_reservations')
      .set({ checked_at: new Date(0) })
      .execute();

  beforeAll(async () => {
    stack = await createTestStack({ workers: false }); // started workflows stay open
    client = new Client({
      connection: await Connection.connect({ address: testTemporalAddress() }),
      namespace: TEST_TEMPORAL_NAMESPACE,
    });
  });
  afterAll(async () => {
    await client.connection.close();
    await stack.close();
  });

  test('an open execution keeps its hold; one terminated without recording its end fails the run and frees the credits', async () => {
    const res = await stack.http
      .post(`/v1/apps/${QUOTE_CARD}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs: { quote: 'Terminated from the Web UI' } });
    const runId = res.body.data.runId as string;
    expect(await usage()).toMatchObject({ balance: 996, reserved: 4 });

    await makeStale();
    expect(await sweepReservations(stack.deps)).toBe(0);
    expect((await usage()).reserved).toBe(4);

    await client.workflow.getHandle(runId).terminate('an operator stopped it');
    await makeStale();
    expect(await sweepReservations(stack.deps)).toBe(1);
    const run = await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', stack.users.owner.key);
    expect(run.body.data).toMatchObject({
      status: 'failed',
      errorMessage: 'The run ended without recording a result (its workflow was closed)',
    });
    expect(await usage()).toEqual({ balance: 1000, totalEarned: 1000, totalSpent: 0, reserved: 0 });
  });
});
