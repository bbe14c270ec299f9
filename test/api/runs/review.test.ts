import { createApiKey } from '../../../adapters/db/api-keys';
import { testApp, textParameter } from '../../support/app-definitions';
import { eventually } from '../../support/eventually';
import { listen } from '../../support/listen';
import { call, httpClient } from '../../support/mcp';
import { createTestStack, type TestStack } from '../../support/stack';
import { insertTestApp, startAppRun, waitForApprovalRequest, waitForEnd } from '../../support/runs';

/**
 * A caption a quality check scores and a person reviews (issue 24 item 1):
 *
 *   draft (text.generate) --> check (quality.check) --> review (human.approval) --> out (output)
 */
const checkedAndReviewed = () =>
  testApp({
    name: 'Checked and reviewed caption',
    summary: 'A caption scored, then approved by a person.',
    formats: ['text'],
    parameters: [textParameter('topic', { role: 'topic' })],
    nodes: [
      {
        id: 'draft',
        type: 'text.generate',
        label: 'Draft',
        config: { prompt: 'Write a caption about {{topic}}', purpose: 'caption' },
      },
      {
        id: 'check',
        type: 'quality.check',
        label: 'Caption quality',
        config: { minScore: 0.1, maxRetries: 0 },
      },
      {
        id: 'review',
        type: 'human.approval',
        label: 'Review caption',
        config: { instructions: 'Is the caption on brand?' },
      },
      { id: 'out', type: 'output', label: 'Caption', config: { label: 'Caption' } },
    ],
    edges: [
      { source: 'draft', target: 'check' },
      { source: 'check', target: 'review' },
      { source: 'review', target: 'out' },
    ],
  });

