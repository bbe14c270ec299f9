import { contractClient } from '../../support/atelier-client';
import { listen } from '../../support/listen';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const unavailable = () =>
  new Response(
    JSON.stringify({
      error: 'Temporal is restarting',
      code: 'RESOURCE_UNAVAILABLE',
      retryable: true,
      requestId: 'r',
    }),
    { status: 503, headers: { 'content-type': 'application/json' } },
  );

describe('the TypeScript client retries what the contract says may be retried', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    stack = await createTestStack({ workers: false, config: { RATE_LIMIT_PER_MINUTE: '3' } });
    server = await listen(stack.app.callback());
  });
  afterAll(async () => {
    await server.close();
    await stack.close();
  });

  test('a 429 waits the retryAfter the envelope names, then gives up with RATE_LIMITED', async () => {
    const slept: number[] = [];
    const { client, requests } = contractClient(server.origin, key(), stack.contract, {
      retry: { retries: 2, sleep: async (ms) => void slept.push(ms) },
    });
    const answers: unknown[] = [];
    for (let i = 0; i < 3; i++) answers.push(await client.getUsage().catch((err) => err));
    const limited = answers.find((a) => a instanceof Error) as unknown as {
      code: string;
      retryAfter: number;
    };
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', retryable: true, status: 429 });
    // Each retry waited what the server said, and every attempt was made.
    expect(slept.length).toBe(2);
    for (const ms of slept) expect(ms).toBe(limited.retryAfter * 1000);
    expect(requests.filter((r) => r.status === 429).length).toBe(3);
  });
});

describe('the TypeScript client over a flaky network path', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
    server = await listen(stack.app.callback());
  });
  afterAll(async () => {
    await server.close();
    await stack.close();
  });

  /** A fetch whose first `failures` answers are a retryable 503, then the real Atelier's. */
  const flaky = (failures: number) => async (request: Request) =>
    failures-- > 0 ? unavailable() : fetch(request);

  test('a retryable 503 is retried with a backoff, a POST with its body intact', async () => {
    const slept: number[] = [];
    const { client } = contractClient(server.origin, stack.users.owner.key, stack.contract, {
      fetch: flaky(2),
      retry: { sleep: async (ms) => void slept.push(ms), backoffMs: 100 },
    });
    const { data } = await client.startRun({
      path: { appId: SOCIAL_POST },
      body: { inputs: { topic: 'a second try' }, test: true },
    });
    expect(data).toMatchObject({ status: 'test', validatedInputs: { topic: 'a second try' } });
    expect(slept).toHaveLength(2);
    expect(slept[1]).toBeGreaterThan(slept[0]);
  });

  test('a POST with an Idempotency-Key is retried after a lost answer, and the run is made once', async () => {
    // The first attempt reaches Atelier, which starts the run, but its answer is lost on the way back.
    let lost = 1;
    const losing = async (request: Request) => {
      const response = await fetch(request);
      if (lost-- > 0) throw new TypeError('fetch failed: connection reset');
      return response;
    };
    const { client } = contractClient(server.origin, stack.users.owner.key, stack.contract, {
      fetch: losing,
      retry: { sleep: async () => undefined },
    });
    const before = await stack.http.get('/v1/runs').set('x-api-key', stack.users.owner.key);
    const { data } = await client.startRun({
      path: { appId: SOCIAL_POST },
      header: { 'Idempotency-Key': 'lost-answer-1' },
      body: { inputs: { topic: 'a lost answer' } },
    });
    const after = await stack.http.get('/v1/runs').set('x-api-key', stack.users.owner.key);
    expect(lost).toBeLessThan(0);
    expect(after.body.pagination.total).toBe(before.body.pagination.total + 1);
    expect(after.body.data[0].runId).toBe((data as { runId: string }).runId);
  });

  test('with retries off the first retryable error is thrown as it came', async () => {
    const { client } = contractClient(server.origin, stack.users.owner.key, stack.contract, {
      fetch: flaky(1),
      retry: { retries: 0 },
    });
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'RESOURCE_UNAVAILABLE', retryable: true });
  });
});
