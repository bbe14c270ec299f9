import { Context } from '@temporalio/activity';
import { localImage, localModels } from '../../../adapters/models/local/local-models';
import type { ImageRequest, Models } from '../../../adapters/models/providers';
import { testApp, textParameter } from '../../support/app-definitions';
import { branchingApp } from '../../support/branching-app';
import { eventually } from '../../support/eventually';
import { insertTestApp, startAppRun } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';

const BRANCHING = branchingApp();

/** headline -> hero -> out: one node at a time, so no two run records are ever in flight together. */
const HEADLINE_HERO = testApp({
  name: 'Headline hero',
  description: 'A headline, then an image of it.',
  summary: 'Writes a headline and illustrates it.',
  formats: ['image'],
  parameters: [textParameter('topic', { role: 'topic' })],
  nodes: [
    {
      id: 'headline',
      type: 'text.generate',
      label: 'Headline',
      config: { prompt: 'A headline about {{topic}}', purpose: 'headline' },
    },
    {
      id: 'hero',
      type: 'image.generate',
      label: 'Hero',
      config: { prompt: 'Editorial illustration: {{nodes.headline}}', aspectRatio: '16:9', longEdge: 640 },
    },
    { id: 'out', type: 'output', label: 'Hero', config: { label: 'Hero' } },
  ],
  edges: [
    { source: 'headline', target: 'hero' },
    { source: 'hero', target: 'out' },
  ],
});

/**
 * The local image model behind a gate: while `holding`, a call waits until the gate opens or its activity is
 * cancelled (a worker shutting down cancels its running activities).
 */
function gatedImages() {
  const calls: { request: ImageRequest; outcome?: 'rendered' | 'interrupted' }[] = [];
  let holding = false;
  let open: () => void = () => undefined;
  let opened = Promise.resolve();
  const models: Models = {
    ...localModels('espeak'),
    image: {
      name: 'gated',
      async generate(request) {
        const call: (typeof calls)[number] = { request };
        calls.push(call);
        if (holding) {
          const signal = Context.current().cancellationSignal;
          await new Promise<void>((resolve, reject) => {
            void opened.then(resolve);
            signal.addEventListener('abort', () => {
              call.outcome = 'interrupted';
              reject(signal.reason);
            });
          });
        }
        const image = await localImage.generate(request);
        call.outcome = 'rendered';
        return image;
      },
    },
  };
  return {
    models,
    calls,
    hold() {
      holding = true;
      opened = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      holding = false;
      open();
    },
  };
}

