import { Context } from '@temporalio/activity';
import { localImage, localModels } from '../../../adapters/models/local/local-models';
import type { ImageRequest, Models } from '../../../adapters/models/providers';
import { createTestStack, type TestStack } from '../../support/stack';

const BLOG_HERO = '7665e1a9-f604-41e7-9529-7b64b0a67d37';

/**
 * The local image model behind a gate: while `holding`, a call waits until the gate opens or its activity is
 * cancelled (a worker shutting down cancels its running activities).
 */
function gatedImages() {
  const calls: { request: ImageRequest; outcome?: 'rendered' | 'interrupted' }[] = [];
  let holding = true;
  let open: () => void = () => undefined;
  let opened = new Promise<void>((resolve) => (open = resolve));
  const models: Models = {
    ...localModels(),
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
    release() {
      holding = false;
      open();
      opened = Promise.resolve();
    },
  };
}

async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('a worker stopped in the middle of a run', () => {
  let stack: TestStack;
  const images = gatedImages();
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    stack = await createTestStack({ models: images.models });
  });
  afterAll(() => stack.close());

  test('the run completes after a restart and every node is stored, charged and recorded once', async () => {
    const db = stack.deps.db;
    const started = await stack.http
      .post(`/v1/apps/${BLOG_HERO}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { article_title: 'Repairing old bicycles' } });
    expect(started.status).toBe(202);
    const runId: string = started.body.data.runId;
    const nodes = () =>
      db
        .selectFrom('run_nodes')
        .select(['node_id', 'revision', 'status'])
        .where('run_id', '=', runId)
        .orderBy('node_id')
        .execute();

    // The hero image is being rendered; the text branches are done.
    const midway = await eventually(nodes, (rows) => {
      const status = Object.fromEntries(rows.map((r) => [r.node_id, r.status]));
      return (
        status.hero === 'running' && status.out_alt === 'completed' && status.out_headline === 'completed'
      );
    });
    expect(Object.fromEntries(midway.map((r) => [r.node_id, r.status]))).toMatchObject({
      headline: 'completed',
      hero: 'running',
      alt: 'completed',
    });
    expect(images.calls).toHaveLength(1);

    await stack.stopWorkers();
    expect(images.calls[0].outcome).toBe('interrupted');
    const whileDown = (await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key())).body.data;
    expect(whileDown.status).toBe('running');

    images.release();
    await stack.startWorkers();
    const waited = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key());
    expect(waited.body.timeout).toBeUndefined();
    const run = waited.body.data;
    expect(run.status).toBe('completed');
    expect(run.outputs.map((o: { status: string }) => o.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect(images.calls.map((c) => c.outcome)).toEqual(['interrupted', 'rendered']);

    // One row per node for revision 1.
    expect(await nodes()).toEqual(
      ['alt', 'headline', 'hero', 'out_alt', 'out_headline', 'out_hero'].map((node_id) => ({
        node_id,
        revision: 1,
        status: 'completed',
      })),
    );
    // One asset per producing node, and the output points at it.
    const assets = await db
      .selectFrom('assets')
      .select(['node_id', 'output_type', 'cdn_url'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();
    expect(assets.map((a) => [a.node_id, a.output_type])).toEqual([
      ['alt', 'text'],
      ['headline', 'text'],
      ['hero', 'image'],
    ]);
    const hero = run.outputs.find((o: { id: string }) => o.id === 'out_hero');
    expect(hero.value).toBe(assets.find((a) => a.node_id === 'hero')!.cdn_url);
    const file = await stack.http.get(new URL(hero.value).pathname);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // One debit per producing node; the run's cost is their sum.
    const ledger = await db
      .selectFrom('credit_ledger')
      .select(['node_id', 'amount'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();
    expect(ledger.map((l) => [l.node_id, Number(l.amount)])).toEqual([
      ['alt', -1],
      ['headline', -1],
      ['hero', -4],
    ]);
    expect(run.cost).toEqual({ credits: 6 });
  });
});
