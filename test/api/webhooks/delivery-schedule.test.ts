import type { Client } from '@temporalio/client';
import { APP_ID, WORKSPACE_ID } from '../../../adapters/temporal/search-attributes';
import type { TestStack } from '../../support/stack';
import { webhookDeliveryWorkflowId } from '../../../workflows/definitions';
import { openWebhookHarness, type WebhookHarness } from './harness';
import type { HookReceiver } from './receiver';
import { CHAIN_APP } from './test-apps';

interface Delivery {
  id: string;
  revision: number;
  attempt: number;
  statusCode: number | null;
  error: string | null;
  gaveUp: boolean;
  redelivery: boolean;
  messageId: string;
}

/**
 * Issue 12 item 11: six attempts in about 31 s, then silence. Deliveries now follow a schedule of durable
 * timers over hours (shortened here through WEBHOOK_RETRY_SCHEDULE), record `gave_up`, and can be sent
 * again on request.
 */
describe('webhook retry window of ~31 s, nothing recorded when it gave up, no redelivery', () => {
  let harness: WebhookHarness;
  let stack: TestStack;
  let temporal: Client;
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    // Attempt 2 comes 2 s after the first, attempt 3 200 ms after that: three attempts in all.
    harness = await openWebhookHarness({ config: { WEBHOOK_RETRY_SCHEDULE: '2s,200ms' } });
    ({ stack, temporal } = harness);
  });
  afterEach(() => harness.closeReceivers());
  afterAll(() => harness.close());

  const receiver = (statuses: number[]) => harness.receiver(statuses);
  const startRun = (hook: HookReceiver) => harness.startRun(CHAIN_APP.appId, hook);
  const deliveries = async (runId: string): Promise<Delivery[]> =>
    (await stack.http.get(`/v1/webhooks/deliveries?runId=${runId}`).set('x-api-key', key())).body.data;
  const delivery = (runId: string, revision = 1) =>
    temporal.workflow.getHandle(webhookDeliveryWorkflowId(runId, revision));

  test('a receiver that never accepts gets the whole schedule; the run closes after the first attempt; the last attempt records gave_up', async () => {
    const hook = await receiver([500]);
    const runId = await startRun(hook);

    expect(await temporal.workflow.getHandle(runId).result()).toMatchObject({ status: 'completed' });
    // The run's execution is closed while its delivery waits for attempt 2: a refinement need not wait.
    expect(hook.received).toHaveLength(1);
    const described = await delivery(runId).describe();
    expect(described.status.name).toBe('RUNNING');
    // Operators find it beside its run: it carries the run's search attributes.
    expect(described.typedSearchAttributes.get(WORKSPACE_ID)).toBe(stack.users.owner.workspaceId);
    expect(described.typedSearchAttributes.get(APP_ID)).toBe(CHAIN_APP.appId);
    expect(await stack.engine.awaitClosed(runId, 0)).toBe(true);

    expect(await delivery(runId).result()).toEqual({ outcome: 'gave_up', attempts: 3 });
    const [first, second, third] = await hook.next(3);
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(1900);
    expect(third.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(await deliveries(runId)).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 500, error: 'HTTP 500', gaveUp: false }),
      expect.objectContaining({ attempt: 2, statusCode: 500, error: 'HTTP 500', gaveUp: false }),
      expect.objectContaining({ attempt: 3, statusCode: 500, error: 'HTTP 500', gaveUp: true }),
    ]);
  });

  test('a refinement does not wait for the schedule, and the older revision then gives up as superseded', async () => {
    const hook = await receiver([500, 200]);
    const runId = await startRun(hook);
    await temporal.workflow.getHandle(runId).result();

    const refined = await stack.http
      .post(`/v1/runs/${runId}/feedback?timeout=60`)
      .set('x-api-key', key())
      .send({ feedback: 'Make the text shorter' });
    expect(refined.status).toBe(200);
    expect(refined.body.data).toMatchObject({ revision: 2, status: 'completed' });

    expect(await delivery(runId, 1).result()).toEqual({ outcome: 'gave_up', attempts: 2 });
    const [, revised] = await hook.next(2);
    expect(JSON.parse(revised.body).data).toMatchObject({ runId, revision: 2, status: 'completed' });
    // Listed by time, where revision 2's attempt and revision 1's second may come in either order.
    const listed = (await deliveries(runId)).sort((a, b) => a.revision - b.revision || a.attempt - b.attempt);
    expect(listed).toEqual([
      expect.objectContaining({ revision: 1, attempt: 1, statusCode: 500, gaveUp: false }),
      expect.objectContaining({
        revision: 1,
        attempt: 2,
        statusCode: null,
        error: 'superseded by revision 2, which sends its own webhook',
        gaveUp: true,
      }),
      expect.objectContaining({ revision: 2, attempt: 1, statusCode: 200, gaveUp: false }),
    ]);
    expect(hook.received).toHaveLength(2);
  });

  test('POST /v1/webhooks/deliveries/{id}/redeliver sends it again, signed afresh, recorded as the next attempt', async () => {
    const hook = await receiver([410, 200]);
    const runId = await startRun(hook);
    await temporal.workflow.getHandle(runId).result();
    const [gone] = await deliveries(runId);
    expect(gone).toMatchObject({ attempt: 1, statusCode: 410, gaveUp: true, redelivery: false });

    const res = await stack.http
      .post(`/v1/webhooks/deliveries/${gone.id}/redeliver`)
      .set('x-api-key', key())
      .send({});

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      runId,
      attempt: 2,
      statusCode: 200,
      error: null,
      gaveUp: false,
      redelivery: true,
      messageId: gone.messageId,
    });
    const [first, again] = await hook.next(2);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(Number(again.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(
      Number(first.headers['webhook-timestamp']),
    );
    const verified = await stack.http
      .post('/v1/webhooks/verify')
      .set('x-api-key', key())
      .send({ body: again.body, headers: again.headers });
    expect(verified.body).toEqual({ data: { valid: true } });
    expect((await deliveries(runId)).map((d) => d.attempt)).toEqual([1, 2]);
  });

  test("another workspace's delivery, an unknown one and a malformed id are 404", async () => {
    const hook = await receiver([200]);
    const runId = await startRun(hook);
    await temporal.workflow.getHandle(runId).result();
    const [delivered] = await deliveries(runId);

    for (const [id, user] of [
      [delivered.id, stack.users.outsider],
      ['00000000-0000-4000-8000-000000000000', stack.users.owner],
      ['not-a-uuid', stack.users.owner],
    ] as const) {
      const res = await stack.http
        .post(`/v1/webhooks/deliveries/${id}/redeliver`)
        .set('x-api-key', user.key)
        .send({});
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'Delivery not found' });
    }
    expect(hook.received).toHaveLength(1);
  });
});
