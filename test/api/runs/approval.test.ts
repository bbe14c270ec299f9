import { reviewedText } from '../../support/reviewed-app';
import { createTestStack, type TestStack } from '../../support/stack';
import { insertTestApp, startAppRun, waitForApprovalRequest, waitForEnd } from '../../support/runs';

describe('POST /v1/runs/:runId/approvals/:nodeId', () => {
  let stack: TestStack;
  let appId: string;
  beforeAll(async () => {
    stack = await createTestStack();
    appId = await insertTestApp(stack, stack.users.owner, reviewedText());
  });
  afterAll(() => stack.close());

  const decide = (runId: string, nodeId: string, body: unknown) =>
    stack.http
      .post(`/v1/runs/${runId}/approvals/${nodeId}`)
      .set('x-api-key', stack.users.owner.key)
      .send(body as object);

  const waitingRun = async () => {
    const runId = await startAppRun(stack, stack.users.owner, appId, { topic: 'our new opening hours' });
    await waitForApprovalRequest(stack, runId, 'review');
    return runId;
  };

  test('approving the waiting node lets the run complete with the reviewed output', async () => {
    const runId = await waitingRun();
    const res = await decide(runId, 'review', { decision: 'approve', comment: 'Looks good' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ runId, nodeId: 'review', decision: 'approve' });
    const run = await waitForEnd(stack, stack.users.owner, runId, 60);
    expect(run.status).toBe('completed');
    expect(run.outputs).toEqual([
      expect.objectContaining({
        label: 'Announcement',
        status: 'completed',
        value: expect.stringContaining('opening hours'),
      }),
    ]);
  });

  test('rejecting the waiting node fails the run with the reviewer comment in errorMessage', async () => {
    const runId = await waitingRun();
    const res = await decide(runId, 'review', {
      decision: 'reject',
      comment: 'Wrong opening hours on Sunday',
    });
    expect(res.status).toBe(200);
    const run = await waitForEnd(stack, stack.users.owner, runId, 60);
    expect(run.status).toBe('failed');
    expect(run.errorMessage).toContain('Wrong opening hours on Sunday');
    expect(run.outputs).toEqual([
      expect.objectContaining({ label: 'Announcement', status: 'error', value: null }),
    ]);
  });

  test('a decision that is neither approve nor reject is a 400 and the node keeps waiting', async () => {
    const runId = await waitingRun();
    const res = await decide(runId, 'review', { decision: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details).toEqual([expect.objectContaining({ param: 'decision' })]);
    expect((await decide(runId, 'review', { decision: 'approve' })).status).toBe(200);
    expect((await waitForEnd(stack, stack.users.owner, runId, 60)).status).toBe('completed');
  });

  test('a decision for a node that is not awaiting approval is a 400 not_awaiting_approval', async () => {
    const runId = await waitingRun();
    for (const nodeId of ['draft', 'no-such-node']) {
      const res = await decide(runId, nodeId, { decision: 'approve' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toEqual([
        expect.objectContaining({ param: 'nodeId', code: 'not_awaiting_approval' }),
      ]);
    }
    await decide(runId, 'review', { decision: 'approve' });
    expect((await waitForEnd(stack, stack.users.owner, runId, 60)).status).toBe('completed');
  });

  test('a decision on a completed run is a 400', async () => {
    const runId = await waitingRun();
    await decide(runId, 'review', { decision: 'approve' });
    expect((await waitForEnd(stack, stack.users.owner, runId, 60)).status).toBe('completed');
    const res = await decide(runId, 'review', { decision: 'approve' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      expect.objectContaining({ code: 'not_awaiting_approval', message: 'the run is completed' }),
    ]);
  });
});
