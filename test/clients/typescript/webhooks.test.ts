import { createWebhookVerifier } from '../../../clients/typescript/src';
import { startHookReceiver, type HookReceiver, type ReceivedHook } from '../../api/webhooks/receiver';
import { contractClient } from '../../support/atelier-client';
import { listen } from '../../support/listen';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('the TypeScript client verifies webhook deliveries as Atelier signs them', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let receiver: HookReceiver;
  let delivery: ReceivedHook;
  let setup: ReturnType<typeof contractClient>;
  const jwksFetches = () => setup.requests.filter((r) => r.url.endsWith('/v1/webhooks/signing-key')).length;
  const headersWithout = (prefix: string) =>
    Object.fromEntries(
      Object.entries(delivery.headers).filter(([name]) => !name.startsWith(prefix)),
    ) as Record<string, string>;

  beforeAll(async () => {
    stack = await createTestStack();
    server = await listen(stack.app.callback());
    receiver = await startHookReceiver();
    setup = contractClient(server.origin, stack.users.owner.key, stack.contract);
    const { data: run } = await setup.client.startRun({
      path: { appId: QUOTE_CARD },
      query: { webhook: receiver.url },
      body: { inputs: { quote: 'signed, sealed, delivered' } },
    });
    await setup.client.waitForRun(run.runId);
    [delivery] = await receiver.next(1);
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
    await stack.close();
  });

  test('a real delivery verifies with the Atelier headers, its payload is the Run', async () => {
    const result = await setup.client.webhooks.verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    );
    expect(result).toMatchObject({
      valid: true,
      event: 'run.completed',
      deliveryId: expect.stringMatching(/^msg_/),
    });
    if (result.valid) expect(result.payload.data.status).toBe('completed');
    // The server's own check agrees.
    const { data } = await setup.client.verifyWebhook({
      body: { body: delivery.body, headers: delivery.headers as Record<string, string> },
    });
    expect(data).toEqual({ valid: true });
  });

  test('the Standard Webhooks headers alone verify too', async () => {
    const result = await setup.client.webhooks.verify(delivery.body, headersWithout('x-atelier-'));
    expect(result.valid).toBe(true);
  });

  test('a changed body, an old delivery or an unknown key is refused, and says why', async () => {
    const verify = setup.client.webhooks.verify;
    const headers = delivery.headers as Record<string, string>;
    expect(await verify(delivery.body.replace('completed', 'failed'), headers)).toEqual({
      valid: false,
      error: 'signature mismatch',
    });
    const later = createWebhookVerifier({
      fetchKeys: () => setup.client.getWebhookSigningKeys(),
      now: () => new Date(Date.now() + 10 * 60_000),
    });
    expect(await later(delivery.body, headers)).toEqual({
      valid: false,
      error: 'timestamp outside tolerance',
    });
    expect(await verify(delivery.body, headersWithout('x-atelier-webhook-signature'))).toMatchObject({
      valid: true,
    });
    expect(await verify(delivery.body, { ...headers, 'x-atelier-webhook-key-id': 'rotated-away' })).toEqual({
      valid: false,
      error: 'unknown key',
    });
  });

  test('the key set is fetched once and cached; an unknown key id fetches it again', async () => {
    const { client, requests } = contractClient(server.origin, stack.users.owner.key, stack.contract);
    const fetches = () => requests.filter((r) => r.url.endsWith('/v1/webhooks/signing-key')).length;
    const headers = delivery.headers as Record<string, string>;
    await client.webhooks.verify(delivery.body, headers);
    await client.webhooks.verify(delivery.body, headers);
    expect(fetches()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.webhooks.verify(delivery.body, { ...headers, 'x-atelier-webhook-key-id': 'new-key' });
    expect(fetches()).toBe(2);
    expect(jwksFetches()).toBeGreaterThanOrEqual(1);
  });
});
