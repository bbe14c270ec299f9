import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import sharp from 'sharp';
import { localImage, localModels } from '../../../adapters/models/local/local-models';
import type { ImageRequest } from '../../../adapters/models/providers';
import { FailureType } from '../../../core/run/failure-types';
import type { NodeOutput } from '../../../core/run/run-types';
import { imageGenerateActivity } from '../../../nodes/image-generate/activity';
import { HEARTBEAT_EVERY_MS, readStored } from '../../../nodes/media-inputs';
import { nodeActivityHarness, type NodeActivityHarness } from '../activity-harness';

describe('imageGenerate activity (image.generate)', () => {
  const requests: ImageRequest[] = [];
  /** Runs before the local renderer on every call: a delay, or a wait for cancellation. */
  let beforeRender: () => Promise<void>;
  let harness: NodeActivityHarness;
  beforeAll(async () => {
    const image = {
      name: 'local-behind-a-hook',
      async generate(request: ImageRequest) {
        requests.push(request);
        await beforeRender();
        return localImage.generate(request);
      },
    };
    harness = await nodeActivityHarness({ ...localModels('espeak'), image });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    requests.length = 0;
    beforeRender = async () => undefined;
  });

  const imageGenerate = () => imageGenerateActivity(harness.deps).imageGenerate;
  const task = (config: Record<string, unknown>, variation = 1, id = 'poster') =>
    harness.task({ id, type: 'image.generate', label: 'Poster', config }, variation);
  const stored = async (output: NodeOutput) => {
    if (output.kind !== 'media') throw new Error(`expected media, got ${output.kind}`);
    return readStored(harness.deps, output.ref.key);
  };

  test('renders the prompt at the node aspect ratio and stores the PNG it describes', async () => {
    const output = await harness.run(imageGenerate(), [
      task({ prompt: 'Reusable bottles on a beach', aspectRatio: '16:9', longEdge: 640 }),
    ]);

    expect(requests).toEqual([
      expect.objectContaining({
        prompt: 'Reusable bottles on a beach',
        width: 640,
        height: 360,
        variation: 1,
      }),
    ]);
    const bytes = await stored(output);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 640,
      height: 360,
    });
    expect(output).toMatchObject({
      kind: 'media',
      modality: 'image',
      ref: {
        mimeType: 'image/png',
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
      metadata: { dimensions: { width: 640, height: 360 }, durationSeconds: null },
    });
  });

  test('another variation of the same prompt is another picture under a key of its own', async () => {
    const config = { prompt: 'Reusable bottles on a beach', aspectRatio: '1:1', longEdge: 256 };
    const first = await harness.run(imageGenerate(), [task(config, 1)]);
    const second = await harness.run(imageGenerate(), [task(config, 2)]);

    expect(requests.map((r) => r.variation)).toEqual([1, 2]);
    expect(second.kind === 'media' && second.ref.key).not.toBe(first.kind === 'media' && first.ref.key);
    expect((await stored(second)).equals(await stored(first))).toBe(false);
  });

  test('an unsupported aspect ratio is the caller error: InvalidNodeInput, not retried, no render', async () => {
    const error = await harness
      .run(imageGenerate(), [task({ prompt: 'Poster', aspectRatio: '7:3' })])
      .catch((err: unknown) => err);

    expect(error).toMatchObject({
      name: 'ApplicationFailure',
      type: FailureType.InvalidNodeInput,
      nonRetryable: true,
      message: expect.stringContaining('unsupported aspect ratio "7:3"'),
    });
    expect(requests).toEqual([]);
  });

  test('heartbeats while the model renders, so a cancel can reach it, and stops once the image is stored', async () => {
    beforeRender = () => sleep(2.5 * HEARTBEAT_EVERY_MS);
    const environment = harness.environment();
    let heartbeats = 0;
    environment.on('heartbeat', () => heartbeats++);

    await harness.run(imageGenerate(), [task({ prompt: 'Poster', longEdge: 256 })], environment);
    const whileRendering = heartbeats;
    await sleep(1.5 * HEARTBEAT_EVERY_MS);

    expect(whileRendering).toBeGreaterThanOrEqual(2);
    expect(heartbeats).toBe(whileRendering);
  });

  test('a cancel during the render ends the activity as cancelled, not as a failure, and stores nothing', async () => {
    let rendering: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (rendering = resolve));
    beforeRender = () =>
      new Promise<void>((_, reject) => {
        const signal = Context.current().cancellationSignal;
        signal.addEventListener('abort', () => reject(signal.reason));
        rendering();
      });
    const environment = harness.environment();

    const result = harness
      .run(imageGenerate(), [task({ prompt: 'Never finished', longEdge: 256 }, 1, 'cancelled')], environment)
      .catch((err: unknown) => err);
    await started;
    environment.cancel();

    expect(await result).toMatchObject({ name: 'CancelledFailure' });
    const rows = await harness.deps.db
      .selectFrom('assets')
      .select('id')
      .where('run_id', '=', harness.runId)
      .where('node_id', '=', 'cancelled')
      .execute();
    expect(rows).toEqual([]);
  });
});
