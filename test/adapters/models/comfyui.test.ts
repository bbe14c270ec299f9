import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CATALOG_DIR } from '../../../adapters/catalog';
import { probeMedia } from '../../../adapters/media/ffmpeg';
import { comfyImage, comfyVideo, type ComfyOptions } from '../../../adapters/models/comfyui';
import { generatedImage } from '../../../adapters/models/providers';
import { pngOf } from '../../support/fakes/media';
import { startComfyFake, type ComfyFake } from '../../support/fakes/comfyui';

type Graph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

describe('ComfyUI provider against a protocol-faithful fake server', () => {
  let comfy: ComfyFake;
  let dir: string;
  let options: ComfyOptions;
  beforeAll(async () => {
    comfy = await startComfyFake();
    dir = await mkdtemp(join(tmpdir(), 'comfy-test-'));
    options = { baseUrl: comfy.baseUrl, workflowsDir: join(CATALOG_DIR, 'comfyui'), pollIntervalMs: 20 };
  });
  afterAll(async () => {
    await comfy.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    comfy.next('complete');
    comfy.sockets(true);
    comfy.requests.length = 0;
  });

  const image = () => comfyImage(options, 'image-sdxl', 'image-to-image-sdxl');
  const video = () => comfyVideo(options, 'text-to-video-wan', 'image-to-video-wan');
  const queued = () =>
    comfy.requests
      .filter((r) => r.path === '/prompt')
      .map((r) => r.body as { prompt: Graph; client_id: string });

  test('queues the shipped SDXL workflow with its placeholders filled, follows it on the socket and fetches the PNG', async () => {
    const progress: number[] = [];

    const result = await image().generate({
      prompt: 'a lighthouse at dawn. Revision: make the sky pink',
      width: 1920,
      height: 1080,
      variation: 3,
      onProgress: (p) => progress.push(p),
    });

    const png = generatedImage(result).data;
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1920, height: 1080 });
    const [{ prompt, client_id }] = queued();
    expect(prompt['6'].inputs.text).toBe('a lighthouse at dawn, make the sky pink');
    expect(prompt['3'].inputs.seed).toBe(3);
    const latent = prompt['5'].inputs as { width: number; height: number };
    expect(latent.width % 16).toBe(0);
    expect(latent.width / latent.height).toBeCloseTo(16 / 9, 1);
    expect(latent.width * latent.height).toBeGreaterThan(900_000);
    expect(comfy.events.some((e) => e.type === 'execution_success' && e.data.prompt_id)).toBe(true);
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(comfy.prompts.find((p) => p.clientId === client_id)).toBeDefined();
    expect(comfy.requests.some((r) => r.path.startsWith('/view?filename=atelier_'))).toBe(true);
  });

  test('an input image is uploaded and the image-to-image workflow loads it by the name the server gave', async () => {
    const input = await pngOf(600, 600, '#ff6f61');

    await image().generate({
      prompt: 'product on a podium',
      width: 1080,
      height: 1080,
      variation: 1,
      image: input,
    });

    const [name] = [...comfy.uploads.keys()].slice(-1);
    expect(comfy.uploads.get(name)!.equals(input)).toBe(true);
    expect(queued().at(-1)!.prompt['10']).toMatchObject({ class_type: 'LoadImage', inputs: { image: name } });
  });

  test('text to video and image to video give H.264 clips of the asked size from the Wan workflows', async () => {
    const out = join(dir, 'wan.mp4');
    const clip = await video().generate({
      prompt: 'waves',
      width: 720,
      height: 1280,
      seconds: 4,
      variation: 1,
      outPath: out,
    });
    const fromImage = await video().generate({
      prompt: 'waves',
      width: 720,
      height: 1280,
      seconds: 4,
      variation: 1,
      outPath: join(dir, 'wan-i2v.mp4'),
      image: await pngOf(720, 1280),
    });

    expect(clip).toMatchObject({ width: 720, height: 1280 });
    expect((await probeMedia(out)).durationSeconds).toBeCloseTo(4, 0);
    expect(fromImage.width).toBe(720);
    const [t2v, i2v] = queued()
      .slice(-2)
      .map((q) => q.prompt);
    expect(t2v['40'].inputs.length).toBe(65);
    expect(i2v['52'].class_type).toBe('LoadImage');
  });

  test('a workflow the server refuses (an unknown node) is the provider rejecting it: not retried', async () => {
    await writeFile(
      join(dir, 'broken.json'),
      JSON.stringify({ '1': { class_type: 'NoSuchNode', inputs: { text: '{{prompt}}' } } }),
    );

    const error = await comfyImage({ ...options, workflowsDir: dir }, 'broken', 'broken')
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({
      name: 'ProviderRejected',
      message: expect.stringContaining('NoSuchNode does not exist'),
    });
  });

  test('a node that fails is rejected; a GPU out of memory is left to retry', async () => {
    comfy.next('execution_error');
    const failed = await image()
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);
    comfy.next('out_of_memory');
    const oom = await image()
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(failed).toMatchObject({
      name: 'ProviderRejected',
      message: expect.stringContaining('size mismatch'),
    });
    expect(oom).toMatchObject({
      name: 'ProviderUnavailable',
      message: expect.stringContaining('Allocation on device'),
    });
  });

  test('cancelling a running prompt interrupts that prompt (POST /interrupt with its id) and stops at once', async () => {
    comfy.next('hang');
    const cancel = new AbortController();
    const seen = comfy.events.length;
    const generating = image()
      .generate({ prompt: 'endless', width: 512, height: 512, variation: 1, signal: cancel.signal })
      .catch((e: Error) => e);
    await until(() => comfy.events.slice(seen).some((e) => e.type === 'progress'));

    cancel.abort();

    expect(await generating).toMatchObject({ name: 'AbortError' });
    const id = comfy.prompts.at(-1)!.id;
    expect(comfy.requests).toContainEqual(
      expect.objectContaining({ path: '/interrupt', body: { prompt_id: id } }),
    );
    await until(() => comfy.prompts.at(-1)!.state === 'done');
    expect(comfy.events.at(-1)).toMatchObject({ type: 'execution_interrupted', data: { prompt_id: id } });
  });

  test('cancelling a prompt still queued behind another removes it from the queue and interrupts nothing', async () => {
    comfy.next('hang');
    const first = new AbortController();
    const second = new AbortController();
    const a = image()
      .generate({ prompt: 'a', width: 512, height: 512, variation: 1, signal: first.signal })
      .catch((e: Error) => e);
    await until(() => comfy.prompts.some((p) => p.state === 'running'));
    const b = image()
      .generate({ prompt: 'b', width: 512, height: 512, variation: 1, signal: second.signal })
      .catch((e: Error) => e);
    await until(() => comfy.prompts.some((p) => p.state === 'pending'));
    const pendingId = comfy.prompts.find((p) => p.state === 'pending')!.id;

    second.abort();
    await b;

    expect(comfy.requests).toContainEqual(
      expect.objectContaining({ path: '/queue', body: { delete: [pendingId] } }),
    );
    expect(comfy.requests.some((r) => r.path === '/interrupt')).toBe(false);
    first.abort();
    await a;
  });

  test('a cancellation that arrives while the prompt is being queued still takes it back out of the queue', async () => {
    comfy.next('hang');
    const first = new AbortController();
    const a = image()
      .generate({ prompt: 'a', width: 512, height: 512, variation: 1, signal: first.signal })
      .catch((e: Error) => e);
    await until(() => comfy.prompts.some((p) => p.state === 'running'));
    const cancelled = new AbortController();
    cancelled.abort();

    // The first prompt hangs until aborted: release it whatever the assertions say, or the fake's queue
    // stays blocked for every later test.
    try {
      const error = await image()
        .generate({ prompt: 'b', width: 512, height: 512, variation: 1, signal: cancelled.signal })
        .catch((e: Error) => e);

      expect(error).toMatchObject({ name: 'AbortError' });
      const running = comfy.prompts.find((p) => p.state === 'running')!.id;
      const deleted = comfy.requests.filter((r) => r.path === '/queue' && r.method === 'POST');
      expect(deleted).toHaveLength(1);
      expect(deleted[0].body).toEqual({ delete: [expect.not.stringMatching(running)] });
      expect(comfy.prompts.some((p) => p.state === 'pending')).toBe(false);
      expect(comfy.requests.some((r) => r.path === '/interrupt')).toBe(false);
    } finally {
      first.abort();
      await a;
    }
  });

  test('without a WebSocket (a proxy that drops upgrades) the result is found by polling /history', async () => {
    comfy.sockets(false);

    const result = await image().generate({ prompt: 'polled', width: 512, height: 512, variation: 1 });

    expect(await sharp(generatedImage(result).data).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(comfy.requests.filter((r) => r.path.startsWith('/history/')).length).toBeGreaterThan(1);
  });

  test.each([
    ['an HTML page served with 200', 'html_view', /HTML page instead of an image/],
    ['a truncated PNG', 'truncated_view', /not a readable image/],
    ['a square picture for a 16:9 request', 'square_image', /returned (\d+)x\1 for a 1920x1080 request/],
  ] as const)('%s is a clear ProviderBadOutput, never an image', async (_name, behaviour, message) => {
    comfy.next(behaviour);

    const error = await image()
      .generate({ prompt: 'x', width: 1920, height: 1080, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({ name: 'ProviderBadOutput', message: expect.stringMatching(message) });
  });

  test('a prompt past the deadline is interrupted and reported as unavailable (retryable)', async () => {
    comfy.next('hang');

    const error = await comfyImage({ ...options, timeoutMs: 200 }, 'image-sdxl', 'image-to-image-sdxl')
      .generate({ prompt: 'slow', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({
      name: 'ProviderUnavailable',
      message: expect.stringContaining('did not finish in time'),
    });
    expect(comfy.requests.some((r) => r.path === '/interrupt')).toBe(true);
  });

  test('a workflow file that is missing, not in API format or uses an unknown placeholder is a configuration error', async () => {
    await writeFile(join(dir, 'ui-format.json'), JSON.stringify({ nodes: [], links: [] }));
    await writeFile(
      join(dir, 'odd.json'),
      JSON.stringify({ '1': { class_type: 'SaveImage', inputs: { x: '{{mood}}' } } }),
    );
    const run = (name: string) =>
      comfyImage({ ...options, workflowsDir: dir }, name, name)
        .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
        .catch((e: Error) => e);

    expect(await run('nowhere')).toMatchObject({
      name: 'InvalidNodeInput',
      message: expect.stringContaining('not found'),
    });
    expect(await run('ui-format')).toMatchObject({ message: expect.stringContaining('not in API format') });
    expect(await run('odd')).toMatchObject({ message: expect.stringContaining('{{mood}}') });
  });
});

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
