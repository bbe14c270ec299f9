import { Client, Connection } from '@temporalio/client';
import { createTestStack, type TestStack, type TestStackOptions } from '../../support/stack';
import { testTemporalAddress } from '../../support/temporal';
import { startHookReceiver, type HookReceiver } from './receiver';
import { insertTestApps } from './test-apps';

export interface WebhookHarness {
  stack: TestStack;
  /** A client of the test Temporal server, to await a run's workflows. */
  temporal: Client;
  /** A receiver on 127.0.0.1 answering `statuses` in turn; closed by `closeReceivers`. */
  receiver(statuses?: number[]): Promise<HookReceiver>;
  /** Starts a run of a test app whose webhook is `hook`; answers its run id. */
  startRun(appId: string, hook: HookReceiver, topic?: string): Promise<string>;
  closeReceivers(): Promise<void>;
  close(): Promise<void>;
}

/** The whole service with the webhook test apps (test-apps.ts), for the tests of webhook delivery. */
export async function openWebhookHarness(options: TestStackOptions): Promise<WebhookHarness> {
  const stack = await createTestStack(options);
  await insertTestApps(stack.services.database.db, stack.users.owner);
  const temporal = new Client({
    connection: await Connection.connect({ address: testTemporalAddress() }),
    namespace: stack.config.TEMPORAL_NAMESPACE,
  });
  let receivers: HookReceiver[] = [];
  return {
    stack,
    temporal,
    async receiver(statuses) {
      const r = await startHookReceiver(statuses);
      receivers.push(r);
      return r;
    },
    async startRun(appId, hook, topic = 'a reusable water bottle') {
      const res = await stack.http
        .post(`/v1/apps/${appId}/runs?webhook=${encodeURIComponent(hook.url)}`)
        .set('x-api-key', stack.users.owner.key)
        .send({ inputs: { topic } });
      expect(res.status).toBe(202);
      return res.body.data.runId;
    },
    async closeReceivers() {
      await Promise.all(receivers.map((r) => r.close()));
      receivers = [];
    },
    async close() {
      await temporal.connection.close();
      await stack.close();
    },
  };
}
