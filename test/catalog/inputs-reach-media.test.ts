import sharp from 'sharp';
import { loadCatalogApps } from '../../adapters/catalog';
import type { AppDefinition } from '../../core/app/app-definition';
import { descendantsOf } from '../../core/graph/find-subgraph';
import { nodeActivityHarness, type NodeActivityHarness } from '../nodes/activity-harness';
import { inProcessRunner, paramsOf, type InProcessRun } from '../support/in-process-app';
import { startMediaServer, type MediaServer } from '../support/media-server';

/**
 * Every input of every catalog app reaches what the app delivers (issue 10 item 1): for each parameter,
 * each other option (or another text, another picture) is run, and every output downstream of a node that
 * names the parameter must differ from the baseline (bytes for media, text for copy), while every other
 * output stays byte-identical. Apps run in this process through the real node activities (runner in
 * test/support/in-process-app.ts), at a 480 px long edge, and unchanged nodes are not run again.
 */

const MEDIA = {
  photo: '/photo.png',
  other: '/other.jpg',
  product: '/bottle.png',
  product2: '/mug.png',
} as const;

/** A baseline run and, per text or media parameter, the value it is changed to. */
const CASES: Record<string, { inputs: Record<string, string>; changed: Record<string, string> }> = {
  'Social Post Image with Caption': {
    inputs: { topic: 'launch of a reusable water bottle' },
    changed: { topic: 'our new oat milk latte, creamy and vegan' },
  },
  'Image from Prompt': {
    inputs: { prompt: 'a teal poster announcing our summer launch party' },
    changed: { prompt: 'a crimson poster for a winter book fair' },
  },
  'Quote Card': {
    inputs: { quote: 'Simplicity is the ultimate sophistication', author: 'Leonardo da Vinci' },
    changed: { quote: 'Stay hungry, stay foolish', author: 'Maya Angelou' },
  },
  'Blog Hero Image with Alt Text': {
    inputs: { article_title: 'Why remote teams need async rituals' },
    changed: { article_title: 'How cities grow greener with street trees' },
  },
  'Product Photo on a Styled Background': {
    inputs: { product_image: MEDIA.product, product_name: 'Trailblazer bottle' },
    changed: { product_image: MEDIA.product2, product_name: 'Summit mug' },
  },
  'Three-Slide Carousel': {
    inputs: {
      topic: '5 habits of calm remote teams',
      points: 'Write decisions down. Default to async updates.',
    },
    changed: {
      topic: 'How to brew better coffee',
      points: 'Grind fresh. Weigh your beans.',
      call_to_action: 'Follow for weekly tips',
    },
  },
  'Vertical Video Ad with Voiceover and Captions': {
    inputs: { product: 'the Trailblazer bottle, ice cold for 24 hours' },
    changed: { product: 'the Lumen lamp, warm light for reading', call_to_action: 'Order today' },
  },
  'Explainer Video from Talking Points': {
    inputs: {
      topic: 'how solar panels work',
      talking_points: 'sunlight frees electrons, an inverter makes power',
    },
    changed: { topic: 'how vaccines train the body', talking_points: 'a harmless piece, the immune memory' },
  },
  'Podcast Audiogram': {
    inputs: { episode_title: 'Building in public', excerpt: 'Share the messy middle.' },
    changed: { episode_title: 'The quiet founder', excerpt: 'Progress beats polish every time.' },
  },
  'UGC-Style Script with Voiceover': {
    inputs: { product: 'the Lumen serum, light and non-sticky' },
    changed: { product: 'the Drift sneakers, soft and breathable' },
  },
  'Campaign Asset Set with Review': {
    inputs: { campaign: 'Autumn coffee menu, pumpkin spice is back' },
    changed: { campaign: 'Spring salads, fresh greens every day', call_to_action: 'Book a table' },
  },
  'Scripted Video': {
    inputs: { script: 'Our bakery opens at seven. Fresh bread every morning.' },
    changed: { script: 'The library stays open late on Fridays.' },
  },
  'Photo to Video Clip': {
    inputs: { photo: MEDIA.photo, overlay_text: 'Open house on Sunday' },
    changed: { photo: MEDIA.other, overlay_text: 'Sold in a week' },
  },
};

