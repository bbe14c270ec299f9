import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { falImage, falSpeech, falVideo, type FalOptions } from '../../../adapters/models/fal';
import { generatedImage } from '../../../adapters/models/providers';
import { pngOf } from '../../support/fakes/media';
import { startFalFake, type FalFake } from '../../support/fakes/fal';

describe('fal queue provider against a protocol-faithful fake', () => {
  let fal: FalFake;
  let options: FalOptions;
  let dir: string;
  beforeAll(async () => {
    fal = await startFalFake();
    options = { baseUrl: fal.baseUrl, apiKey: 'fal-test-key', pollIntervalMs: 10 };
    dir = await mkdtemp(join(tmpdir(), 'fal-test-'));
  });
  afterAll(async () => {
    await fal.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fal.next('complete');
    fal.requests.length = 0;
  });

  const image = () => falImage(options, 'fal-ai/flux/schnell');
  const paths = () => fal.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ':id')}`);

  test('submits, polls the status URL through IN_QUEUE and IN_PROGRESS to COMPLETED, then fetches the result', async () => {
    const progress: number[] = [];

    const result = await image().generate({
      prompt: 'a red kite. Revision: darker sky',
      width: 1080,
      height: 1350,
      variation: 2,
      onProgress: (p) => progress.push(p),
    });

    expect(await sharp(generatedImage(result).data).metadata()).toMatchObject({
      width: 1080,
      height: 1350,
      format: 'png',
    });
    expect(paths()).toEqual([
      'POST /fal-ai/flux/schnell',
      'GET /fal-ai/flux/requests/:id/status?logs=1',
      'GET /fal-ai/flux/requests/:id/status?logs=1',
      'GET /fal-ai/flux/requests/:id/status?logs=1',
      'GET /fal-ai/flux/requests/:id/status?logs=1',
      'GET /fal-ai/flux/requests/:id',
      expect.stringMatching(/^GET \/files\//),
    ]);
    expect(fal.requests[0].headers.authorization).toBe('Key fal-test-key');
    expect(fal.requests[0].body).toEqual({
      prompt: 'a red kite, darker sky',
      image_size: { width: 1080, height: 1350 },
      seed: 2,
      num_images: 1,
    });
    expect(progress).toEqual([50, 99]);
  });

  test('an input image goes to the model as a data URI', async () => {
    const input = await pngOf(64, 64);

    await image().generate({ prompt: 'restyle', width: 512, height: 512, variation: 1, image: input });

    expect((fal.requests[0].body as { image_url: string }).image_url).toBe(
      `data:image/png;base64,${input.toString('base64')}`,
    );
  });

  test('a 429 on the status URL is waited out for its Retry-After, then polling goes on', async () => {
    fal.next('throttle_once');
    const started = Date.now();

    await image().generate({ prompt: 'x', width: 512, height: 512, variation: 1 });

    // Waiting what the provider asked is the behaviour under test, not a speed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(paths().filter((p) => p.includes('/status'))).toHaveLength(4);
  });

  test('a validation error (422) is the provider rejecting the input: not retried', async () => {
    fal.next('validation_error');

    const error = await image()
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({
      name: 'ProviderRejected',
      message: expect.stringContaining('field required'),
    });
  });

  test('a model that fails while running (COMPLETED with an error) is left to retry', async () => {
    fal.next('model_error');

    const error = await image()
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({
      name: 'ProviderUnavailable',
      message: expect.stringContaining('Internal model error'),
    });
  });

  test('a wrong key is a 401: rejected, not retried', async () => {
    const error = await falImage({ ...options, apiKey: 'wrong' }, 'fal-ai/flux/schnell')
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({ name: 'ProviderRejected', message: expect.stringContaining('401') });
  });

  test('cancelling the activity cancels the request (PUT cancel_url) and stops waiting', async () => {
    fal.next('hang');
    const cancel = new AbortController();
    const generating = image()
      .generate({ prompt: 'slow', width: 512, height: 512, variation: 1, signal: cancel.signal })
      .catch((e: Error) => e);
    while (fal.requests.filter((r) => r.path.includes('/status')).length < 3)
      await new Promise((r) => setTimeout(r, 5));

    cancel.abort();

    expect(await generating).toMatchObject({ name: 'AbortError' });
    expect(paths()).toContain('PUT /fal-ai/flux/requests/:id/cancel');
    expect(fal.submitted.at(-1)!.cancelled).toBe(true);
  });

  test('a request past the deadline is cancelled and reported as unavailable', async () => {
    fal.next('hang');

    const error = await falImage({ ...options, timeoutMs: 100 }, 'fal-ai/flux/schnell')
      .generate({ prompt: 'slow', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({
      name: 'ProviderUnavailable',
      message: expect.stringContaining('did not finish'),
    });
    expect(paths()).toContain('PUT /fal-ai/flux/requests/:id/cancel');
  });

  test.each([
    ['an HTML page served with 200', 'html_file', /HTML page instead of an image/],
    ['a JSON document for an image', 'wrong_type', /answered application\/json, not an image/],
  ] as const)('%s as the result file is a clear ProviderBadOutput', async (_name, behaviour, message) => {
    fal.next(behaviour);

    const error = await image()
      .generate({ prompt: 'x', width: 512, height: 512, variation: 1 })
      .catch((e: Error) => e);

    expect(error).toMatchObject({ name: 'ProviderBadOutput', message: expect.stringMatching(message) });
  });

  test('video: the text-to-video model without an image, the image-to-video one with it; clips are normalised', async () => {
    const video = falVideo(
      options,
      'fal-ai/kling-video/v2.1/standard/text-to-video',
      'fal-ai/kling-video/v2.1/standard/image-to-video',
    );

    const clip = await video.generate({
      prompt: 'a dolphin',
      width: 1280,
      height: 720,
      seconds: 5,
      variation: 1,
      outPath: join(dir, 't2v.mp4'),
    });
    await video.generate({
      prompt: 'a dolphin',
      width: 1280,
      height: 720,
      seconds: 5,
      variation: 1,
      outPath: join(dir, 'i2v.mp4'),
      image: await pngOf(1280, 720),
    });

    expect(clip).toMatchObject({ width: 1280, height: 720 });
    expect(clip.durationSeconds).toBeCloseTo(5, 0);
    const submits = fal.requests
      .filter((r) => r.method === 'POST')
      .map((r) => [r.path, (r.body as { duration: string }).duration]);
    expect(submits).toEqual([
      ['/fal-ai/kling-video/v2.1/standard/text-to-video', '5'],
      ['/fal-ai/kling-video/v2.1/standard/image-to-video', '5'],
    ]);
  });

  test('a clip far from the asked shape is refused rather than cropped to a sliver', async () => {
    const video = falVideo(options, 'fal-ai/kling-video/v2.1/standard/text-to-video', 'x');

    const error = await video
      .generate({
        prompt: 'x',
        width: 720,
        height: 1280,
        seconds: 5,
        variation: 1,
        outPath: join(dir, 'tall.mp4'),
      })
      .catch((e: Error) => e);

    expect(error).toMatchObject({
      name: 'ProviderBadOutput',
      message: expect.stringContaining('1280x720 for a 720x1280'),
    });
  });

  test('speech is fetched, checked and encoded as m4a; an espeak voice name is not sent to the model', async () => {
    const speech = await falSpeech(options, 'fal-ai/kokoro/american-english').synthesize({
      text: 'hello there',
      voice: 'en-us',
      rate: 170,
      pitch: 50,
      outPath: join(dir, 'speech.m4a'),
    });

    expect(speech).toMatchObject({ mimeType: 'audio/mp4' });
    expect(speech.durationSeconds).toBeCloseTo(2, 0);
    expect(fal.requests[0].body).toEqual({ prompt: 'hello there', text: 'hello there', speed: 1 });
  });
});
