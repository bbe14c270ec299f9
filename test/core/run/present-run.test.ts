import type { Plan } from '../../../core/graph/plan';
import {
  presentRun,
  presentRunSummary,
  type StoredRun,
  type StoredRunNode,
} from '../../../core/run/present-run';

/**
 *   prompt ──> caption (output "Caption")
 *     └──────> image   (output "Image")
 */
const PLAN: Plan = {
  nodes: [
    { id: 'prompt', type: 'text.generate', label: 'Prompt', config: {}, parents: [], produces: 'text' },
    {
      id: 'caption',
      type: 'text.generate',
      label: 'Caption',
      config: {},
      parents: ['prompt'],
      produces: 'text',
    },
    {
      id: 'image',
      type: 'image.generate',
      label: 'Image',
      config: {},
      parents: ['prompt'],
      produces: 'image',
    },
  ],
  outputs: [
    { index: 0, nodeId: 'caption', label: 'Caption', type: 'text' },
    { index: 1, nodeId: 'image', label: 'Image', type: 'image' },
  ],
};

const run = (overrides: Partial<StoredRun> = {}): StoredRun => ({
  id: 'run-1',
  app_id: 'app-1',
  status: 'running',
  source: 'api',
  plan: PLAN,
  execute: ['prompt', 'caption', 'image'],
  revision: 2,
  error_message: null,
  cost_credits: '5.5',
  created_at: new Date('2025-01-02T03:04:05Z'),
  started_at: '2025-01-02T03:04:06Z',
  completed_at: null,
  ...overrides,
});

const captionText = (text: string): StoredRunNode['output'] => ({
  kind: 'text',
  modality: 'text',
  text,
  assetId: null,
  metadata: {
    mimeType: 'text/plain',
    dimensions: null,
    durationSeconds: null,
    bytes: 2,
    contentDescription: 'caption',
  },
});

