import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('credits', () => {
  let stack: TestStack;
  const usage = async () =>
    (await stack.http.get('/v1/account/usage').set('x-api-key', stack.users.owner.key)).body.data;

  beforeAll(async () => {
    stack = await createTestStack({ config: { NODE_COSTS: '{"image.generate": 4, "text.generate": 1.5}' } });
  });
  afterAll(() => stack.close());

  test('usage reports the balance, the totals and the rate limit exactly as the contract shapes it', async () => {
    expect(await usage()).toEqual({
      credits: { balance: 1000, totalEarned: 1000, totalSpent: 0, reserved: 0 },
      rateLimit: { limit: 100000, windowMs: 60000 },
      manageUrl: expect.any(String),
    });
  });

  test('estimate prices every node the run would execute', async () => {
    const res = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/estimate`)
      .set('x-api-key', stack.users.owner.key)
      .send({});
    expect(res.body.data).toEqual({
      appId: SOCIAL_POST,
      name: 'Social Post Image with Caption',
      estimatedCredits: { expected: 5.5, min: 5.5, max: 5.5 },
      breakdown: [
        { nodeId: 'image', nodeType: 'image.generate', credits: 4 },
        { nodeId: 'caption', nodeType: 'text.generate', credits: 1.5 },
        { nodeId: 'out_image', nodeType: 'output', credits: 0 },
        { nodeId: 'out_caption', nodeType: 'output', credits: 0 },
      ],
      currentBalance: 1000,
      affordable: true,
    });
    const partial = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/estimate`)
      .set('x-api-key', stack.users.owner.key)
      .send({ outputs: ['caption'] });
    expect(partial.body.data.estimatedCredits.expected).toBe(1.5);
  });

  test('a completed run debits its nodes once; a sandbox run costs nothing', async () => {
    await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .set('X-Atelier-Test', 'true')
      .send({ inputs: { topic: 'tea' } });
    expect((await usage()).credits.totalSpent).toBe(0);
    const started = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs: { topic: 'tea' } });
    const done = await stack.http
      .get(`/v1/runs/${started.body.data.runId}/wait`)
      .set('x-api-key', stack.users.owner.key);
    expect(done.body.data.cost).toEqual({ credits: 5.5 });
    expect((await usage()).credits).toEqual({
      balance: 994.5,
      totalEarned: 1000,
      totalSpent: 5.5,
      reserved: 0,
    });
  });

  test('a run the workspace cannot afford is refused with 403 and says so', async () => {
    await stack.services.database.db
      .insertInto('credit_ledger')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        workspace_id: stack.users.owner.workspaceId,
        amount: -994,
        reason: 'test spend',
      })
      .execute();
    const res = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.owner.key)
      .send({ inputs: { topic: 'tea' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'FORBIDDEN',
      error: expect.stringMatching(/Insufficient credits/),
    });
    const runs = await stack.http.get('/v1/runs').set('x-api-key', stack.users.owner.key);
    expect(runs.body.pagination.total).toBe(1);
  });
});
