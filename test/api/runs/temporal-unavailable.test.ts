import { loadConfig } from '../../../core/config';
import { createRunEngine } from '../../../adapters/temporal/run-engine';
import { startTemporalDevServer, type DevServer } from '../../../scripts/dev-server';
import { findTemporalCli } from '../../../scripts/temporal-cli';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('POST /v1/apps/{appId}/runs with Temporal stopped', () => {
  let server: DevServer;
  let stack: TestStack;

  beforeAll(async () => {
    server = await startTemporalDevServer({
      cliPath: findTemporalCli(loadConfig(process.env)),
      uiPort: null,
      namespace: 'default',
    });
    const engine = createRunEngine({
      address: server.address,
      namespace: 'default',
      taskQueue: 'unavailable-test',
    });
    stack = await createTestStack({ workers: false, deps: { engine } });
  });
  afterAll(async () => {
    await stack.deps.engine.close();
    await stack.close();
    await server.stop();
  });

  test('answers 503 RESOURCE_UNAVAILABLE, retryable, and leaves no run behind', async () => {
    const key = stack.users.owner.key;
    const before = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key)
      .send({ inputs: { topic: 'while up' } });
    expect(before.status).toBe(202);

    await server.stop();
    const res = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key)
      .send({ inputs: { topic: 'while down' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'RESOURCE_UNAVAILABLE',
      retryable: true,
      requestId: res.headers['x-request-id'],
    });
    const runs = await stack.http.get('/v1/runs').set('x-api-key', key);
    expect(runs.body.pagination.total).toBe(1);
    expect(
      (await stack.http.get('/v1/account/usage').set('x-api-key', key)).body.data.credits.totalSpent,
    ).toBe(0);
  });

  test('reads keep working from the database while Temporal is down', async () => {
    const runs = await stack.http.get('/v1/runs').set('x-api-key', stack.users.owner.key);
    const run = await stack.http
      .get(`/v1/runs/${runs.body.data[0].runId}`)
      .set('x-api-key', stack.users.owner.key);
    expect(run.status).toBe(200);
    expect(run.body.data.status).toBe('queued');
  });
});
