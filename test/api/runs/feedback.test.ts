import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { createTestStack, type TestStack } from '../../support/stack';
import { testTemporalAddress, TEST_TEMPORAL_NAMESPACE } from '../../support/temporal';
import { startFakeServer, type FakeServer } from '../../support/fake-providers';
import { startHookReceiver } from '../webhooks/receiver';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const BLOG_HERO = '7665e1a9-f604-41e7-9529-7b64b0a67d37';

type Output = { id: string; label: string; type: string; value: unknown };

describe('POST /v1/runs/{runId}/feedback', () => {
  let stack: TestStack;
  let connection: Connection;
  let temporal: Client;
  let key: string;

  beforeAll(async () => {
    stack = await createTestStack();
    key = stack.users.owner.key;
    connection = await Connection.connect({ address: testTemporalAddress() });
    temporal = new Client({ connection, namespace: TEST_TEMPORAL_NAMESPACE });
  });
  afterAll(async () => {
    await connection.close();
    await stack.close();
  });

  const startRun = async (appId: string, inputs: Record<string, unknown>) => {
    const started = await stack.http.post(`/v1/apps/${appId}/runs`).set('x-api-key', key).send({ inputs });
    expect(started.status).toBe(202);
    return started.body.data.runId as string;
  };
  const completedRun = async (appId: string, inputs: Record<string, unknown>) => {
    const runId = await startRun(appId, inputs);
    const waited = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key);
    expect(waited.body.data.status).toBe('completed');
    return { runId, outputs: waited.body.data.outputs as Output[] };
  };
  const feedback = (runId: string, body: unknown) =>
    stack.http
      .post(`/v1/runs/${runId}/feedback`)
      .set('x-api-key', key)
      .send(body as object);
  const nodeRows = (runId: string, revision: number) =>
    stack.deps.db
      .selectFrom('run_nodes')
      .select(['node_id', 'status'])
      .where('run_id', '=', runId)
      .where('revision', '=', revision)
      .orderBy('node_id')
      .execute();
  /** Activities scheduled by the run's latest execution, by name. */
  /** The node work of an execution: activities scheduled, and nodes run in-process as local activities. */
  const scheduledActivities = async (runId: string) => {
    const handle = temporal.workflow.getHandle(runId);
    // Local activities reach the history with the workflow task that ran them: wait for the execution to close.
    await handle.result();
    const history = await handle.fetchHistory();
    const counts: Record<string, number> = {};
    for (const event of history.events ?? []) {
      const name = event.activityTaskScheduledEventAttributes?.activityType?.name ?? localActivityType(event);
      if (name && name !== 'recordNode' && name !== 'recordRun') counts[name] = (counts[name] ?? 0) + 1;
    }
    return counts;
  };
  type HistoryEvent = NonNullable<Awaited<ReturnType<WorkflowHandle['fetchHistory']>>['events']>[number];
  const localActivityType = (event: HistoryEvent) => {
    const data = event.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
    return data
      ? (JSON.parse(Buffer.from(data).toString()) as { activity_type: string }).activity_type
      : undefined;
  };
  const byId = (outputs: Output[]) => Object.fromEntries(outputs.map((o) => [o.id, o]));

  test('feedback about the picture re-runs only the image node, in place, and reuses the caption', async () => {
    const { runId, outputs: before } = await completedRun(SOCIAL_POST, { topic: 'a reusable water bottle' });

    const res = await feedback(runId, { feedback: 'Make the picture warmer, with orange and coral colours' });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ runId, status: 'completed', revision: 2, errorMessage: null });
    expect(res.body.data.refinedNodes).toEqual([
      { nodeId: 'image', reason: expect.stringContaining('produces image') },
    ]);
    expect(res.body.data.summary).toContain('re-ran 2 of 4 nodes');
    expect(await nodeRows(runId, 2)).toEqual([
      { node_id: 'image', status: 'completed' },
      { node_id: 'out_image', status: 'completed' },
    ]);
    expect(await scheduledActivities(runId)).toEqual({ imageGenerate: 1 });
    const after = byId(res.body.data.outputs);
    expect(after.out_image.value).not.toEqual(byId(before).out_image.value);
    expect(after.out_caption.value).toEqual(byId(before).out_caption.value);
    const run = await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key);
    expect(run.body.data).toMatchObject({ runId, status: 'completed', revision: 2 });
    expect(run.body.data.outputs.map((o: Output) => o.value)).toEqual(
      res.body.data.outputs.map((o: Output) => o.value),
    );
    const runs = await stack.deps.db.selectFrom('runs').select('id').where('id', '=', runId).execute();
    expect(runs).toHaveLength(1);
  });

  test('the assets of both revisions stay listed: two images, one caption', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a ceramic coffee mug' });
    await feedback(runId, { feedback: 'a brighter photo please' }).expect(200);

    const assets = await stack.deps.db
      .selectFrom('assets')
      .select(['node_id', 'revision', 'cdn_url', 'text_content'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .orderBy('revision')
      .execute();

    expect(assets.map((a) => [a.node_id, a.revision])).toEqual([
      ['caption', 1],
      ['image', 1],
      ['image', 2],
    ]);
    expect(assets[1].cdn_url).not.toEqual(assets[2].cdn_url);
  });

  test('feedback about the headline re-runs it, the image it is set on and the alt text describing that image', async () => {
    const { runId } = await completedRun(BLOG_HERO, { article_title: 'Why cities need more trees' });

    const res = await feedback(runId, { feedback: 'The headline should be punchier and mention shade' });

    expect(res.status).toBe(200);
    expect(res.body.data.refinedNodes.map((n: { nodeId: string }) => n.nodeId)).toEqual(['headline']);
    expect((await nodeRows(runId, 2)).map((r) => r.node_id)).toEqual([
      'alt',
      'headline',
      'hero',
      'out_alt',
      'out_headline',
      'out_hero',
    ]);
    // The text nodes run on the local provider: in-process, as local activities.
    expect(await scheduledActivities(runId)).toEqual({ runNodeLocally: 2, imageGenerate: 1 });
  });

  test('a second refinement is revision 3 and builds on the newest outputs', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a city bike rental' });
    const first = await feedback(runId, { feedback: 'use a darker image' }).expect(200);

    const second = await feedback(runId, { feedback: 'make the caption shorter with fewer hashtags' }).expect(
      200,
    );

    expect(second.body.data).toMatchObject({
      revision: 3,
      status: 'completed',
      refinedNodes: [{ nodeId: 'caption' }],
    });
    expect(byId(second.body.data.outputs).out_image.value).toEqual(
      byId(first.body.data.outputs).out_image.value,
    );
    expect(byId(second.body.data.outputs).out_caption.value).not.toEqual(
      byId(first.body.data.outputs).out_caption.value,
    );
    expect((await nodeRows(runId, 3)).map((r) => r.node_id)).toEqual(['caption', 'out_caption']);
    const run = await stack.deps.db
      .selectFrom('runs')
      .select(['revision', 'plan'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    const prompts = Object.fromEntries(
      (run.plan as { nodes: { id: string; config: { prompt?: string } }[] }).nodes.map((n) => [
        n.id,
        n.config.prompt,
      ]),
    );
    expect(prompts.image).toMatch(/Revision: use a darker image$/);
    expect(prompts.caption).toMatch(/Revision: make the caption shorter with fewer hashtags$/);
  });

  test('feedback on a run that is not completed is 400 run_not_completed', async () => {
    const runId = await startRun(SOCIAL_POST, { topic: 'a running run' });

    const res = await feedback(runId, { feedback: 'brighter picture' });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ param: null, code: 'run_not_completed' }],
    });
    await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key).expect(200);
  });

  test('two concurrent feedbacks: one refines, the other gets run_not_completed', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a bakery opening' });

    const [a, b] = await Promise.all([
      feedback(runId, { feedback: 'a bolder image' }),
      feedback(runId, { feedback: 'a calmer image' }),
    ]);

    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body.details).toEqual([expect.objectContaining({ code: 'run_not_completed' })]);
    const run = await stack.deps.db
      .selectFrom('runs')
      .select(['revision', 'status'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ revision: 2, status: 'completed' });
  });

  test('timeout=0 answers at once with the revision queued or running, which then completes', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a yoga class' });

    const res = await feedback(runId, { feedback: 'softer pastel picture' }).query({ timeout: 0 });

    expect(res.status).toBe(200);
    expect(['queued', 'running']).toContain(res.body.data.status);
    const waited = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key);
    expect(waited.body.data).toMatchObject({ status: 'completed', revision: 2 });
  });

  test('the webhook fires again for the refinement, each delivery showing its own revision', async () => {
    const receiver = await startHookReceiver();
    try {
      const started = await stack.http
        .post(`/v1/apps/${SOCIAL_POST}/runs`)
        .query({ webhook: receiver.url })
        .set('x-api-key', key)
        .send({ inputs: { topic: 'a pottery class' } });
      const runId = started.body.data.runId;
      await receiver.next(1);

      await feedback(runId, { feedback: 'a more colourful picture' }).expect(200);

      const hooks = await receiver.next(2);
      expect(
        hooks.map((h) => [
          h.headers['x-atelier-webhook-event'],
          JSON.parse(h.body).data.revision,
          JSON.parse(h.body).data.status,
        ]),
      ).toEqual([
        ['run.completed', 1, 'completed'],
        ['run.completed', 2, 'completed'],
      ]);
    } finally {
      await receiver.close();
    }
  });

  test('missing or empty feedback is 400; an unknown run is 404', async () => {
    const { runId } = await completedRun(SOCIAL_POST, { topic: 'a farmers market' });

    const missing = await feedback(runId, {});
    const empty = await feedback(runId, { feedback: '   ' });
    const unknown = await feedback('0f8fad5b-d9cb-469f-a165-70867728950e', { feedback: 'brighter' });

    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({ param: 'feedback' });
    expect(empty.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect(await nodeRows(runId, 2)).toEqual([]);
  });
});