const APPS = loadCatalogApps();

/** The outputs a parameter reaches: those downstream of any node whose config names it. */
function reachedOutputs(
  app: AppDefinition,
  plan: ReturnType<ReturnType<typeof inProcessRunner>['planOf']>,
  key: string,
) {
  const using = plan.nodes.filter((n) => paramsOf(n).includes(key)).map((n) => n.id);
  const reached = new Set(descendantsOf(plan, using));
  return plan.outputs.filter((o) => reached.has(o.nodeId)).map((o) => o.label);
}

/** Each value a parameter is changed to: every other option, or the case's other text or picture. */
function variations(app: AppDefinition, key: string): string[] {
  const parameter = app.parameters.find((p) => p.key === key)!;
  const base = CASES[app.name].inputs[key] ?? parameter.default;
  if (parameter.type === 'options') return (parameter.options ?? []).filter((o) => o !== base);
  return [CASES[app.name].changed[key]];
}

describe('every catalog app: each input reaches its outputs', () => {
  let harness: NodeActivityHarness;
  let media: MediaServer;
  let runner: ReturnType<typeof inProcessRunner>;
  const baselines = new Map<string, InProcessRun>();
  beforeAll(async () => {
    harness = await nodeActivityHarness();
    runner = inProcessRunner(harness);
    const svg = (fill: string, shape: string) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="${fill}"/>${shape}</svg>`,
        ),
      );
    media = await startMediaServer({
      [MEDIA.photo]: {
        type: 'image/png',
        body: await svg('#7cc6fe', '<rect y="260" width="600" height="140" fill="#4d7c0f"/>')
          .png()
          .toBuffer(),
      },
      [MEDIA.other]: {
        type: 'image/jpeg',
        body: await svg('#1b2a4a', '<circle cx="300" cy="200" r="120" fill="#f9d649"/>').jpeg().toBuffer(),
      },
      [MEDIA.product]: {
        type: 'image/png',
        body: await svg('#ffffff', '<rect x="250" y="40" width="100" height="320" rx="30" fill="#0f766e"/>')
          .png()
          .toBuffer(),
      },
      [MEDIA.product2]: {
        type: 'image/png',
        body: await svg('#ffffff', '<rect x="200" y="140" width="200" height="200" rx="20" fill="#b5172e"/>')
          .png()
          .toBuffer(),
      },
    });
  });
  afterAll(async () => {
    await media.close();
    await harness.close();
  });

  const inputsOf = (app: AppDefinition, values: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [
        k,
        Object.values(MEDIA).includes(v as never) ? media.url(v) : v,
      ]),
    );
  const baseline = async (app: AppDefinition) => {
    if (!baselines.has(app.appId))
      baselines.set(app.appId, await runner.run(app, inputsOf(app, CASES[app.name].inputs)));
    return baselines.get(app.appId)!;
  };

  // A case renders the app's media (a video app: whole videos) for its baseline and each variation; on a
  // loaded 2-core machine one took longer than the suite's 60 s, so these get room for several renders.
  const RENDERS_TIMEOUT_MS = 240_000;

  test('every catalog app has a case here', () => {
    expect(APPS.map((a) => a.name).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const app of APPS) {
    for (const parameter of app.parameters) {
      test(
        `${app.name}: "${parameter.key}" changes exactly the outputs it reaches`,
        async () => {
          const base = await baseline(app);
          const reached = reachedOutputs(app, runner.planOf(app), parameter.key);
          expect(reached.length).toBeGreaterThan(0);
          for (const value of variations(app, parameter.key)) {
            const varied = await runner.run(
              app,
              inputsOf(app, { ...CASES[app.name].inputs, [parameter.key]: value }),
            );
            const changed = Object.keys(base.outputs).filter(
              (label) => !varied.outputs[label].content.equals(base.outputs[label].content),
            );
            expect({ value, changed: changed.sort() }).toEqual({ value, changed: [...reached].sort() });
          }
        },
        RENDERS_TIMEOUT_MS,
      );
    }
  }
});
