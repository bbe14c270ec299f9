import { createPublicKey, verify } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@temporalio/client';
import { findRunNodes } from '../../../adapters/db/runs';
import type { TestStack } from '../../support/stack';
import { webhookDeliveryWorkflowId } from '../../../workflows/definitions';
import { openWebhookHarness, type WebhookHarness } from './harness';
import type { HookReceiver, ReceivedHook } from './receiver';
import { APPROVAL_APP, CHAIN_APP, modelsFailingOn } from './test-apps';

interface Jwks {
  keys: { kty: string; crv: string; x: string; kid: string }[];
}

/** What a customer writes with node:crypto alone (docs/webhooks.md), one function per header set. */
function verifyAtelierHeaders(raw: string, headers: IncomingHttpHeaders, jwks: Jwks): boolean {
  const timestamp = String(headers['x-atelier-webhook-timestamp']);
  if (!(Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300)) return false;
  const key = publicKey(jwks, String(headers['x-atelier-webhook-key-id']));
  return verify(
    null,
    Buffer.from(`${timestamp}.${raw}`),
    key,
    Buffer.from(String(headers['x-atelier-webhook-signature']), 'hex'),
  );
}

function verifyStandardHeaders(raw: string, headers: IncomingHttpHeaders, jwks: Jwks): boolean {
  const [version, signature] = String(headers['webhook-signature']).split(',');
  if (version !== 'v1a') return false;
  const signed = Buffer.from(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${raw}`);
  return jwks.keys.some((jwk) =>
    verify(null, signed, publicKey(jwks, jwk.kid), Buffer.from(signature, 'base64')),
  );
}

function publicKey(jwks: Jwks, kid: string) {
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk) throw new Error(`no key ${kid} in the JWKS`);
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
}

describe('webhook delivery of a run', () => {
  let harness: WebhookHarness;
  let stack: TestStack;
  let temporal: Client;
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    harness = await openWebhookHarness({
      models: modelsFailingOn('FAIL'),
      config: { WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s,1s' },
    });
    ({ stack, temporal } = harness);
  });
  afterEach(() => harness.closeReceivers());
  afterAll(() => harness.close());

  const receiver = (statuses?: number[]) => harness.receiver(statuses);
  const startRun = (appId: string, hook: HookReceiver, topic?: string) =>
    harness.startRun(appId, hook, topic);

  /** The run's end, and its delivery workflow's if it has one: after it, no further webhook attempt can happen. */
  const workflowResult = async (runId: string) => {
    const result = (await temporal.workflow.getHandle(runId).result()) as { status: string };
    await temporal.workflow
      .getHandle(webhookDeliveryWorkflowId(runId, 1))
      .result()
      .catch((err: Error) => {
        if (err.name !== 'WorkflowNotFoundError') throw err;
      });
    return result;
  };

  const deliveries = async (runId: string) => {
    const res = await stack.http.get(`/v1/webhooks/deliveries?runId=${runId}`).set('x-api-key', key());
    expect(res.status).toBe(200);
    return res.body.data as {
      attempt: number;
      statusCode: number | null;
      latencyMs: number;
      error: string | null;
      event: string;
      url: string;
      messageId: string;
    }[];
  };

  const verifyViaApi = (hook: Pick<ReceivedHook, 'body' | 'headers'>) =>
    stack.http
      .post('/v1/webhooks/verify')
      .set('x-api-key', key())
      .send({ body: hook.body, headers: hook.headers });

  test('a completed run POSTs {data: Run} equal to GET /v1/runs/{id}, with both header sets', async () => {
    const hook = await receiver();
    const runId = await startRun(CHAIN_APP.appId, hook);
    const [received] = await hook.next(1);

    const run = await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key());
    expect(JSON.parse(received.body)).toEqual({ data: run.body.data });
    expect(run.body.data.status).toBe('completed');
    const kid = (await stack.services.signingKey()).kid;
    expect(received.headers).toMatchObject({
      'content-type': 'application/json',
      'x-atelier-webhook-signature': expect.stringMatching(/^[0-9a-f]{128}$/),
      'x-atelier-webhook-timestamp': expect.stringMatching(/^\d+$/),
      'x-atelier-webhook-request-id': runId,
      'x-atelier-webhook-event': 'run.completed',
      'x-atelier-webhook-key-id': kid,
      'webhook-id': expect.stringMatching(/^msg_/),
      'webhook-signature': expect.stringMatching(/^v1a,[A-Za-z0-9+/]+={0,2}$/),
    });
    expect(received.headers['webhook-timestamp']).toBe(received.headers['x-atelier-webhook-timestamp']);
    expect(Math.abs(Number(received.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
  });

  test('a customer verifies both header sets with the published JWKS and node:crypto alone', async () => {
    const hook = await receiver();
    await startRun(CHAIN_APP.appId, hook);
    const [received] = await hook.next(1);
    const jwks: Jwks = (await stack.http.get('/v1/webhooks/signing-key').set('x-api-key', key())).body;

    expect(verifyAtelierHeaders(received.body, received.headers, jwks)).toBe(true);
    expect(verifyStandardHeaders(received.body, received.headers, jwks)).toBe(true);
    const tampered = received.body.replace('"completed"', '"failed"');
    expect(tampered).not.toBe(received.body);
    expect(verifyAtelierHeaders(tampered, received.headers, jwks)).toBe(false);
    expect(verifyStandardHeaders(tampered, received.headers, jwks)).toBe(false);
  });

  test('POST /v1/webhooks/verify accepts the delivery and refuses a tampered body, under either header set', async () => {
    const hook = await receiver();
    await startRun(CHAIN_APP.appId, hook);
    const [received] = await hook.next(1);
    const standardOnly = Object.fromEntries(
      Object.entries(received.headers).filter(([name]) => !name.startsWith('x-atelier-')),
    );
    const tampered = `${received.body} `;

    expect((await verifyViaApi(received)).body).toEqual({ data: { valid: true } });
    expect((await verifyViaApi({ body: received.body, headers: standardOnly })).body).toEqual({
      data: { valid: true },
    });
    expect((await verifyViaApi({ body: tampered, headers: received.headers })).body).toEqual({
      data: { valid: false, error: 'signature mismatch' },
    });
    expect((await verifyViaApi({ body: tampered, headers: standardOnly })).body).toEqual({
      data: { valid: false, error: 'signature mismatch' },
    });
  });

  test('a receiver that answers 500 then 200 gets a second attempt, signed afresh, and both attempts are listed', async () => {
    const hook = await receiver([500, 200]);
    const runId = await startRun(CHAIN_APP.appId, hook);
    const [first, second] = await hook.next(2);
    await workflowResult(runId);

    for (const attempt of [first, second])
      expect((await verifyViaApi(attempt)).body).toEqual({ data: { valid: true } });
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(900);
    // Ed25519 is deterministic: the signature changes exactly when the signed timestamp does.
    const stamp = (h: ReceivedHook) => h.headers['x-atelier-webhook-timestamp'];
    const signature = (h: ReceivedHook) => h.headers['x-atelier-webhook-signature'];
    if (stamp(first) !== stamp(second)) expect(signature(second)).not.toBe(signature(first));
    else expect(signature(second)).toBe(signature(first));
    // Standard Webhooks: one message id across the retries of a delivery, so receivers can de-duplicate.
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);

    const listed = await deliveries(runId);
    expect(listed).toEqual([
      expect.objectContaining({
        attempt: 1,
        statusCode: 500,
        error: 'HTTP 500',
        event: 'run.completed',
        url: hook.url,
        messageId: first.headers['webhook-id'],
      }),
      expect.objectContaining({
        attempt: 2,
        statusCode: 200,
        error: null,
        event: 'run.completed',
        url: hook.url,
        messageId: first.headers['webhook-id'],
      }),
    ]);
    for (const d of listed) expect(d.latencyMs).toEqual(expect.any(Number));
    for (const d of listed) expect(d.latencyMs).toBeGreaterThanOrEqual(0);
  });

  test('a receiver that answers 410 Gone gets exactly one attempt and the run stays completed', async () => {
    const hook = await receiver([410]);
    const runId = await startRun(CHAIN_APP.appId, hook);
    await hook.next(1);
    expect(await workflowResult(runId)).toMatchObject({ status: 'completed' });

    expect(await deliveries(runId)).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 410, error: 'HTTP 410' }),
    ]);
    expect(hook.received).toHaveLength(1);
    const run = await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key());
    expect(run.body.data.status).toBe('completed');
  });

  test('a failed run sends run.failed with the failed Run', async () => {
    const hook = await receiver();
    const runId = await startRun(CHAIN_APP.appId, hook, 'FAIL');
    const [received] = await hook.next(1);

    expect(received.headers['x-atelier-webhook-event']).toBe('run.failed');
    const body = JSON.parse(received.body);
    expect(body.data).toMatchObject({
      runId,
      status: 'failed',
      errorMessage: 'Node "Draft" failed: the provider refused the prompt',
    });
    expect(body.data.outputs).toEqual([expect.objectContaining({ id: 'out', status: 'error', value: null })]);
    expect((await verifyViaApi(received)).body).toEqual({ data: { valid: true } });
  });

  test('a cancelled run sends run.cancelled with the cancelled Run', async () => {
    const hook = await receiver();
    const runId = await startRun(APPROVAL_APP.appId, hook);
    await eventually(async () =>
      (await findRunNodes(stack.services.database.db, runId)).some(
        (n) => n.node_id === 'review' && n.status === 'awaiting_approval',
      ),
    );
    const cancelled = await stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
    expect(cancelled.body.data).toEqual({ runId, status: 'cancelled' });
    const [received] = await hook.next(1);

    expect(received.headers['x-atelier-webhook-event']).toBe('run.cancelled');
    expect(JSON.parse(received.body).data).toMatchObject({
      runId,
      status: 'cancelled',
      completedAt: expect.any(String),
    });
    expect(await workflowResult(runId)).toMatchObject({ status: 'cancelled' });
    expect(await deliveries(runId)).toEqual([
      expect.objectContaining({ attempt: 1, statusCode: 200, event: 'run.cancelled' }),
    ]);
  });

  test("another workspace's deliveries are 404, as is an unknown run", async () => {
    const hook = await receiver();
    const runId = await startRun(CHAIN_APP.appId, hook);
    await hook.next(1);

    const outsider = await stack.http
      .get(`/v1/webhooks/deliveries?runId=${runId}`)
      .set('x-api-key', stack.users.outsider.key);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toMatchObject({ code: 'NOT_FOUND', error: 'Run not found' });
    const unknown = await stack.http
      .get('/v1/webhooks/deliveries?runId=00000000-0000-4000-8000-000000000000')
      .set('x-api-key', key());
    expect(unknown.status).toBe(404);
    const member = await stack.http
      .get(`/v1/webhooks/deliveries?runId=${runId}`)
      .set('x-api-key', stack.users.member.key);
    expect(member.status).toBe(200);
  });
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}
