import { listen } from '../../support/listen';
import { reviewedText } from '../../support/reviewed-app';
import { openStream } from '../../support/sse';
import { createTestStack, type TestStack } from '../../support/stack';
import { insertTestApp, startAppRun, waitForApprovalRequest, waitForEnd } from '../../support/runs';

describe('a run an agent can act on: nodes, awaitingApproval and node events', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let origin: string;
  let appId: string;
  const key = () => stack.users.owner.key;
  const getRun = async (runId: string) =>
    (await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key())).body.data;

  beforeAll(async () => {
    stack = await createTestStack();
    appId = await insertTestApp(stack, stack.users.owner, reviewedText());
    server = await listen(stack.app.callback());
    origin = server.origin;
  });
  afterAll(async () => {
    await server.close();
    await stack.close();
  });

  test('a run waiting for a person says which node, since when, and where to approve it', async () => {
    const runId = await startAppRun(stack, stack.users.owner, appId, { topic: 'our summer hours' });
    await waitForApprovalRequest(stack, runId, 'review');
    const run = await getRun(runId);
    expect(run.status).toBe('running');
    expect(run.nodes.map((n: { id: string; status: string }) => [n.id, n.status])).toEqual([
      ['draft', 'completed'],
      ['review', 'awaiting_approval'],
      ['out', 'queued'],
    ]);
    expect(run.nodes[0]).toMatchObject({ label: 'Draft', type: 'text.generate', attempts: 1 });
    expect(run.nodes[0].startedAt <= run.nodes[0].completedAt).toBe(true);
    expect(run.awaitingApproval).toEqual({
      nodeId: 'review',
      label: 'Review',
      since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      approvalUrl: `/v1/runs/${runId}/approvals/review`,
      instructions: 'Approve the announcement.',
      reviewing: [
        {
          nodeId: 'draft',
          label: 'Draft',
          type: 'text',
          value: expect.stringContaining('summer hours'),
          quality: null,
        },
      ],
    });

    // The URL is the approval itself: an agent posts its decision there.
    const approved = await stack.http
      .post(run.awaitingApproval.approvalUrl)
      .set('x-api-key', key())
      .send({ decision: 'approve' });
    expect(approved.status).toBe(200);
    const ended = await waitForEnd(stack, stack.users.owner, runId);
    expect(ended.status).toBe('completed');
    expect((await getRun(runId)).awaitingApproval).toBeNull();
  });

  test('the stream pushes node events beside progress, awaiting approval included', async () => {
    await stack.stopWorkers();
    let runId: string;
    let sse: Awaited<ReturnType<typeof openStream>>;
    const problems: string[] = [];
    try {
      runId = await startAppRun(stack, stack.users.owner, appId, { topic: 'a new bakery' });
      sse = await openStream(`${origin}/v1/runs/${runId}/stream`, { 'x-api-key': key() }, (event) => {
        try {
          stack.contract.checkEvent(event);
        } catch (err) {
          problems.push((err as Error).message);
        }
      });
      await sse.received(1);
    } finally {
      await stack.startWorkers();
    }
    const waiting = async () => {
      for (let i = 0; i < 600 && !sse.events.some((e) => e.event === 'node.awaiting_approval'); i++)
        await new Promise((r) => setTimeout(r, 100));
    };
    await waiting();
    const awaiting = sse.events.find((e) => e.event === 'node.awaiting_approval')!;
    expect(awaiting.data).toMatchObject({
      runId,
      revision: 1,
      node: { id: 'review', status: 'awaiting_approval' },
      awaitingApproval: { nodeId: 'review', approvalUrl: `/v1/runs/${runId}/approvals/review` },
    });
    await stack.http
      .post(`/v1/runs/${runId}/approvals/review`)
      .set('x-api-key', key())
      .send({ decision: 'approve' });
    await sse.ended;

    const nodeEvents = sse.events
      .filter((e) => e.event.startsWith('node.'))
      .map((e) => `${e.event} ${(e.data as { node: { id: string } }).node.id}`);
    expect(nodeEvents).toEqual(
      expect.arrayContaining([
        'node.started draft',
        'node.completed draft',
        'node.awaiting_approval review',
        'node.completed out',
      ]),
    );
    expect(nodeEvents.indexOf('node.started draft')).toBeLessThan(nodeEvents.indexOf('node.completed draft'));
    expect(nodeEvents.indexOf('node.completed draft')).toBeLessThan(
      nodeEvents.indexOf('node.awaiting_approval review'),
    );
    expect(sse.events.at(-1)!.event).toBe('complete');
    // Every event's data is what the stream operation documents (Run, RunNodeEvent).
    expect(problems).toEqual([]);
    const last = sse.events.at(-1)!;
    expect(last.data).toEqual(await getRun(runId));
  });
});
