import sharp from 'sharp';
import { DEFAULT_NODE_COSTS } from '../../../core/billing/credits';
import { localModels } from '../../../adapters/models/local/local-models';
import type { Models } from '../../../adapters/models/providers';
import { testApp, textParameter } from '../../support/app-definitions';
import { createTestStack, type TestStack } from '../../support/stack';
import { insertTestApp, startAppRun, waitForEnd } from '../../support/runs';

/**
 *   poster (image.generate) --> poster_check (quality.check) --> out_poster
 *   blurb  (text.generate)  --> blurb_check  (quality.check) --> out_blurb
 */
const checkedApp = () =>
  testApp({
    name: 'Checked poster and blurb',
    summary: 'A poster and a blurb, each scored and retried below the threshold.',
    formats: ['image', 'text'],
    parameters: [textParameter('topic', { role: 'topic' })],
    nodes: [
      {
        id: 'poster',
        type: 'image.generate',
        label: 'Poster',
        config: { prompt: '{{topic}}, bold poster', aspectRatio: '1:1', longEdge: 720 },
      },
      {
        id: 'poster_check',
        type: 'quality.check',
        label: 'Poster check',
        config: { minScore: 0.6, maxRetries: 2 },
      },
      {
        id: 'blurb',
        type: 'text.generate',
        label: 'Blurb',
        config: { prompt: 'Write a caption about {{topic}}', purpose: 'caption' },
      },
      {
        id: 'blurb_check',
        type: 'quality.check',
        label: 'Blurb check',
        config: { minScore: 0.85, maxRetries: 2 },
      },
      { id: 'out_poster', type: 'output', label: 'Poster', config: { label: 'Poster' } },
      { id: 'out_blurb', type: 'output', label: 'Blurb', config: { label: 'Blurb' } },
    ],
    edges: [
      { source: 'poster', target: 'poster_check' },
      { source: 'poster_check', target: 'out_poster' },
      { source: 'blurb', target: 'blurb_check' },
      { source: 'blurb_check', target: 'out_blurb' },
    ],
  });

/** Models whose first take is poor (a flat grey image, a one-word text) and whose second is the local model's. */
function poorFirstTake(): Models {
  const local = localModels('espeak');
  return {
    ...local,
    image: {
      name: 'poor-first-take',
      generate: (req) =>
        req.variation === 1
          ? sharp({ create: { width: req.width, height: req.height, channels: 3, background: '#808080' } })
              .png()
              .toBuffer()
          : local.image.generate(req),
    },
    text: {
      name: 'poor-first-take',
      generate: async (req) => (req.variation === 1 ? 'Nice' : local.text.generate(req)),
    },
  };
}

describe('quality.check in a run', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack({ models: poorFirstTake() });
  });
  afterAll(() => stack.close());

  test('a poor first output is retried as variation 2, the better one is delivered, attempts and retry debits are recorded', async () => {
    const user = stack.users.owner;
    const appId = await insertTestApp(stack, user, checkedApp());
    const runId = await startAppRun(stack, user, appId, { topic: 'farmers market opening day' });
    const run = await waitForEnd(stack, user, runId, 120);

    expect(run.status).toBe('completed');
    const poster = run.outputs.find((o) => o.label === 'Poster')!;
    const blurb = run.outputs.find((o) => o.label === 'Blurb')!;
    expect(poster.value).toMatch(/\/runs\/.+\/poster\/r1-v2\.png$/);
    const posterKey = new URL(poster.value as string).pathname.replace(/^\/cdn\//, '');
    const stats = await sharp(await collect(await stack.services.storage.read(posterKey))).stats();
    expect(stats.entropy).toBeGreaterThan(1);
    expect(blurb.value).not.toBe('Nice');
    expect((blurb.value as string).split(/\s+/).length).toBeGreaterThan(5);

    const nodes = await stack.deps.db
      .selectFrom('run_nodes')
      .select(['node_id', 'status', 'attempts'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();
    expect(nodes.filter((n) => n.node_id === 'poster' || n.node_id === 'blurb')).toEqual([
      { node_id: 'blurb', status: 'completed', attempts: 2 },
      { node_id: 'poster', status: 'completed', attempts: 2 },
    ]);

    const ledger = await stack.deps.db
      .selectFrom('credit_ledger')
      .select(['node_id', 'amount'])
      .where('run_id', '=', runId)
      .orderBy('node_id')
      .execute();
    expect(ledger.map((l) => ({ node: l.node_id, amount: Number(l.amount) }))).toEqual([
      { node: 'blurb', amount: -DEFAULT_NODE_COSTS['text.generate'] },
      { node: 'blurb#2', amount: -DEFAULT_NODE_COSTS['text.generate'] },
      { node: 'blurb_check', amount: -DEFAULT_NODE_COSTS['quality.check'] },
      { node: 'poster', amount: -DEFAULT_NODE_COSTS['image.generate'] },
      { node: 'poster#2', amount: -DEFAULT_NODE_COSTS['image.generate'] },
      { node: 'poster_check', amount: -DEFAULT_NODE_COSTS['quality.check'] },
    ]);
    const charged = ledger.reduce((sum, l) => sum - Number(l.amount), 0);
    expect(run.cost.credits).toBeCloseTo(charged, 5);
  });
});

describe('quality.check when every retry is worse', () => {
  let stack: TestStack;
  const takes = ['bread', 'bread {{x}}', 'bread {{y}}'];
  beforeAll(async () => {
    const local = localModels('espeak');
    stack = await createTestStack({
      models: {
        ...local,
        text: { name: 'worse-each-time', generate: async (req) => takes[req.variation - 1] },
      },
    });
  });
  afterAll(() => stack.close());

  test('the best take is delivered, and the node record and its asset show that take, not the last one', async () => {
    const user = stack.users.owner;
    const appId = await insertTestApp(stack, user, checkedApp());
    const runId = await startAppRun(stack, user, appId, { topic: 'bakery' });
    const run = await waitForEnd(stack, user, runId, 120);
    expect(run.outputs.find((o) => o.label === 'Blurb')!.value).toBe('bread');
    const node = await stack.deps.db
      .selectFrom('run_nodes')
      .select(['output', 'attempts'])
      .where('run_id', '=', runId)
      .where('node_id', '=', 'blurb')
      .executeTakeFirstOrThrow();
    expect(node).toMatchObject({ attempts: 3, output: { kind: 'text', text: 'bread' } });
    const asset = await stack.deps.db
      .selectFrom('assets')
      .select('text_content')
      .where('run_id', '=', runId)
      .where('node_id', '=', 'blurb')
      .executeTakeFirstOrThrow();
    expect(asset.text_content).toBe('bread');
  });
});

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
