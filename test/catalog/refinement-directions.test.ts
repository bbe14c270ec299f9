import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { loadCatalogApps } from '../../adapters/catalog';
import { colourDistance, hexToRgb } from '../../adapters/media/colours';
import { directionSupports } from '../../adapters/models/direction-support';
import { refinementAnswer } from '../../api/commands/refinement-outcome';
import { loadConfig } from '../../core/config';
import { descendantsOf } from '../../core/graph/find-subgraph';
import { refinementCandidates } from '../../core/refinement/candidates';
import { canApply } from '../../core/refinement/refinement-report';
import { selectRefinement } from '../../core/refinement/select-refinement';
import type { NodeOutput } from '../../core/run/run-types';
import { readStored } from '../../nodes/media-inputs';
import { nodeActivityHarness, type NodeActivityHarness } from '../nodes/activity-harness';
import { inProcessRunner, type InProcessRun } from '../support/in-process-app';
import { startMediaServer, type MediaServer } from '../support/media-server';

/**
 * Every catalog app refined with a colour, a tone and a length direction (issue 10 item 2), the way
 * POST /v1/runs/{id}/feedback does it (the same selector, the same provider check, the same answer), run in
 * this process through the real node activities. Each direction is either applied, and the media show it
 * (the dominant colour of the re-made image or title card is the asked one, the text changed tone, the copy
 * got shorter and the videos it feeds with it), or declined with its reason and nothing re-run.
 */

const COLOUR = 'Make the background a deep navy blue';
const TONE = 'Make it more playful';
const LENGTH = 'Make it shorter';

const run = promisify(execFile);
const APPS = loadCatalogApps();
const CONFIG = loadConfig({});

const INPUTS: Record<string, Record<string, string>> = {
  'Social Post Image with Caption': { topic: 'launch of a reusable water bottle' },
  'Image from Prompt': { prompt: 'a teal poster announcing our summer launch party' },
  'Quote Card': { quote: 'Simplicity is the ultimate sophistication', author: 'Leonardo da Vinci' },
  'Blog Hero Image with Alt Text': { article_title: 'Why remote teams need async rituals' },
  'Product Photo on a Styled Background': {
    product_image: '/bottle.png',
    product_name: 'Trailblazer bottle',
  },
  'Three-Slide Carousel': {
    topic: '5 habits of calm remote teams',
    points: 'Write decisions down. Default to async.',
  },
  'Vertical Video Ad with Voiceover and Captions': {
    product: 'the Trailblazer bottle, ice cold for 24 hours, leak-proof lid',
  },
  'Explainer Video from Talking Points': {
    topic: 'how solar panels work',
    talking_points: 'sunlight frees electrons, an inverter makes power',
  },
  'Podcast Audiogram': {
    episode_title: 'Building in public',
    excerpt: 'Share the messy middle. People trust progress.',
  },
  'UGC-Style Script with Voiceover': { product: 'the Lumen serum, light and non-sticky' },
  'Campaign Asset Set with Review': { campaign: 'Autumn coffee menu, pumpkin spice is back' },
  'Scripted Video': {
    script: 'Our bakery opens at seven. Fresh bread every single morning. Come early for the best loaves.',
  },
  'Photo to Video Clip': { photo: '/photo.png', overlay_text: 'Open house on Sunday' },
};

