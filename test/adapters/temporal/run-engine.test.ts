import { InterceptingCall, status as grpcStatus, type Interceptor } from '@grpc/grpc-js';
import { Client, Connection } from '@temporalio/client';
import { insertRun } from '../../../adapters/db/runs';
import { createRunEngine, type RunEngine } from '../../../adapters/temporal/run-engine';
import { newId } from '../../../core/ids';
import type { RunAppInput } from '../../../core/run/run-types';
import { freePort } from '../../../scripts/free-port';
import { createTestApi, type TestApi } from '../../support/api';
import { TEST_TEMPORAL_NAMESPACE, testTemporalAddress } from '../../support/temporal';

/** No worker polls this queue: a started execution stays open until the test closes it. */
const TASK_QUEUE = `run-engine-test-${newId()}`;

const input = (runId: string, revision = 1): RunAppInput => ({
  runId,
  workspaceId: newId(),
  appId: newId(),
  revision,
  plan: { nodes: [], outputs: [] } as unknown as RunAppInput['plan'],
  params: {},
  execute: [],
  seedOutputs: {},
  promptOverrides: {},
  webhookUrl: null,
  approvalTimeout: '1h',
  mediaTaskQueue: `${TASK_QUEUE}-media`,
});

/**
 * Lets the first StartWorkflowExecution reach the server, then loses its answer: `beforeLoss` runs
 * and the caller sees DEADLINE_EXCEEDED, as when the start exceeded its budget under load.
 */
function loseFirstStartAnswer(beforeLoss: () => Promise<void> = async () => undefined): Interceptor {
  let lost = false;
  return (options, nextCall) =>
    new InterceptingCall(nextCall(options), {
      start(metadata, _listener, next) {
        const isStart = options.method_definition.path.endsWith('/StartWorkflowExecution');
        next(metadata, {
          onReceiveStatus(status, nextStatus) {
            if (!isStart || lost || status.code !== grpcStatus.OK) return nextStatus(status);
            lost = true;
            void beforeLoss().then(() =>
              nextStatus({ ...status, code: grpcStatus.DEADLINE_EXCEEDED, details: 'Deadline exceeded' }),
            );
          },
        });
      },
    });
}

/** Fails every call with `code` before its request is sent, as the client does when it cancels a call. */
function failEveryCall(code: grpcStatus, details: string): Interceptor {
  return (options, nextCall) => {
    const call: InterceptingCall = new InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        next(metadata, listener);
        setImmediate(() => call.cancelWithStatus(code, details));
      },
      sendMessage() {},
      halfClose() {},
    });
    return call;
  };
}

describe('createRunEngine', () => {
  let client: Client;
  const engines: RunEngine[] = [];
  const engine = (interceptors?: Interceptor[], address = testTemporalAddress()) => {
    const created = createRunEngine({
      address,
      namespace: TEST_TEMPORAL_NAMESPACE,
      taskQueue: TASK_QUEUE,
      interceptors,
    });
    engines.push(created);
    return created;
  };

  beforeAll(async () => {
    client = new Client({
      connection: await Connection.connect({ address: testTemporalAddress() }),
      namespace: TEST_TEMPORAL_NAMESPACE,
    });
  });
  afterAll(async () => {
    await Promise.all(engines.map((e) => e.close()));
    await client.connection.close();
  });

  describe('runs left running after a 503 (issue 12 item 3)', () => {
    test('a start whose answer was lost after the workflow started resolves started, with one execution', async () => {
      const runId = newId();
      await expect(engine([loseFirstStartAnswer()]).start(input(runId))).resolves.toBe('started');
      const described = await client.workflow.getHandle(runId).describe();
      expect({ status: described.status.name, memo: described.memo }).toEqual({
        status: 'RUNNING',
        memo: { revision: 1 },
      });
      await client.workflow.getHandle(runId).terminate('test over');
    });

    test('the execution closed before the retry (a refinement id allows another after it): recognised, not started again', async () => {
      const runId = newId();
      const closeIt = () =>
        client.workflow
          .getHandle(runId)
          .terminate('closed before the retry')
          .then(() => undefined);
      await expect(engine([loseFirstStartAnswer(closeIt)]).start(input(runId, 2))).resolves.toBe('started');
      const described = await client.workflow.getHandle(runId).describe();
      expect({ status: described.status.name, memo: described.memo }).toEqual({
        status: 'TERMINATED',
        memo: { revision: 2 },
      });
    });

    test('Temporal refusing connections: 503 RESOURCE_UNAVAILABLE within seconds, nothing started', async () => {
      const began = Date.now();
      const refused = engine(undefined, `127.0.0.1:${await freePort()}`).start(input(newId()));
      await expect(refused).rejects.toMatchObject({ code: 'RESOURCE_UNAVAILABLE', retryable: true });
      expect(Date.now() - began).toBeLessThan(15_000);
    });

    test.each([
      [grpcStatus.CANCELLED, 'Call cancelled'],
      [grpcStatus.DEADLINE_EXCEEDED, 'Deadline exceeded'],
      [grpcStatus.UNAVAILABLE, 'Connection dropped'],
    ])('a call failing with gRPC %s (%s) is RESOURCE_UNAVAILABLE, retryable', async (code, details) => {
      const failing = engine([failEveryCall(code, details)]);
      await expect(failing.cancel(newId())).rejects.toMatchObject({
        code: 'RESOURCE_UNAVAILABLE',
        retryable: true,
      });
    });
  });

  describe('over HTTP', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi({
        deps: { engine: engine([failEveryCall(grpcStatus.CANCELLED, 'Call cancelled')]) },
      });
    });
    afterAll(() => api.close());

    test('"CANCELLED: Call cancelled" from the client answers 503 RESOURCE_UNAVAILABLE with retryable: true, not 500', async () => {
      const runId = newId();
      await insertRun(api.deps.db, {
        id: runId,
        workspace_id: api.users.owner.workspaceId,
        app_id: 'd89aacb5-080e-48ca-b4bd-a7521f422a9a',
        user_id: null,
        status: 'running',
        source: 'api',
        inputs: '{}',
        plan: '{"nodes":[],"outputs":[]}',
        execute: '[]',
        revision: 1,
        webhook_url: null,
        cost_credits: 0,
      });
      const res = await api.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', api.users.owner.key);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'RESOURCE_UNAVAILABLE', retryable: true });
    });
  });
});
