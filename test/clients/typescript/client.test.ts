import {
  AtelierApiError,
  OPERATIONS,
  type AtelierClient,
  type RunStreamEvent,
} from '../../../clients/typescript/src';
import { contractClient, type RecordedRequest } from '../../support/atelier-client';
import { listen } from '../../support/listen';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('the TypeScript client (clients/typescript) against a running Atelier', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let atelier: AtelierClient;
  let requests: RecordedRequest[];

  beforeAll(async () => {
    stack = await createTestStack();
    server = await listen(stack.app.callback());
    ({ client: atelier, requests } = contractClient(server.origin, stack.users.owner.key, stack.contract));
  });
  afterAll(async () => {
    await server.close();
    await stack.close();
  });

  test('has one method for every operation of the served document', async () => {
    const doc = (await atelier.getOpenApiDocument()) as unknown as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const served = Object.values(doc.paths).flatMap((methods) =>
      Object.values(methods).map((op) => op.operationId),
    );
    expect(Object.keys(OPERATIONS).sort()).toEqual(served.sort());
    for (const id of served)
      expect(typeof (atelier as unknown as Record<string, unknown>)[id]).toBe('function');
  });

  test('calls operations with typed path, query and body, and answers their typed bodies', async () => {
    const { data: apps } = await atelier.listApps({ query: { search: 'social' } });
    expect(apps.map((a) => a.appId)).toContain(SOCIAL_POST);
    const { data: app } = await atelier.getApp({ path: { appId: SOCIAL_POST } });
    expect(app.parameters.map((p) => p.key)).toContain('topic');
    const { data: usage } = await atelier.getUsage();
    expect(usage.credits.balance).toBeGreaterThan(0);
    const { data: stub } = await atelier.startRun({
      path: { appId: SOCIAL_POST },
      body: { inputs: { topic: 'bread' }, test: true },
    });
    expect(stub.status).toBe('test');
  });

  test('waitForRun follows a run with GET /v1/runs/{runId}/wait until it ends', async () => {
    const { data: run } = await atelier.startRun({
      path: { appId: SOCIAL_POST },
      body: { inputs: { topic: 'kites' } },
    });
    const ended = await atelier.waitForRun(run.runId, { timeoutSeconds: 300 });
    expect(ended.status).toBe('completed');
    expect(ended.outputs.every((o) => o.status === 'completed')).toBe(true);
    expect(requests.some((r) => r.url.includes(`/v1/runs/${run.runId}/wait?timeout=`))).toBe(true);
    const { data: page, pagination } = await atelier.listAssets({ query: { runId: run.runId } });
    expect(page.length).toBe(pagination.total);
  });

  test('streamRun yields the typed events of a run, node events included, and ends with complete', async () => {
    await stack.stopWorkers();
    let runId: string;
    const events: RunStreamEvent[] = [];
    try {
      ({
        data: { runId },
      } = await atelier.startRun({
        path: { appId: SOCIAL_POST },
        body: { inputs: { topic: 'a lighthouse' } },
      }));
    } finally {
      await stack.startWorkers();
    }
    for await (const event of atelier.streamRun(runId)) events.push(event);
    expect(events[0]).toMatchObject({ event: 'progress', data: { runId } });
    expect(events.at(-1)!.event).toBe('complete');
    expect(events.some((e) => e.event === 'node.completed')).toBe(true);
    const last = events.at(-1)!;
    if (last.event === 'complete') expect(last.data.status).toBe('completed');
  });

  test('an error answer throws with the envelope, and a non-retryable one is not retried', async () => {
    const before = requests.length;
    const missing = atelier.getRun({ path: { runId: '0b7e3c2a-5d41-4f9e-8a77-2c1d9e6f4b10' } });
    await expect(missing).rejects.toBeInstanceOf(AtelierApiError);
    await expect(missing).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', retryable: false });
    expect(requests.length).toBe(before + 1);
    await expect(
      atelier.startRun({ path: { appId: SOCIAL_POST }, body: { inputs: { nope: 'x' } } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([expect.objectContaining({ code: 'unknown_parameter' })]),
    });
  });
});
