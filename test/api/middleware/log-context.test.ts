import type { RunEngine } from '../../../adapters/temporal/run-engine';
import { capturingLogger } from '../../support/log-capture';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('request and run ids on every log line of a request', () => {
  const { logger, lines } = capturingLogger('atelier-api');
  let stack: TestStack;

  /** The engine stands for any dependency that logs without being told which request it serves. */
  const loggingEngine: RunEngine = {
    async start(input) {
      logger.info({ revision: input.revision }, 'engine: start');
      return 'started';
    },
    currentExecution: async () => null,
    async cancel() {
      logger.info('engine: cancel');
      return true;
    },
    decideApproval: async () => undefined,
    awaitClosed: async () => true,
    answers: async () => undefined,
    close: async () => undefined,
  };

  beforeAll(async () => {
    stack = await createTestStack({ workers: false, logger, deps: { engine: loggingEngine } });
  });
  afterAll(() => stack.close());
  beforeEach(() => lines.splice(0));

  test('a request that starts a run logs its request id and, once admitted, the run id', async () => {
    const res = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .set('x-request-id', 'req-start-1')
      .send({ inputs: { topic: 'tide pools' } });
    expect(res.status).toBe(202);

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.requestId === 'req-start-1')).toBe(true);
    expect(lines.find((line) => line.msg === 'engine: start')).toMatchObject({ runId: res.body.data.runId });
  });

  test('a request about a run (a :runId route) logs the run id on every line', async () => {
    const started = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs: { topic: 'kelp' } });
    const runId = started.body.data.runId as string;
    lines.splice(0);

    const res = await stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', stack.users.owner.key);
    expect(res.status).toBe(200);

    const requestId = res.headers['x-request-id'];
    expect(lines.map((line) => line.msg)).toContain('engine: cancel');
    expect(lines.every((line) => line.requestId === requestId && line.runId === runId)).toBe(true);
  });

  test('requests do not share a context: concurrent ones keep their own ids', async () => {
    await Promise.all(
      ['req-a', 'req-b', 'req-c'].map((id) =>
        stack.http
          .post(`/v1/apps/${SOCIAL_POST}/runs`)
          .set('x-api-key', stack.users.owner.key)
          .set('x-request-id', id)
          .send({ inputs: { topic: id } }),
      ),
    );
    const starts = lines.filter((line) => line.msg === 'engine: start');
    expect(starts.map((line) => line.requestId).sort()).toEqual(['req-a', 'req-b', 'req-c']);
    expect(new Set(starts.map((line) => line.runId)).size).toBe(3);
  });
});
