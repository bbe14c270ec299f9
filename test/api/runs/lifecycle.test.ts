import { localModels, localText } from '../../../adapters/models/local/local-models';
import type { Models, TextRequest } from '../../../adapters/models/providers';
import { branchingApp } from '../../support/branching-app';
import { insertTestApp } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const BLOG_HERO = '7665e1a9-f604-41e7-9529-7b64b0a67d37';
const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/** The local text model, except that it refuses headlines for titles containing REJECT, as a provider's policy would. */
function pickyModels(calls: TextRequest[]): Models {
  return {
    ...localModels('espeak'),
    text: {
      name: 'picky',
      async generate(request) {
        calls.push(request);
        if (request.purpose === 'headline' && request.prompt.includes('REJECT')) {
          const err = new Error('the provider refused the prompt (content policy)');
          err.name = 'ProviderRejected';
          throw err;
        }
        return localText.generate(request);
      },
    },
  };
}

describe('run lifecycle', () => {
  let stack: TestStack;
  const textCalls: TextRequest[] = [];
  const key = () => stack.users.owner.key;
  const start = async (appId: string, body: object, apiKey = key()) => {
    const res = await stack.http.post(`/v1/apps/${appId}/runs`).set('x-api-key', apiKey).send(body);
    expect(res.status).toBe(202);
    return res.body.data as { runId: string; outputs: { label: string }[] };
  };
  const wait = async (runId: string, apiKey = key()) => {
    const res = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', apiKey);
    expect(res.status).toBe(200);
    expect(res.body.timeout).toBeUndefined();
    return res.body.data;
  };
  const nodeRows = (runId: string) =>
    stack.deps.db
      .selectFrom('run_nodes')
      .select(['node_id', 'status', 'error', 'attempts'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();

  let branching: string;
  beforeAll(async () => {
    stack = await createTestStack({ models: pickyModels(textCalls) });
    branching = await insertTestApp(stack, stack.users.owner, branchingApp());
  });
  afterAll(() => stack.close());

  test('a run goes from queued to completed with every output resolved', async () => {
    const started = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'launch of a reusable water bottle' } });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({
      status: 'queued',
      outputs: [
        { status: 'pending', value: null },
        { status: 'pending', value: null },
      ],
    });
    const runId = started.body.data.runId;
    const waited = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key());
    expect(waited.status).toBe(200);
    expect(waited.body.timeout).toBeUndefined();
    expect(waited.body.data).toMatchObject({
      runId,
      workflowId: runId,
      status: 'completed',
      errorMessage: null,
    });
    expect(waited.body.data.outputs.map((o: { status: string }) => o.status)).toEqual([
      'completed',
      'completed',
    ]);
    expect(waited.body.data.startedAt).not.toBeNull();
    expect(waited.body.data.completedAt).not.toBeNull();
    const got = await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key());
    expect(got.body.data).toEqual(waited.body.data);
    expect(got.body.data.cost).toEqual({ credits: 5 });
  });

  describe('a node fails', () => {
    test('the run fails naming the node, its dependents are skipped and independent branches finish', async () => {
      const callsBefore = textCalls.length;
      const { runId } = await start(branching, { inputs: { article_title: 'REJECT this article' } });
      const run = await wait(runId);

      expect(run.status).toBe('failed');
      expect(run.errorMessage).toBe(
        'Node "Headline" failed: the provider refused the prompt (content policy)',
      );
      expect(run.completedAt).not.toBeNull();
      const byLabel = Object.fromEntries(run.outputs.map((o: { label: string }) => [o.label, o]));
      expect(byLabel['Hero image']).toEqual({
        id: 'out_hero',
        label: 'Hero image',
        type: 'image',
        value: null,
        status: 'error',
        error: 'skipped: "Hero image" did not complete',
      });
      expect(byLabel['Headline']).toEqual({
        id: 'out_headline',
        label: 'Headline',
        type: 'text',
        value: null,
        status: 'error',
        error: 'skipped: "Headline" did not complete',
      });
      expect(byLabel['Alt text']).toMatchObject({
        status: 'completed',
        type: 'text',
        value: expect.any(String),
      });

      expect(await nodeRows(runId)).toEqual([
        expect.objectContaining({ node_id: 'alt', status: 'completed' }),
        expect.objectContaining({
          node_id: 'headline',
          status: 'failed',
          error: 'the provider refused the prompt (content policy)',
        }),
        expect.objectContaining({ node_id: 'hero', status: 'skipped' }),
        expect.objectContaining({ node_id: 'out_alt', status: 'completed' }),
        expect.objectContaining({ node_id: 'out_headline', status: 'skipped' }),
        expect.objectContaining({ node_id: 'out_hero', status: 'skipped' }),
      ]);
      // A provider's refusal is the caller's problem: not retried.
      const headlineCalls = textCalls.slice(callsBefore).filter((c) => c.purpose === 'headline');
      expect(headlineCalls).toHaveLength(1);
      // Only the node that ran to completion is charged.
      expect(run.cost).toEqual({ credits: 1 });
    });
  });

  describe('outputs: [label]', () => {
    test('only the subgraph the selected outputs need runs', async () => {
      const started = await start(BLOG_HERO, {
        inputs: { article_title: 'Winter hiking' },
        outputs: ['hero IMAGE'],
      });
      expect(started.outputs.map((o) => o.label)).toEqual(['Hero image']);
      const run = await wait(started.runId);
      expect(run.status).toBe('completed');
      expect(run.outputs).toEqual([
        expect.objectContaining({ id: 'out_hero', label: 'Hero image', status: 'completed', type: 'image' }),
      ]);
      // The alt text branch and the headline output were never recorded.
      expect((await nodeRows(started.runId)).map((n) => n.node_id)).toEqual(['headline', 'hero', 'out_hero']);
      expect(run.cost).toEqual({ credits: 5 });
    });
  });

  describe('GET /v1/runs', () => {
    test('lists summaries with source, newest first, filtered by app and status, paginated', async () => {
      const ids: string[] = [];
      for (const quote of ['first', 'second', 'third']) {
        const { runId } = await start(QUOTE_CARD, { inputs: { quote } });
        await wait(runId);
        ids.push(runId);
      }
      // A fourth run is cancelled while no worker can pick it up.
      await stack.stopWorkers();
      try {
        const { runId } = await start(QUOTE_CARD, { inputs: { quote: 'fourth' } });
        const cancelled = await stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
        expect(cancelled.body.data).toEqual({ runId, status: 'cancelled' });
        ids.push(runId);
      } finally {
        await stack.startWorkers();
      }
      const newestFirst = [...ids].reverse();
      const list = (query: Record<string, string | number>) =>
        stack.http.get('/v1/runs').query(query).set('x-api-key', key());

      const all = await list({ appId: QUOTE_CARD });
      expect(all.status).toBe(200);
      expect(all.body.pagination).toEqual({ total: 4, limit: 20, offset: 0 });
      expect(all.body.data.map((r: { runId: string }) => r.runId)).toEqual(newestFirst);
      expect(all.body.data[1]).toEqual({
        runId: ids[2],
        workflowId: ids[2],
        appId: QUOTE_CARD,
        status: 'completed',
        source: 'api',
        revision: 1,
        errorMessage: null,
        awaitingApprovalSince: null,
        durationMs: expect.any(Number),
        startedAt: expect.any(String),
        completedAt: expect.any(String),
        createdAt: expect.any(String),
      });

      const completed = await list({ appId: QUOTE_CARD, status: 'completed' });
      expect(completed.body.data.map((r: { runId: string }) => r.runId)).toEqual(newestFirst.slice(1));
      const cancelled = await list({ appId: QUOTE_CARD, status: 'cancelled' });
      expect(cancelled.body.data.map((r: { runId: string; status: string }) => [r.runId, r.status])).toEqual([
        [ids[3], 'cancelled'],
      ]);
      const failedAnywhere = await list({ status: 'failed' });
      expect(failedAnywhere.body.data.every((r: { status: string }) => r.status === 'failed')).toBe(true);

      const page1 = await list({ appId: QUOTE_CARD, limit: 3 });
      const page2 = await list({ appId: QUOTE_CARD, limit: 3, offset: 3 });
      expect(page1.body.data.map((r: { runId: string }) => r.runId)).toEqual(newestFirst.slice(0, 3));
      expect(page2.body.data.map((r: { runId: string }) => r.runId)).toEqual(newestFirst.slice(3));
      expect(page2.body.pagination).toEqual({ total: 4, limit: 3, offset: 3 });

      expect((await list({ appId: 'not-a-uuid' })).body).toEqual({
        data: [],
        pagination: { total: 0, limit: 20, offset: 0 },
      });
      const badQueries: Record<string, string | number>[] = [
        { limit: 101 },
        { limit: 0 },
        { offset: -1 },
        { status: 'test' },
      ];
      for (const bad of badQueries) expect((await list(bad)).status).toBe(400);
      // Another workspace sees none of them.
      const theirs = await stack.http
        .get('/v1/runs')
        .query({ appId: QUOTE_CARD })
        .set('x-api-key', stack.users.outsider.key);
      expect(theirs.body.data).toEqual([]);
    });
  });

  describe("another workspace's run", () => {
    test('is not found for workspace A on get, wait, stream and cancel', async () => {
      const outsider = stack.users.outsider;
      const { runId } = await start(QUOTE_CARD, { inputs: { quote: 'private words' } }, outsider.key);
      const asA = (req: ReturnType<typeof stack.http.get>) => req.set('x-api-key', key());
      for (const res of [
        await asA(stack.http.get(`/v1/runs/${runId}`)),
        await asA(stack.http.get(`/v1/runs/${runId}/wait?timeout=1`)),
        await asA(stack.http.get(`/v1/runs/${runId}/stream`)),
        await asA(stack.http.post(`/v1/runs/${runId}/cancel`)),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', error: 'Run not found' });
      }
      // The cancel did nothing: the owner's run completes.
      expect((await wait(runId, outsider.key)).status).toBe('completed');
    });

    test('unknown and malformed run ids are 404', async () => {
      for (const id of ['3f1c2a1e-0b7d-4c55-9d1e-2a4b6c8d0e1f', 'test_abc', '1']) {
        const res = await stack.http.get(`/v1/runs/${id}`).set('x-api-key', key());
        expect(res.status).toBe(404);
      }
    });
  });
});