describe('every catalog app refined with a colour, a tone and a length direction', () => {
  let harness: NodeActivityHarness;
  let media: MediaServer;
  let runner: ReturnType<typeof inProcessRunner>;
  let dir: string;
  let revision = 1000;
  const bases = new Map<string, InProcessRun>();
  beforeAll(async () => {
    harness = await nodeActivityHarness();
    runner = inProcessRunner(harness);
    dir = await mkdtemp(join(tmpdir(), 'refine-test-'));
    const picture = (fill: string) =>
      sharp({ create: { width: 600, height: 400, channels: 3, background: fill } })
        .png()
        .toBuffer();
    media = await startMediaServer({
      '/bottle.png': { type: 'image/png', body: await picture('#0f766e') },
      '/photo.png': { type: 'image/png', body: await picture('#7cc6fe') },
    });
  });
  afterAll(async () => {
    await media.close();
    await harness.close();
    await rm(dir, { recursive: true, force: true });
  });

  const inputsOf = (name: string) =>
    Object.fromEntries(
      Object.entries(INPUTS[name]).map(([k, v]) => [k, v.startsWith('/') ? media.url(v) : v]),
    );

  /** Refines an app's baseline run as the feedback command would, in process. */
  async function refine(appName: string, feedback: string) {
    const app = APPS.find((a) => a.name === appName)!;
    const plan = runner.planOf(app);
    if (!bases.has(appName)) bases.set(appName, await runner.run(app, inputsOf(appName)));
    const before = bases.get(appName)!;
    const executed = plan.nodes.map((n) => n.id);
    const selection = selectRefinement(refinementCandidates(plan, executed), feedback);
    const supports = directionSupports(CONFIG, plan, selection, feedback);
    const ran = selection.choices.filter((c) => canApply(supports.get(c.nodeId)!));
    const execute = descendantsOf(
      plan,
      ran.map((c) => c.nodeId),
    );
    const after = ran.length
      ? await runner.run(app, inputsOf(appName), {
          execute,
          seeds: before.nodes,
          promptOverrides: Object.fromEntries(ran.map((c) => [c.nodeId, c.prompt])),
          revision: revision++,
        })
      : before;
    const answer = refinementAnswer({
      plan,
      selection,
      supports,
      ran,
      before: before.nodes,
      after: after.nodes,
      status: 'completed',
      revision: 2,
      revised: ran.length > 0,
      reran: execute.length,
      total: executed.length,
    });
    return { plan, selection, supports, ran, before, after, answer };
  }

  const dominant = async (png: Buffer) => {
    const { r, g, b } = (await sharp(png).stats()).dominant;
    return [r, g, b] as [number, number, number];
  };
  /** A frame from the middle of a clip, as PNG. */
  const frameOf = async (output: NodeOutput) => {
    if (output.kind !== 'media') throw new Error('not media');
    const clip = join(dir, `${output.ref.sha256}.mp4`);
    await writeFile(clip, await readStored(harness.deps, output.ref.key));
    const png = join(dir, `${output.ref.sha256}.png`);
    await run('ffmpeg', ['-y', '-loglevel', 'error', '-ss', '1', '-i', clip, '-frames:v', '1', png]);
    return readFile(png);
  };
  const words = (o: NodeOutput) => (o.kind === 'text' ? o.text.split(/\s+/).filter(Boolean).length : 0);

  for (const app of APPS) {
    describe(app.name, () => {
      test('a colour direction: the re-made picture (or title card) has the asked colour, or it is declined', async () => {
        const r = await refine(app.name, COLOUR);
        if (r.ran.length === 0) return expectDeclined(r);
        for (const choice of r.ran) {
          const asked = r.supports
            .get(choice.nodeId)!
            .applied.join(' ')
            .match(/\((#[0-9a-f]{6})\)/)![1];
          const node = r.plan.nodes.find((n) => n.id === choice.nodeId)!;
          const output = r.after.nodes[choice.nodeId];
          const picture =
            node.produces === 'video'
              ? await frameOf(output)
              : await readStored(harness.deps, (output as { ref: { key: string } }).ref.key);
          expect({
            node: choice.nodeId,
            distance: Math.round(colourDistance(await dominant(picture), hexToRgb(asked))),
          }).toEqual({
            node: choice.nodeId,
            distance: expect.any(Number),
          });
          expect(colourDistance(await dominant(picture), hexToRgb(asked))).toBeLessThan(90);
          expect(output.metadata.contentDescription).toMatch(/(navy|dark blue|deep blue) \(#/);
        }
        expectAppliedOrKept(r);
      });

      test('a tone direction: re-written copy (or a restyled picture), or declined', async () => {
        const r = await refine(app.name, TONE);
        if (r.ran.length === 0) return expectDeclined(r);
        for (const choice of r.ran) {
          const output = r.after.nodes[choice.nodeId];
          expect(output).not.toEqual(r.before.nodes[choice.nodeId]);
          const applied = r.supports.get(choice.nodeId)!.applied;
          expect(applied.some((a) => /playful/.test(a))).toBe(true);
        }
        expectAppliedOrKept(r);
      });

      test('a length direction: shorter copy and the voiceovers and videos it feeds, or declined', async () => {
        const r = await refine(app.name, LENGTH);
        if (r.ran.length === 0) return expectDeclined(r);
        for (const choice of r.ran) {
          const before = r.before.nodes[choice.nodeId];
          const after = r.after.nodes[choice.nodeId];
          if (after.kind === 'text') expect(words(after)).toBeLessThan(words(before));
          else expect(after.metadata.durationSeconds!).toBeLessThan(before.metadata.durationSeconds!);
        }
        for (const out of r.plan.outputs.filter((o) => o.type === 'video' || o.type === 'audio')) {
          const [before, after] = [r.before.nodes[out.nodeId], r.after.nodes[out.nodeId]];
          if (before === after) continue;
          // A video composed over a voiceover the feedback did not change keeps its length, and says so.
          if (after.metadata.durationSeconds! >= before.metadata.durationSeconds!)
            expect(r.answer.summary).toContain(`"${out.label}" lasts as long as its voiceover`);
          else expect(after.metadata.durationSeconds!).toBeLessThan(before.metadata.durationSeconds!);
        }
        expectAppliedOrKept(r);
      });
    });
  }
});

type Refined = {
  ran: unknown[];
  selection: { choices: { nodeId: string }[] };
  answer: { summary: string; refinedNodes: { reason: string }[] };
  before: InProcessRun;
  after: InProcessRun;
};

/** Nothing the feedback asks is something the chosen nodes' providers do: nothing re-ran, and the answer says why. */
function expectDeclined(r: Refined) {
  expect(r.after).toBe(r.before);
  expect(r.answer.summary).toMatch(
    /^Nothing in the feedback could be applied, so no revision was made: not applied: ".+" \(.+\)/,
  );
  for (const node of r.answer.refinedNodes)
    expect(node.reason).toMatch(/not applied: ".+" \(.+\); the previous output is kept$/);
}

/** Every node that ran says what was applied and what it is now. */
function expectAppliedOrKept(r: Refined) {
  expect(r.answer.summary).toMatch(/^Revision 2: applied to /);
  expect(r.answer.refinedNodes.some((n) => /; applied: .+; now: /.test(n.reason))).toBe(true);
}
