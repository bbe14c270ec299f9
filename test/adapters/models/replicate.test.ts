import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generatedImage } from '../../../adapters/models/providers';
import {
  replicateImage,
  replicateVideo,
  type ReplicateVideoOptions,
} from '../../../adapters/models/replicate';
import { pngOf } from '../../support/fakes/media';
import { startReplicateFake, type ReplicateFake } from '../../support/fakes/replicate';
import { startFakeServer, type FakeServer } from '../../support/fake-providers';

describe('Replicate image provider against a protocol-faithful fake', () => {
  let server: FakeServer;
  let png: Buffer;
  let polls = 0;
  let failPrediction = false;

  beforeAll(async () => {
    png = await sharp({ create: { width: 1024, height: 576, channels: 3, background: '#264653' } })
      .png()
      .toBuffer();
    server = await startFakeServer((req, base) => {
      if (req.method === 'POST' && req.path === '/v1/models/acme/painter/predictions')
        return {
          status: 201,
          json: { id: 'p1', status: 'starting', output: null, urls: { get: `${base}/v1/predictions/p1` } },
        };
      if (req.method === 'GET' && req.path === '/v1/predictions/p1') {
        polls += 1;
        if (failPrediction) return { json: { id: 'p1', status: 'failed', error: 'NSFW content detected' } };
        return polls < 2
          ? { json: { id: 'p1', status: 'processing' } }
          : { json: { id: 'p1', status: 'succeeded', output: [`${base}/files/out.png`] } };
      }
      if (req.path === '/files/out.png') return { body: png, type: 'image/png' };
      return { status: 404, json: { detail: 'not found' } };
    });
  });
  afterAll(() => server.close());

  const model = () =>
    replicateImage({
      baseUrl: `${server.baseUrl}/v1`,
      apiToken: 'r8_test',
      model: 'acme/painter',
      pollIntervalMs: 10,
    });

  test('creates a prediction, polls until it succeeds, and fetches the output at the requested size', async () => {
    const image = await model().generate({
      prompt: 'a harbour at dawn',
      width: 1920,
      height: 1080,
      variation: 1,
    });
    expect(await sharp(generatedImage(image).data).metadata()).toMatchObject({ width: 1920, height: 1080 });
    const create = server.requests.find((r) => r.method === 'POST')!;
    expect(create.headers.authorization).toBe('Bearer r8_test');
    expect(create.headers.prefer).toBe('wait=30');
    expect(create.body).toEqual({
      input: { prompt: 'a harbour at dawn', aspect_ratio: '16:9', output_format: 'png', seed: 1 },
    });
    expect(polls).toBe(2);
  });

  test('a failed prediction is not retried (ProviderRejected)', async () => {
    failPrediction = true;
    polls = 0;
    await expect(
      model().generate({ prompt: 'x', width: 512, height: 512, variation: 1 }),
    ).rejects.toMatchObject({ name: 'ProviderRejected', message: expect.stringContaining('NSFW') });
  });
});

describe('Replicate video models and the prediction lifecycle, against a protocol-faithful fake', () => {
  let replicate: ReplicateFake;
  let dir: string;
  beforeAll(async () => {
    replicate = await startReplicateFake();
    dir = await mkdtemp(join(tmpdir(), 'replicate-test-'));
  });
  afterAll(async () => {
    await replicate.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    replicate.next('succeed');
    replicate.requests.length = 0;
  });

  const options = (extra: Partial<ReplicateVideoOptions> = {}): ReplicateVideoOptions => ({
    baseUrl: `${replicate.baseUrl}/v1`,
    apiToken: 'r8_test',
    model: 'minimax/video-01',
    imageInput: 'first_frame_image',
    pollIntervalMs: 10,
    ...extra,
  });
  const clip = (extra: Partial<ReplicateVideoOptions> = {}, image?: Buffer, signal?: AbortSignal) =>
    replicateVideo(options(extra)).generate({
      prompt: 'a lighthouse in a storm',
      width: 1280,
      height: 720,
      seconds: 6,
      variation: 1,
      outPath: join(dir, `${Math.random()}.mp4`),
      image,
      signal,
    });

  test('text to video: a prediction with Cancel-After, polled to success, its mp4 normalised to the asked size', async () => {
    const video = await clip();

    expect(video).toMatchObject({ width: 1280, height: 720 });
    expect(video.durationSeconds).toBeCloseTo(6, 0);
    const create = replicate.requests.find((r) => r.method === 'POST')!;
    expect(create.path).toBe('/v1/models/minimax/video-01/predictions');
    expect(create.headers['cancel-after']).toBe('30m');
    expect(create.body).toEqual({
      input: { prompt: 'a lighthouse in a storm', aspect_ratio: '16:9', duration: 6, seed: 1 },
    });
  });

  test('image to video: the first frame is uploaded to the Files API and given under the model input name', async () => {
    const frame = await pngOf(1280, 720, '#f4842d');

    await clip({}, frame);

    const [id] = [...replicate.files.keys()].slice(-1);
    expect(replicate.files.get(id)!.equals(frame)).toBe(true);
    const input = (
      replicate.requests.find((r) => r.path.endsWith('/predictions'))!.body as {
        input: Record<string, unknown>;
      }
    ).input;
    expect(input.first_frame_image).toBe(`${replicate.baseUrl}/v1/files/${id}`);
  });

  test('a 429 while polling is retried after its Retry-After', async () => {
    replicate.next('throttle_once');

    await clip();

    const polls = replicate.requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'),
    );
    expect(polls.length).toBeGreaterThanOrEqual(3);
  });

  test('cancelling the activity cancels the prediction (POST urls.cancel) and stops', async () => {
    replicate.next('hang');
    const cancel = new AbortController();
    const generating = clip({}, undefined, cancel.signal).catch((e: Error) => e);
    while (!replicate.predictions.some((p) => p.status === 'processing'))
      await new Promise((r) => setTimeout(r, 5));

    cancel.abort();

    expect(await generating).toMatchObject({ name: 'AbortError' });
    expect(replicate.requests.some((r) => r.method === 'POST' && r.path.endsWith('/cancel'))).toBe(true);
    expect(replicate.predictions.at(-1)!.status).toBe('canceled');
  });

  test('a prediction Replicate cancelled after its Cancel-After is unavailable (retryable), not a result', async () => {
    replicate.next('hang');

    const error = await clip({ cancelAfter: '1s' }).catch((e: Error) => e);

    expect(error).toMatchObject({ name: 'ProviderUnavailable', message: 'prediction was canceled' });
  });

  test('a failed prediction and an invalid input are the provider refusing: not retried', async () => {
    replicate.next('fail');
    const failed = await clip().catch((e: Error) => e);
    const invalid = await replicateVideo(options())
      .generate({
        prompt: '',
        width: 1280,
        height: 720,
        seconds: 6,
        variation: 1,
        outPath: join(dir, 'x.mp4'),
      })
      .catch((e: Error) => e);

    expect(failed).toMatchObject({
      name: 'ProviderRejected',
      message: expect.stringContaining('CUDA error'),
    });
    expect(invalid).toMatchObject({ name: 'ProviderRejected', message: expect.stringContaining('422') });
  });
});