describe('POST /v1/runs/{runId}/feedback with a chat model configured', () => {
  let stack: TestStack;
  let chat: FakeServer;
  let unusable = false;
  beforeAll(async () => {
    chat = await startFakeServer(() => ({
      json: {
        choices: [
          {
            message: {
              content: unusable
                ? 'A friendlier caption, sure!'
                : JSON.stringify({
                    nodes: [
                      {
                        nodeId: 'caption',
                        reason: 'the user wants a friendlier caption',
                        prompt: 'Write a warm, friendly caption about {{topic}}',
                      },
                    ],
                  }),
            },
          },
        ],
      },
    }));
    // The API's selector uses the model; the workers keep the local text model (the stack passes it).
    stack = await createTestStack({
      config: { TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: chat.baseUrl, OPENAI_API_KEY: 'sk-test' },
    });
  });
  afterAll(async () => {
    await stack.close();
    await chat.close();
  });

  /** A finished run of the social post app, then the feedback on it. */
  async function refineFinishedRun(feedback: string) {
    const key = stack.users.owner.key;
    const started = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key)
      .send({ inputs: { topic: 'a dog groomer' } });
    const runId = started.body.data.runId;
    await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key);
    const res = await stack.http.post(`/v1/runs/${runId}/feedback`).set('x-api-key', key).send({ feedback });
    return { runId, res };
  }

  test('the model chooses the nodes, says why and writes the prompts', async () => {
    const { runId, res } = await refineFinishedRun('friendlier please');

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'completed',
      refinedNodes: [
        {
          nodeId: 'caption',
          reason: expect.stringMatching(/^the user wants a friendlier caption; applied: /),
        },
      ],
    });
    expect(res.body.data.summary).toContain('chosen by the model');
    const request = chat.requests.find((r) => r.path === '/chat/completions')!;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    const run = await stack.deps.db
      .selectFrom('runs')
      .select('plan')
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    const caption = (run.plan as { nodes: { id: string; config: { prompt?: string } }[] }).nodes.find(
      (n) => n.id === 'caption',
    )!;
    expect(caption.config.prompt).toBe('Write a warm, friendly caption about {{topic}}');
    expect(res.body.data.warnings).toBeUndefined();
  });

  test("an unusable answer: the rules choose, and the answer's warnings say why", async () => {
    unusable = true;
    const { res } = await refineFinishedRun('a friendlier caption please');

    expect(res.status).toBe(200);
    expect(res.body.data.summary).toContain('chosen by rules');
    expect(res.body.data.warnings).toEqual([
      {
        field: 'model',
        message:
          "the chat model's answer was not usable (the answer is not JSON); the nodes and prompts were chosen by the rules",
      },
    ]);
  });
});
