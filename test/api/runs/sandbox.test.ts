import { Client, Connection } from '@temporalio/client';
import { creditBalance } from '../../../adapters/db/credits';
import { createTestStack, type TestStack } from '../../support/stack';
import { testTemporalAddress, TEST_TEMPORAL_NAMESPACE } from '../../support/temporal';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('sandbox runs (X-Atelier-Test / test: true)', () => {
  let stack: TestStack;
  let connection: Connection;
  let temporal: Client;
  const key = () => stack.users.owner.key;
  const sandbox = (appId: string, body: object) =>
    stack.http
      .post(`/v1/apps/${appId}/runs`)
      .set('x-api-key', key())
      .set('X-Atelier-Test', 'true')
      .send(body);

  /** Workflows ever started on this suite's task queue (visibility is eventually consistent). */
  const workflowsOnQueue = async (): Promise<string[]> => {
    const ids: string[] = [];
    for await (const wf of temporal.workflow.list({ query: `TaskQueue = '${stack.config.TASK_QUEUE}'` }))
      ids.push(wf.workflowId);
    return ids;
  };
  const storedState = async () => {
    const db = stack.deps.db;
    const count = async (table: 'runs' | 'run_nodes' | 'credit_ledger' | 'assets') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const { balance } = await creditBalance(db, stack.users.owner.workspaceId);
    return {
      runs: await count('runs'),
      nodes: await count('run_nodes'),
      ledger: await count('credit_ledger'),
      assets: await count('assets'),
      balance,
    };
  };

  beforeAll(async () => {
    stack = await createTestStack();
    connection = await Connection.connect({ address: testTemporalAddress() });
    temporal = new Client({ connection, namespace: TEST_TEMPORAL_NAMESPACE });
  });
  afterAll(async () => {
    await connection.close();
    await stack.close();
  });

  test('the header gives a test stub with pending outputs and the resolved inputs', async () => {
    const res = await sandbox(SOCIAL_POST, { inputs: { topic: 'a reusable bottle' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      runId: expect.stringMatching(/^test_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      workflowId: SOCIAL_POST,
      status: 'test',
      outputs: [
        { id: 'out_image', label: 'Image', type: 'pending', value: null, status: 'pending', error: null },
        { id: 'out_caption', label: 'Caption', type: 'pending', value: null, status: 'pending', error: null },
      ],
      errorMessage: null,
      startedAt: null,
      completedAt: null,
      createdAt: expect.any(String),
      validatedInputs: { topic: 'a reusable bottle', style: 'Bold', aspect_ratio: '1:1' },
      inputSources: {
        topic: { source: 'given', confidence: 1 },
        style: { source: 'default', confidence: 1 },
        aspect_ratio: { source: 'default', confidence: 1 },
      },
    });
  });

  test('test: true in the body gives the same stub as the header', async () => {
    const byHeader = await sandbox(SOCIAL_POST, { inputs: { topic: 'a reusable bottle' } });
    const byBody = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'a reusable bottle' }, test: true });
    expect(byBody.status).toBe(200);
    expect(byBody.body.data.status).toBe('test');
    expect(byBody.body.data.runId).toBe(byHeader.body.data.runId);
  });

  test('the run id depends only on the app and the resolved inputs', async () => {
    const id = async (appId: string, body: object) => (await sandbox(appId, body)).body.data.runId as string;
    const base = await id(SOCIAL_POST, { inputs: { topic: 'bottles', style: 'Minimal' } });
    // Same values: key order, names instead of keys, an explicit default, another caller.
    expect(await id(SOCIAL_POST, { inputs: { style: 'Minimal', topic: 'bottles' } })).toBe(base);
    expect(await id(SOCIAL_POST, { inputs: { Topic: 'bottles', 'Visual style': 'Minimal' } })).toBe(base);
    expect(
      await id(SOCIAL_POST, { inputs: { topic: 'bottles', style: 'Minimal', aspect_ratio: '1:1' } }),
    ).toBe(base);
    const asMember = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.member.key)
      .set('X-Atelier-Test', 'true')
      .send({ inputs: { topic: 'bottles', style: 'Minimal' } });
    expect(asMember.body.data.runId).toBe(base);
    // Different values or another app.
    expect(await id(SOCIAL_POST, { inputs: { topic: 'bottles', style: 'Bold' } })).not.toBe(base);
    expect(await id(SOCIAL_POST, { inputs: { topic: 'Bottles', style: 'Minimal' } })).not.toBe(base);
    expect(await id(QUOTE_CARD, { inputs: { quote: 'bottles' } })).not.toBe(
      await id(QUOTE_CARD, { inputs: { quote: 'cans' } }),
    );
  });

  test('a stub for selected outputs shows only those outputs', async () => {
    const res = await sandbox(SOCIAL_POST, { inputs: { topic: 'bottles' }, outputs: ['Caption'] });
    expect(res.status).toBe(200);
    expect(res.body.data.outputs).toEqual([
      { id: 'out_caption', label: 'Caption', type: 'pending', value: null, status: 'pending', error: null },
    ]);
  });

  test('invalid inputs are still a 400 in the sandbox', async () => {
    const res = await sandbox(SOCIAL_POST, { inputs: { style: 'Neon' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { code: string }) => d.code)).toEqual([
      'missing_no_default',
      'invalid_option',
    ]);
  });

  test('X-Atelier-Test: false starts a real run', async () => {
    const res = await stack.http
      .post(`/v1/apps/${QUOTE_CARD}/runs`)
      .set('x-api-key', key())
      .set('X-Atelier-Test', 'false')
      .send({ inputs: { quote: 'Make it simple' } });
    expect(res.status).toBe(202);
    expect(res.body.data.status).toBe('queued');
    const done = await stack.http
      .get(`/v1/runs/${res.body.data.runId}/wait?timeout=60`)
      .set('x-api-key', key());
    expect(done.body.data.status).toBe('completed');
  });

  test('a sandbox run stores, starts and charges nothing', async () => {
    const before = await storedState();
    const workflowsBefore = await workflowsOnQueue();
    for (const topic of ['one', 'two', 'three']) {
      expect((await sandbox(SOCIAL_POST, { inputs: { topic } })).status).toBe(200);
      expect(
        (
          await stack.http
            .post(`/v1/apps/${QUOTE_CARD}/runs`)
            .set('x-api-key', key())
            .send({ inputs: { quote: topic }, test: true })
        ).status,
      ).toBe(200);
    }
    expect(await storedState()).toEqual(before);

    const stub = (await sandbox(SOCIAL_POST, { inputs: { topic: 'one' } })).body.data;
    const get = await stack.http.get(`/v1/runs/${stub.runId}`).set('x-api-key', key());
    expect(get.status).toBe(404);
    const list = await stack.http.get('/v1/runs').set('x-api-key', key());
    expect(list.body.data.map((r: { runId: string }) => r.runId)).not.toContain(stub.runId);

    // A real run shows up in the listing of the queue; the sandbox runs before it never did.
    const real = await stack.http
      .post(`/v1/apps/${QUOTE_CARD}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { quote: 'real' } });
    expect(real.status).toBe(202);
    await stack.http.get(`/v1/runs/${real.body.data.runId}/wait?timeout=60`).set('x-api-key', key());
    let workflows = await workflowsOnQueue();
    for (let i = 0; i < 50 && !workflows.includes(real.body.data.runId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      workflows = await workflowsOnQueue();
    }
    expect(workflows.sort()).toEqual([...workflowsBefore, real.body.data.runId].sort());
    expect(workflows.some((id) => id.startsWith('test_'))).toBe(false);
  });
});
