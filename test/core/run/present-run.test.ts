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
      startedAt: '2025-01-02T03:04:06.000Z',
      completedAt: null,
      createdAt: '2025-01-02T03:04:05.000Z',
    });
  });
});
