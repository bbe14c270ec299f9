import { startApiServer } from '../../../api/server';
import { eventually } from '../../support/eventually';
import { testLogger } from '../../support/logger';
import { openStream } from '../../support/sse';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/**
 * Issue 12 item 13: SIGTERM closed open `/wait` and SSE connections with no response. The entry points
 * (scripts/start.ts, api/main.ts) stop the API with `close()`, which now drains (api/drain.ts).
 */
describe('shutdown drops clients', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // No workers: the run stays queued, so its wait and its stream stay open.
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  test("close() answers a pending wait with the wait's timeout shape and ends a stream with retry: and id:", async () => {
    const api = await startApiServer({ ...stack.config, PORT: 0 }, stack.services, stack.engine, testLogger);
    const headers = { 'x-api-key': stack.users.owner.key };
    const started = await stack.http
      .post(`/v1/apps/${QUOTE_CARD}/runs`)
      .set(headers)
      .send({ inputs: { quote: 'still queued' } });
    const runId = started.body.data.runId;
    const sse = await openStream(`${api.url}/v1/runs/${runId}/stream`, headers);
    const [progress] = await sse.received(1);
    const waiting = fetch(`${api.url}/v1/runs/${runId}/wait?timeout=120`, { headers }).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }));
    const connections = () => new Promise<number>((r) => api.server.getConnections((_e, n) => r(n)));
    await eventually(connections, (n) => n === 2);

    await api.close();

    expect(await waiting).toEqual({
      status: 200,
      body: { data: expect.objectContaining({ runId, status: 'queued' }), timeout: true },
    });
    await sse.ended;
    expect(sse.events).toEqual([
      progress,
      {
        event: 'timeout',
        id: progress.id,
        retry: 2000,
        data: { message: expect.stringContaining('reconnect with Last-Event-ID') },
      },
    ]);
    expect(api.server.listening).toBe(false);
    await expect(fetch(`${api.url}/v1/runs/${runId}`, { headers })).rejects.toThrow();
  });
});