describe('reviewing a run: what is reviewed, the decision kept, revise with the comment', () => {
  let stack: TestStack;
  let appId: string;
  let reviewerKey: string;
  beforeAll(async () => {
    stack = await createTestStack();
    appId = await insertTestApp(stack, stack.users.owner, checkedAndReviewed());
    const owner = stack.users.owner;
    reviewerKey = (
      await createApiKey(stack.deps.db, { workspaceId: owner.workspaceId, userId: owner.userId }, 'Rosa')
    ).key;
  });
  afterAll(() => stack.close());

  const get = (path: string) => stack.http.get(path).set('x-api-key', reviewerKey);
  const decide = (runId: string, body: object) =>
    stack.http.post(`/v1/runs/${runId}/approvals/review`).set('x-api-key', reviewerKey).send(body);
  const waitingRun = async () => {
    const runId = await startAppRun(stack, stack.users.owner, appId, { topic: 'our rooftop garden' });
    await waitForApprovalRequest(stack, runId, 'review');
    return runId;
  };

  test('a waiting run shows what is under review with the quality score, and the inputs it was started with', async () => {
    const runId = await waitingRun();
    const { body } = await get(`/v1/runs/${runId}`);
    const run = body.data;
    expect(run.inputs).toEqual({ topic: 'our rooftop garden' });
    expect(run.awaitingApproval).toEqual(
      expect.objectContaining({
        nodeId: 'review',
        instructions: 'Is the caption on brand?',
        reviewing: [
          {
            nodeId: 'draft',
            label: 'Draft',
            type: 'text',
            value: expect.stringContaining('rooftop garden'),
            quality: {
              score: expect.any(Number),
              minScore: 0.1,
              passed: true,
              reasons: expect.any(Array),
              attempts: 1,
            },
          },
        ],
      }),
    );
    const check = run.nodes.find((n: { id: string }) => n.id === 'check');
    expect(check.quality).toEqual(run.awaitingApproval.reviewing[0].quality);
    await decide(runId, { decision: 'approve' });
    await waitForEnd(stack, stack.users.owner, runId, 60);
  });

  test('/wait answers at once with awaitingApproval: true while the run waits for a person', async () => {
    const runId = await waitingRun();
    const started = Date.now();
    const res = await get(`/v1/runs/${runId}/wait?timeout=30`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.status).toBe(200);
    expect(res.body.awaitingApproval).toBe(true);
    expect(res.body.timeout).toBeUndefined();
    expect(res.body.data.status).toBe('running');
    expect(res.body.data.awaitingApproval.nodeId).toBe('review');
    await decide(runId, { decision: 'approve' });
    const done = await get(`/v1/runs/${runId}/wait?timeout=60`);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.awaitingApproval).toBeUndefined();
  });

  test('GET /v1/runs?status=awaiting_approval lists waiting runs, with since when, until they are decided', async () => {
    const runId = await waitingRun();
    const listed = async () =>
      (await get('/v1/runs?status=awaiting_approval&limit=100')).body as {
        data: { runId: string; awaitingApprovalSince: string | null; status: string }[];
        pagination: { total: number };
      };
    const before = await listed();
    const entry = before.data.find((r) => r.runId === runId);
    expect(entry).toEqual(
      expect.objectContaining({ status: 'running', awaitingApprovalSince: expect.any(String) }),
    );
    expect(before.pagination.total).toBe(before.data.length);
    expect(before.data.every((r) => r.awaitingApprovalSince !== null)).toBe(true);
    await decide(runId, { decision: 'approve' });
    await waitForEnd(stack, stack.users.owner, runId, 60);
    expect((await listed()).data.map((r) => r.runId)).not.toContain(runId);
    const all = (await get('/v1/runs?limit=100')).body.data as { runId: string; durationMs: number | null }[];
    expect(all.find((r) => r.runId === runId)!.durationMs).toEqual(expect.any(Number));
  });

  test('the decision, the key that made it, when and the comment are kept on the node and in the history', async () => {
    const runId = await waitingRun();
    const before = Date.now();
    expect((await decide(runId, { decision: 'approve', comment: 'On brand' })).status).toBe(200);
    await waitForEnd(stack, stack.users.owner, runId, 60);
    const run = (await get(`/v1/runs/${runId}`)).body.data;
    const review = run.nodes.find((n: { id: string }) => n.id === 'review').review;
    expect(review).toEqual({
      decision: 'approve',
      comment: 'On brand',
      by: { keyId: expect.any(String), name: 'Rosa' },
      decidedAt: expect.any(String),
      revise: false,
    });
    expect(Date.parse(review.decidedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(run.revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        kind: 'start',
        status: 'completed',
        reviews: [{ nodeId: 'review', label: 'Review caption', review }],
        startedAt: expect.any(String),
        completedAt: expect.any(String),
      }),
    ]);
    expect(run.durationMs).toEqual(expect.any(Number));
  });

  test('revise needs a rejection and a comment: 400 and the node keeps waiting', async () => {
    const runId = await waitingRun();
    const approveAndRevise = await decide(runId, { decision: 'approve', revise: true, comment: 'x' });
    expect(approveAndRevise.status).toBe(400);
    expect(approveAndRevise.body.details).toEqual([expect.objectContaining({ code: 'revise_needs_reject' })]);
    const noComment = await decide(runId, { decision: 'reject', revise: true });
    expect(noComment.status).toBe(400);
    expect(noComment.body.details).toEqual([expect.objectContaining({ code: 'revise_needs_comment' })]);
    expect((await get(`/v1/runs/${runId}`)).body.data.awaitingApproval.nodeId).toBe('review');
    await decide(runId, { decision: 'approve' });
    await waitForEnd(stack, stack.users.owner, runId, 60);
  });

  test('reject and revise re-runs the reviewed node with the comment and comes back to review', async () => {
    const runId = await waitingRun();
    const res = await decide(runId, { decision: 'reject', comment: 'Make it shorter', revise: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      runId,
      nodeId: 'review',
      decision: 'reject',
      revision: expect.objectContaining({ revision: 2, summary: expect.any(String) }),
    });
    const waiting = await get(`/v1/runs/${runId}/wait?timeout=60`);
    expect(waiting.body.awaitingApproval).toBe(true);
    const run = waiting.body.data;
    expect(run.revision).toBe(2);
    expect(run.status).toBe('running');
    expect(run.awaitingApproval.reviewing[0].nodeId).toBe('draft');
    expect(run.revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        status: 'failed',
        reviews: [
          expect.objectContaining({
            nodeId: 'review',
            review: expect.objectContaining({ decision: 'reject', comment: 'Make it shorter', revise: true }),
          }),
        ],
      }),
      expect.objectContaining({
        revision: 2,
        kind: 'revise',
        feedback: 'Make it shorter',
        summary: expect.stringMatching(/^Revision 2: /),
        refinedNodes: [expect.objectContaining({ nodeId: 'draft' })],
      }),
    ]);
    // The reviewed node's review belongs to revision 1; the new revision's node waits undecided.
    expect(run.nodes.find((n: { id: string }) => n.id === 'review').review).toBeNull();
    await decide(runId, { decision: 'approve' });
    expect((await waitForEnd(stack, stack.users.owner, runId, 60)).status).toBe('completed');
  });

  test('a run already failed by a rejection can still be revised with the comment', async () => {
    const runId = await waitingRun();
    await decide(runId, { decision: 'reject', comment: 'Make it shorter' });
    expect((await waitForEnd(stack, stack.users.owner, runId, 60)).status).toBe('failed');
    const res = await decide(runId, { decision: 'reject', comment: 'Make it shorter', revise: true });
    expect(res.status).toBe(200);
    expect(res.body.data.revision.revision).toBe(2);
    expect((await get(`/v1/runs/${runId}/wait?timeout=60`)).body.awaitingApproval).toBe(true);
    await decide(runId, { decision: 'approve' });
    await waitForEnd(stack, stack.users.owner, runId, 60);
  });

  test('feedback on a completed run is kept in the history, so a reload shows it', async () => {
    const runId = await waitingRun();
    await decide(runId, { decision: 'approve' });
    await waitForEnd(stack, stack.users.owner, runId, 60);
    const refined = await stack.http
      .post(`/v1/runs/${runId}/feedback?timeout=0`)
      .set('x-api-key', reviewerKey)
      .send({ feedback: 'Make the caption shorter' });
    expect(refined.status).toBe(200);
    expect(refined.body.data.summary).toMatch(/the run is queued/);
    const history = async () => (await get(`/v1/runs/${runId}`)).body.data.revisions[1];
    expect(await history()).toEqual(
      expect.objectContaining({ revision: 2, kind: 'feedback', feedback: 'Make the caption shorter' }),
    );
    // Answered at once (timeout=0), the summary is replaced by the settled one once the revision is back
    // to review: what a reload of the run's history shows.
    await get(`/v1/runs/${runId}/wait?timeout=60`);
    const settled = await eventually(history, (r) => /awaiting approval/.test(r.summary));
    expect(settled.summary).toMatch(/^Revision 2: .*the run is awaiting approval\.$/);
    expect(settled.summary).not.toMatch(/still running/);
    await decide(runId, { decision: 'approve' });
    await waitForEnd(stack, stack.users.owner, runId, 60);
  });

  test('MCP approve_run requires a decision', async () => {
    const runId = await waitingRun();
    const server = await listen(stack.app.callback());
    try {
      const client = await httpClient(server.origin, { 'x-api-key': reviewerKey });
      const missing = await call(client, 'approve_run', { runId });
      expect(missing.error).toEqual(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
      expect((await get(`/v1/runs/${runId}`)).body.data.awaitingApproval.nodeId).toBe('review');
      const waited = await call(client, 'wait_for_run', { runId, timeoutSeconds: 30 });
      expect(waited.data).toEqual(expect.objectContaining({ awaitingApproval: true, timedOut: false }));
      const approved = await call(client, 'approve_run', { runId, decision: 'approve' });
      expect(approved.data).toEqual({ runId, nodeId: 'review', decision: 'approve' });
      await client.close();
    } finally {
      await server.close();
    }
    await waitForEnd(stack, stack.users.owner, runId, 60);
  });
});