describe('a worker stopped in the middle of a run', () => {
  let stack: TestStack;
  const images = gatedImages();
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    stack = await createTestStack({ models: images.models });
    await insertTestApp(stack, stack.users.owner, HEADLINE_HERO, 'shared');
    await insertTestApp(stack, stack.users.owner, BRANCHING, 'shared');
  });
  afterAll(() => stack.close());

  /**
   * Starts a run whose image node blocks, stops the workers once `midway` holds (the image node is running),
   * opens the gate, starts the workers again and waits for the end.
   */
  async function interruptedRun(
    appId: string,
    inputs: Record<string, unknown>,
    midway: (status: Record<string, string>) => boolean,
  ) {
    const db = stack.deps.db;
    images.hold();
    const callsBefore = images.calls.length;
    const runId = await startAppRun(stack, stack.users.owner, appId, inputs);
    const nodes = () =>
      db
        .selectFrom('run_nodes')
        .select(['node_id', 'revision', 'status'])
        .where('run_id', '=', runId)
        .orderBy('node_id')
        .execute();
    const status = (rows: { node_id: string; status: string }[]) =>
      Object.fromEntries(rows.map((r) => [r.node_id, r.status]));

    expect(midway(status(await eventually(nodes, (rows) => midway(status(rows)), 15_000)))).toBe(true);
    // The node is recorded running just before its activity starts: wait until the model is called.
    expect(
      await eventually(
        () => images.calls.length - callsBefore,
        (calls) => calls === 1,
        15_000,
      ),
    ).toBe(1);

    await stack.stopWorkers();
    expect(images.calls.at(-1)!.outcome).toBe('interrupted');
    const whileDown = (await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key())).body.data;
    expect(whileDown.status).toBe('running');

    images.release();
    await stack.startWorkers();
    const waited = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key());
    expect(waited.body.timeout).toBeUndefined();
    expect(images.calls.slice(callsBefore).map((c) => c.outcome)).toEqual(['interrupted', 'rendered']);
    const assets = await db
      .selectFrom('assets')
      .select(['node_id', 'output_type', 'cdn_url'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['node_id', 'amount'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();
    return {
      runId,
      run: waited.body.data,
      nodes: await nodes(),
      assets,
      ledger: ledger.map((l) => [l.node_id, Number(l.amount)]),
    };
  }

  test('the run completes after a restart and every node is stored, charged and recorded once', async () => {
    const { run, nodes, assets, ledger } = await interruptedRun(
      HEADLINE_HERO.appId,
      { topic: 'Repairing old bicycles' },
      (s) => s.headline === 'completed' && s.hero === 'running',
    );
    expect(run.status).toBe('completed');
    // One row per node for revision 1.
    expect(nodes).toEqual(
      ['headline', 'hero', 'out'].map((node_id) => ({ node_id, revision: 1, status: 'completed' })),
    );
    // One asset per producing node, and the output points at it; the file is there.
    expect(assets.map((a) => [a.node_id, a.output_type])).toEqual([
      ['headline', 'text'],
      ['hero', 'image'],
    ]);
    expect(run.outputs).toEqual([
      expect.objectContaining({ id: 'out', status: 'completed', value: assets[1].cdn_url }),
    ]);
    const file = await stack.http.get(new URL(run.outputs[0].value).pathname);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // One debit per producing node; the run's cost is their sum.
    expect(ledger).toEqual([
      ['headline', -1],
      ['hero', -4],
    ]);
    expect(run.cost).toEqual({ credits: 5 });
  });

  test("a node's attempts reflects Temporal's attempt after a retry on another worker (issue 27 item 6)", async () => {
    const { run } = await interruptedRun(
      HEADLINE_HERO.appId,
      { topic: 'Mending a torn sail' },
      (s) => s.headline === 'completed' && s.hero === 'running',
    );

    expect(run.status).toBe('completed');
    const attempts = Object.fromEntries(
      (run.nodes as { id: string; attempts: number }[]).map((node) => [node.id, node.attempts]),
    );
    // The interrupted image ran twice: once on the stopped worker, once on its successor. Not charged twice.
    expect(attempts).toEqual({ headline: 1, hero: 2, out: 1 });
  });

  // Regression: parallel branches once recorded transitions with concurrent local activities, which resolve
  // in another order on replay; a restarted worker then failed with a nondeterminism error and the run hung.
  test('a run with parallel branches completes after a restart with every node recorded once', async () => {
    const { run, nodes, assets, ledger } = await interruptedRun(
      BRANCHING.appId,
      { article_title: 'Repairing old bicycles' },
      (s) => s.hero === 'running' && s.out_alt === 'completed' && s.out_headline === 'completed',
    );
    expect(run.status).toBe('completed');
    expect(nodes).toEqual(
      ['alt', 'headline', 'hero', 'out_alt', 'out_headline', 'out_hero'].map((node_id) => ({
        node_id,
        revision: 1,
        status: 'completed',
      })),
    );
    expect(assets.map((a) => [a.node_id, a.output_type])).toEqual([
      ['alt', 'text'],
      ['headline', 'text'],
      ['hero', 'image'],
    ]);
    expect(ledger).toEqual([
      ['alt', -1],
      ['headline', -1],
      ['hero', -4],
    ]);
  });
});
