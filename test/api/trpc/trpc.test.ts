import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('the tRPC router at /trpc', () => {
  let stack: TestStack;
  const query = (path: string, input: unknown, key = stack.users.owner.key) =>
    stack.http.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`).set('x-api-key', key);
  const mutate = (path: string, input: object) =>
    stack.http.post(`/trpc/${path}`).set('x-api-key', stack.users.owner.key).send(input);

  beforeAll(async () => {
    stack = await createTestStack();
  });
  afterAll(() => stack.close());

  test('answers the same app detail as GET /v1/apps/{id}', async () => {
    const viaTrpc = await query('apps.get', { appId: SOCIAL_POST });
    const viaRest = await stack.http.get(`/v1/apps/${SOCIAL_POST}`).set('x-api-key', stack.users.owner.key);
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toEqual(viaRest.body.data);
    const listed = await stack.http.get('/v1/apps').set('x-api-key', stack.users.owner.key);
    expect((await query('apps.list', {})).body.result.data).toEqual(listed.body.data);
  });

  test('starts a run and reads it back', async () => {
    const started = await mutate('runs.start', { appId: SOCIAL_POST, inputs: { topic: 'a rooftop garden' } });
    expect(started.status).toBe(200);
    const runId = started.body.result.data.runId;
    await stack.http.get(`/v1/runs/${runId}/wait`).set('x-api-key', stack.users.owner.key);
    const run = await query('runs.get', { runId });
    expect(run.body.result.data).toMatchObject({ runId, status: 'completed' });
    const listed = await query('runs.list', { limit: 5 });
    expect(listed.body.result.data.data[0].runId).toBe(runId);
  });

  test('uses the same keys and rules: no key is UNAUTHORIZED, a bad input BAD_REQUEST, another workspace NOT_FOUND', async () => {
    const anonymous = await stack.http.get(`/trpc/apps.list?input=${encodeURIComponent('{}')}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toMatch(/AUTH_MISSING_KEY/);
    const invalid = await mutate('runs.start', { appId: SOCIAL_POST, inputs: { topic: 7 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toMatch(/VALIDATION_ERROR/);
    const started = await mutate('runs.start', { appId: SOCIAL_POST, inputs: { topic: 'x' }, test: true });
    expect(started.body.result.data.status).toBe('test');
    const mine = await mutate('runs.start', { appId: SOCIAL_POST, inputs: { topic: 'y' } });
    const theirs = await query('runs.get', { runId: mine.body.result.data.runId }, stack.users.outsider.key);
    expect(theirs.status).toBe(404);
  });
});