describe('presentRun', () => {
  test('each output shows its node newest revision first; an unstarted node is pending', () => {
    // ARRANGE: node states newest revision first, as the query returns them.
    const nodes: StoredRunNode[] = [
      { node_id: 'caption', status: 'completed', error: null, output: captionText('r2') },
      { node_id: 'caption', status: 'completed', error: null, output: captionText('r1') },
    ];
    // ACT
    const view = presentRun(run(), nodes);
    // ASSERT
    expect(view).toMatchObject({
      runId: 'run-1',
      workflowId: 'run-1',
      status: 'running',
      revision: 2,
      errorMessage: null,
      cost: { credits: 5.5 },
      startedAt: '2025-01-02T03:04:06.000Z',
      completedAt: null,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
    expect(view.outputs).toEqual([
      expect.objectContaining({
        id: 'caption',
        label: 'Caption',
        type: 'text',
        value: 'r2',
        status: 'completed',
      }),
      { id: 'image', label: 'Image', type: 'pending', value: null, status: 'pending', error: null },
    ]);
  });

  test('a failed node shows its error, and an output never run in a cancelled run says cancelled', () => {
    const view = presentRun(run({ status: 'cancelled' }), [
      { node_id: 'caption', status: 'failed', error: 'model refused', output: null },
    ]);
    expect(view.outputs).toEqual([
      { id: 'caption', label: 'Caption', type: 'text', value: null, status: 'error', error: 'model refused' },
      { id: 'image', label: 'Image', type: 'image', value: null, status: 'error', error: 'cancelled' },
    ]);
  });

  test('only the outputs of executed nodes are shown', () => {
    const view = presentRun(run({ execute: ['prompt', 'image'] }), []);
    expect(view.outputs.map((o) => o.id)).toEqual(['image']);
  });
  test('every plan node shows its live state: the newest row, queued before one, skipped when not selected', () => {
    // ARRANGE: prompt completed in revision 1 (reused), caption running in revision 2, image never selected.
    const nodes: StoredRunNode[] = [
      { node_id: 'caption', status: 'running', error: null, output: null, revision: 2, attempts: 1 },
      {
        node_id: 'prompt',
        status: 'completed',
        error: null,
        output: captionText('p'),
        revision: 1,
        attempts: 1,
      },
    ];
    // ACT
    const view = presentRun(run({ execute: ['prompt', 'caption'], app_version: 3 }), nodes);
    // ASSERT
    expect(view).toMatchObject({ appId: 'app-1', appVersion: 3 });
    expect(view.nodes.map((n) => [n.id, n.parents, n.status, n.revision, n.output])).toEqual([
      ['prompt', [], 'completed', 1, { type: 'text', value: 'p' }],
      ['caption', ['prompt'], 'running', 2, null],
      ['image', ['prompt'], 'skipped', null, null],
    ]);
  });

  test('a node without a row is queued while the run goes on, cancelled with it, and pending rows read queued', () => {
    const pending: StoredRunNode[] = [{ node_id: 'prompt', status: 'pending', error: null, output: null }];

    expect(presentRun(run(), pending).nodes.map((n) => n.status)).toEqual(['queued', 'queued', 'queued']);
    expect(presentRun(run({ status: 'cancelled' }), []).nodes.map((n) => n.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(presentRun(run(), []).appVersion).toBeNull();
  });
});

describe('presentRunSummary', () => {
  test('names the app and the source, without outputs', () => {
    expect(presentRunSummary(run({ source: 'compose' }))).toEqual({
      runId: 'run-1',
      workflowId: 'run-1',
      appId: 'app-1',
      status: 'running',
      source: 'compose',
      revision: 2,
      errorMessage: null,
      awaitingApprovalSince: null,
      durationMs: null,
      startedAt: '2025-01-02T03:04:06.000Z',
      completedAt: null,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
  });

  test('carries what the listing query adds: since when the run waits for a person, its working time', () => {
    const listed = {
      ...run({ source: 'api' }),
      awaiting_since: '2025-01-02T03:05:00.000Z',
      duration_ms: '1234.6',
    };
    expect(presentRunSummary(listed)).toEqual(
      expect.objectContaining({ awaitingApprovalSince: '2025-01-02T03:05:00.000Z', durationMs: 1235 }),
    );
  });
});

describe('presentRun: review, quality and history', () => {
  const plan = {
    nodes: [
      { id: 'photo', type: 'image.generate', label: 'Photo', parents: [], config: {} },
      { id: 'check', type: 'quality.check', label: 'Check', parents: ['photo'], config: {} },
      {
        id: 'review',
        type: 'human.approval',
        label: 'Review',
        parents: ['check'],
        config: { instructions: 'Look' },
      },
    ],
    outputs: [],
  };
  const output = {
    kind: 'media',
    modality: 'image',
    ref: { key: 'k', url: 'https://cdn/p.png', mimeType: 'image/png', bytes: 1, sha256: 's' },
    assetId: 'a',
    metadata: {
      mimeType: 'image/png',
      dimensions: null,
      durationSeconds: null,
      bytes: 1,
      contentDescription: null,
    },
  };
  const quality = { score: 0.5, minScore: 0.6, passed: false, reasons: ['low contrast'], attempts: 3 };
  const stored = (status: 'running' | 'failed') =>
    run({ plan, execute: ['photo', 'check', 'review'], status, revision: 1, inputs: { topic: 'tea' } });

  test('a waiting approval names what it reviews: the made output, attributed past the quality check, with its score', () => {
    const view = presentRun(stored('running'), [
      {
        node_id: 'review',
        status: 'awaiting_approval',
        error: null,
        output: null,
        revision: 1,
        updated_at: '2025-01-02T03:05:00.000Z',
      },
      { node_id: 'check', status: 'completed', error: null, output, revision: 1, quality },
      { node_id: 'photo', status: 'completed', error: null, output, revision: 1 },
    ]);
    expect(view.inputs).toEqual({ topic: 'tea' });
    expect(view.awaitingApproval).toEqual(
      expect.objectContaining({
        instructions: 'Look',
        reviewing: [{ nodeId: 'photo', label: 'Photo', type: 'image', value: 'https://cdn/p.png', quality }],
      }),
    );
  });

  test('revisions carry their reviews; the working time sums the revisions and leaves out the gap between them', () => {
    const review = {
      decision: 'reject',
      comment: 'No',
      by: null,
      decidedAt: '2025-01-02T03:06:00.000Z',
      revise: true,
    };
    const revision = (n: number, start: string, end: string) => ({
      revision: n,
      kind: n === 1 ? ('start' as const) : ('revise' as const),
      feedback: n === 1 ? null : 'No',
      summary: null,
      refined_nodes: null,
      status: 'failed' as const,
      error_message: null,
      started_at: start,
      completed_at: end,
      created_at: start,
    });
    const view = presentRun(
      stored('failed'),
      [{ node_id: 'review', status: 'failed', error: 'rejected', output: null, revision: 1, review }],
      [
        revision(1, '2025-01-02T03:00:00.000Z', '2025-01-02T03:00:02.000Z'),
        revision(2, '2025-01-02T04:00:00.000Z', '2025-01-02T04:00:03.000Z'),
      ],
    );
    expect(view.durationMs).toBe(5000);
    expect(view.revisions.map((r) => [r.revision, r.kind, r.reviews.length])).toEqual([
      [1, 'start', 1],
      [2, 'revise', 0],
    ]);
    expect(view.nodes.find((n) => n.id === 'review')!.review).toEqual(review);
  });
});
