import { startAppRun } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('GET /v1/runs/{runId}/wait', () => {
  let stack: TestStack;
  let doneId: string;
  const key = () => stack.users.owner.key;
  const start = (quote: string) => startAppRun(stack, stack.users.owner, QUOTE_CARD, { quote });
  /** Sends the request now (supertest only sends once `then` is called) and times it. */
  const waitFor = (runId: string, query = '') => {
    const sent = Date.now();
    return stack.http
      .get(`/v1/runs/${runId}/wait${query}`)
      .set('x-api-key', key())
      .then((res) => ({ res, ms: Date.now() - sent, at: Date.now() }));
  };

  beforeAll(async () => {
    stack = await createTestStack();
    doneId = await start('already done');
    expect((await waitFor(doneId, '?timeout=60')).res.body.data.status).toBe('completed');
  });
  afterAll(() => stack.close());

  test.each(['0', '121', 'abc', '-1', '1.5', ''])('timeout=%s is a 400 VALIDATION_ERROR', async (timeout) => {
    const { res } = await waitFor(doneId, `?timeout=${timeout}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ param: 'timeout' }] });
  });

  test.each(['1', '120'])('timeout=%s is accepted and a finished run returns at once', async (timeout) => {
    const { res, ms } = await waitFor(doneId, `?timeout=${timeout}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: expect.objectContaining({ runId: doneId, status: 'completed' }) });
    expect(ms).toBeLessThan(1000);
  });

  describe('with no worker to run it', () => {
    beforeAll(() => stack.stopWorkers());
    afterAll(() => stack.startWorkers());

    test('a run not done in time answers 200 with the run and timeout: true', async () => {
      const runId = await start('never picked up');
      const { res, ms } = await waitFor(runId, '?timeout=1');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: expect.objectContaining({ runId, status: 'queued', completedAt: null }),
        timeout: true,
      });
      expect(ms).toBeGreaterThanOrEqual(950);
      expect(ms).toBeLessThan(5000);
    });

    test('the timeout defaults to 60 seconds, and a cancel ends the wait', async () => {
      const runId = await start('waited on without a timeout');
      const timers = jest.spyOn(global, 'setTimeout');
      try {
        const pending = waitFor(runId);
        const deadline = Date.now() + 5000;
        while (!timers.mock.calls.some(([, ms]) => ms === 60_000) && Date.now() < deadline)
          await new Promise((r) => setImmediate(r));
        expect(timers.mock.calls.some(([, ms]) => ms === 60_000)).toBe(true);
        const cancelled = await stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
        expect(cancelled.body.data.status).toBe('cancelled');
        const { res, ms } = await pending;
        expect(res.body).toEqual({ data: expect.objectContaining({ runId, status: 'cancelled' }) });
        expect(ms).toBeLessThan(10_000);
      } finally {
        timers.mockRestore();
      }
    });
  });

  test('a waiter is answered as soon as the run completes', async () => {
    await stack.stopWorkers();
    const runId = await start('picked up later');
    const pending = waitFor(runId, '?timeout=60');
    await new Promise((r) => setTimeout(r, 300));
    await stack.startWorkers();
    const { res, at } = await pending;
    expect(res.status).toBe(200);
    expect(res.body.timeout).toBeUndefined();
    expect(res.body.data).toMatchObject({ runId, status: 'completed' });
    // Pushed by the completion event, not found by a slow poll.
    expect(at - Date.parse(res.body.data.completedAt)).toBeLessThan(1500);
  });
});
