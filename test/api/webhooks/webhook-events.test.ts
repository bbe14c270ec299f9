import type { Client } from '@temporalio/client';
import type { TestStack } from '../../support/stack';
import { openWebhookHarness, type WebhookHarness } from './harness';
import type { HookReceiver } from './receiver';
import { APPROVAL_APP, CHAIN_APP } from './test-apps';

/** The `webhookEvents` filter of Run App and content create (issue 25 item 6). */
describe('webhook events a run asks for', () => {
  let harness: WebhookHarness;
  let stack: TestStack;
  let temporal: Client;
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    harness = await openWebhookHarness({ config: { WEBHOOK_RETRY_SCHEDULE: '1s' } });
    ({ stack, temporal } = harness);
  });
  afterEach(() => harness.closeReceivers());
  afterAll(() => harness.close());

  const start = async (appId: string, hook: HookReceiver, webhookEvents?: string[]) => {
    const res = await stack.http
      .post(`/v1/apps/${appId}/runs?webhook=${encodeURIComponent(hook.url)}`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'a kite' }, ...(webhookEvents ? { webhookEvents } : {}) });
    expect(res.status).toBe(202);
    return res.body.data.runId as string;
  };
  const events = (hook: HookReceiver) =>
    hook.received.map((h) => String(h.headers['x-atelier-webhook-event']));

  test('started and node.completed come before the end, each its own signed message of {data: Run}', async () => {
    const hook = await harness.receiver();
    const runId = await start(CHAIN_APP.appId, hook, ['started', 'node.completed', 'completed']);
    await temporal.workflow.getHandle(runId).result();
    const received = await hook.next(5);
    expect(events(hook).sort()).toEqual(
      ['node.completed', 'node.completed', 'node.completed', 'run.completed', 'run.started'].sort(),
    );
    expect(events(hook).at(-1)).toBe('run.completed');
    expect(new Set(received.map((h) => h.headers['webhook-id'])).size).toBe(5);
    for (const hookCall of received) expect(JSON.parse(hookCall.body).data.runId).toBe(runId);
    const deliveries = await stack.http.get(`/v1/webhooks/deliveries?runId=${runId}`).set('x-api-key', key());
    expect(deliveries.body.data).toHaveLength(5);
  });

  test('awaiting_approval alone: told when a person must decide, and not of the end', async () => {
    const hook = await harness.receiver();
    const runId = await start(APPROVAL_APP.appId, hook, ['awaiting_approval']);
    const [waiting] = await hook.next(1);
    expect(waiting.headers['x-atelier-webhook-event']).toBe('run.awaiting_approval');
    expect(JSON.parse(waiting.body).data.awaitingApproval).toMatchObject({ nodeId: 'review' });
    const approved = await stack.http
      .post(`/v1/runs/${runId}/approvals/review`)
      .set('x-api-key', key())
      .send({ decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(await temporal.workflow.getHandle(runId).result()).toMatchObject({ status: 'completed' });
    expect(events(hook)).toEqual(['run.awaiting_approval']);
  });

  test('a refinement sends the events its run asked for', async () => {
    const hook = await harness.receiver();
    const runId = await start(CHAIN_APP.appId, hook, ['started']);
    await temporal.workflow.getHandle(runId).result();
    await hook.next(1);
    const refined = await stack.http
      .post(`/v1/runs/${runId}/feedback?timeout=60`)
      .set('x-api-key', key())
      .send({ feedback: 'make the text shorter' });
    expect(refined.status).toBe(200);
    expect(refined.body.data.revision).toBe(2);
    const [, second] = await hook.next(2);
    expect(second.headers['x-atelier-webhook-event']).toBe('run.started');
    expect(second.headers['webhook-id']).toMatch(/_r2_started$/);
    await temporal.workflow.getHandle(runId).result();
    expect(events(hook)).toEqual(['run.started', 'run.started']);
  });

  test('without a filter only the end is sent, as before', async () => {
    const hook = await harness.receiver();
    const runId = await start(CHAIN_APP.appId, hook);
    await temporal.workflow.getHandle(runId).result();
    await hook.next(1);
    expect(events(hook)).toEqual(['run.completed']);
  });

  test('a filter without a webhook, or an event that does not exist, is a 400', async () => {
    const noHook = await stack.http
      .post(`/v1/apps/${CHAIN_APP.appId}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'a kite' }, webhookEvents: ['started'] });
    expect(noHook.status).toBe(400);
    expect(noHook.body.details[0]).toMatchObject({ param: 'webhookEvents', code: 'webhook_required' });
    const unknown = await stack.http
      .post('/v1/content/create')
      .set('x-api-key', key())
      .send({ brief: 'a kite poster', webhookEvents: ['node.started'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].param).toBe('webhookEvents.0');
  });
});
