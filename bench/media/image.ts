import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { MockActivityEnvironment } from '@temporalio/testing';
import { imageGenerateActivity } from '../../nodes/image-generate/activity';
import { openDatabase } from '../../adapters/db/connect';
import { prepareDatabase } from '../../adapters/db/prepare';
import { insertRun } from '../../adapters/db/runs';
import { createWorkspace } from '../../adapters/db/workspaces';
import { createMemoryBus } from '../../adapters/events/bus';
import { styleFromPrompt } from '../../adapters/models/local/image-renderer';
import { LAYOUTS, type Scene } from '../../adapters/models/local/layouts';
import { localImage, localModels } from '../../adapters/models/local/local-models';
import { generatedImage } from '../../adapters/models/providers';
import { paletteFromPrompt } from '../../adapters/models/local/palette';
import {
  hashString,
  quotedText,
  secondaryPhrase,
  seededRandom,
  sentenceCase,
  subjectPhrase,
  titleCase,
} from '../../adapters/models/local/prompt-words';
import { renderImage } from '../../adapters/models/local/image-renderer';
import { createFsStorage } from '../../adapters/storage/fs-storage';
import { createMetrics } from '../../adapters/telemetry/metrics';
import { DEFAULT_NODE_COSTS } from '../../core/billing/credits';
import { newId } from '../../core/ids';
import type { NodeTask } from '../../core/run/run-types';
import { timeInterleaved, type Timed } from './stats';

export const IMAGE_WIDTH = 1080;
export const IMAGE_HEIGHT = 1350;
/** The social post app's prompt with its default style; the node asks for 4:5 at a 1350 px long edge. */
export const IMAGE_PROMPT = 'Bold social media graphic about the launch of a reusable water bottle';
const SOCIAL_POST_APP = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const PNG = { compressionLevel: 6, adaptiveFiltering: false } as const;

/**
 * The SVG the renderer draws for a prompt at variation 1, built here by hand from the same layout so
 * the raw sharp call rasterises exactly the same document (the outputs are compared pixel by pixel).
 */
function layoutSvg(prompt: string, photoBackground: boolean) {
  const style = styleFromPrompt(prompt, 0);
  const subject = subjectPhrase(prompt);
  const secondary = secondaryPhrase(prompt);
  const scene: Scene = {
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
    palette: paletteFromPrompt(prompt, 0),
    headline: quotedText(prompt) ?? (style === 'quote' ? sentenceCase(subject) : titleCase(subject)),
    subline: style === 'quote' || !secondary ? undefined : sentenceCase(secondary),
    random: seededRandom(hashString(prompt)),
    photoBackground,
    type: { scale: 1, decorated: true },
    drawn: [],
  };
  const { under, over } = LAYOUTS[style](scene);
  const svg = (body: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}">${body}</svg>`,
    );
  return { style, whole: svg(under + over), over: svg(over) };
}

/** The activity's dependencies over an in-memory PGlite and an fs storage folder, with a run to own the asset. */
async function activityHarness(dir: string) {
  const database = await openDatabase({});
  await prepareDatabase(database.db);
  const { workspaceId, ownerId } = await createWorkspace(database.db, 'bench', 0);
  const runId = newId();
  await insertRun(database.db, {
    id: runId,
    workspace_id: workspaceId,
    app_id: SOCIAL_POST_APP,
    user_id: ownerId,
    status: 'running',
    source: 'api',
    inputs: '{}',
    plan: '{}',
    execute: '[]',
    revision: 1,
    cost_credits: 0,
  });
  const activities = imageGenerateActivity({
    db: database.db,
    storage: createFsStorage({ root: join(dir, 'storage'), publicBaseUrl: 'http://127.0.0.1:9' }),
    bus: createMemoryBus(),
    models: localModels(),
    costs: DEFAULT_NODE_COSTS,
    logger: pino({ level: 'silent' }),
    allowHosts: [],
    signingKey: () => Promise.reject(new Error('no webhooks in the benchmark')),
    metrics: createMetrics(),
  });
  const task: NodeTask = {
    runId,
    workspaceId,
    revision: 1,
    variation: 1,
    node: {
      id: 'image',
      type: 'image.generate',
      label: 'Post image',
      config: { prompt: IMAGE_PROMPT, aspectRatio: '4:5', longEdge: IMAGE_HEIGHT },
      parents: [],
      produces: 'image',
    },
    parents: [],
  };
  // The activity heartbeats through its Context: run it inside a mock one, as the activity tests do.
  const environment = new MockActivityEnvironment();
  return {
    run: () => environment.run(activities.imageGenerate, task),
    close: () => database.close(),
  };
}

/**
 * An input photo as a parent's JPEG would be: larger than the canvas, in another ratio, and with the
 * grain of a camera (a flat render compresses unrealistically well, which would flatter PNG steps).
 */
async function inputPhoto(): Promise<Buffer> {
  const size = 1600;
  const scene = await renderImage({ prompt: 'warm sunset over the waves', width: size, height: size });
  const grain = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map((data) => sharp(data).raw().toBuffer()));
  return x.equals(y);
}

export interface ImageBench {
  plain: Timed[];
  photo: Timed[];
  notes: string[];
}

/** The image node path at 1080x1350 beside raw sharp calls making the same composition. */
export async function benchImage(runs: number, warmup: number): Promise<ImageBench> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-image-'));
  const harness = await activityHarness(dir);
  try {
    const photo = await inputPhoto();
    const plainSvg = layoutSvg(IMAGE_PROMPT, false);
    const photoSvg = layoutSvg(IMAGE_PROMPT, true);
    const request = { prompt: IMAGE_PROMPT, width: IMAGE_WIDTH, height: IMAGE_HEIGHT, variation: 1 };
    const rawPlain = () => sharp(plainSvg.whole).removeAlpha().png(PNG).toBuffer();
    const rawPhoto = () =>
      sharp(photo)
        .resize({ width: IMAGE_WIDTH, height: IMAGE_HEIGHT, fit: 'cover' })
        .composite([{ input: photoSvg.over, top: 0, left: 0 }])
        .removeAlpha()
        .png(PNG)
        .toBuffer();
    const nodePlain = async () => generatedImage(await localImage.generate(request)).data;
    const nodePhoto = async () =>
      generatedImage(await localImage.generate({ ...request, image: photo })).data;

    const notes = [
      `layout "${plainSvg.style}"; renderer output equals the raw sharp output pixel for pixel: ` +
        `${await samePixels(await nodePlain(), await rawPlain())} (prompt only), ` +
        `${await samePixels(await nodePhoto(), await rawPhoto())} (over a photo)`,
    ];
    const plain = await timeInterleaved(runs, warmup, [
      { name: 'raw sharp: SVG -> PNG', fn: rawPlain },
      { name: 'localImage.generate (renderer)', fn: nodePlain },
      { name: 'imageGenerate activity (render+fs put+asset row)', fn: harness.run },
    ]);
    const photoRows = await timeInterleaved(runs, warmup, [
      { name: 'raw sharp: photo cover + SVG -> PNG', fn: rawPhoto },
      { name: 'localImage.generate with input photo', fn: nodePhoto },
    ]);
    return { plain, photo: photoRows, notes };
  } finally {
    await harness.close();
    await rm(dir, { recursive: true, force: true });
  }
}
