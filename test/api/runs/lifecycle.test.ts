import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('run lifecycle', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack();
  });
  afterAll(() => stack.close());

  test('a run goes from queued to completed with every output resolved', async () => {
    const key = stack.users.owner.key;
    const started = await stack.http.post(`/v1/apps/${SOCIAL_POST}/runs`).set('x-api-key', key).send({ inputs: { topic: 'launch of a reusable water bottle' } });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'queued', outputs: [{ status: 'pending', value: null }, { status: 'pending', value: null }] });
    const runId = started.body.data.runId;
    const waited = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key);
    expect(waited.status).toBe(200);
    expect(waited.body.timeout).toBeUndefined();
    expect(waited.body.data).toMatchObject({ runId, workflowId: runId, status: 'completed', errorMessage: null });
    expect(waited.body.data.outputs.map((o: { status: string }) => o.status)).toEqual(['completed', 'completed']);
    expect(waited.body.data.startedAt).not.toBeNull();
    expect(waited.body.data.completedAt).not.toBeNull();
  });
});
