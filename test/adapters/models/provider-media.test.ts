import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { providerAudio, providerImage, providerVideo } from '../../../adapters/models/provider-media';
import { HTML_ERROR_PAGE, audioOf, mp4Of, pngOf } from '../../support/fakes/media';

/** What a provider sends back is checked before anything is stored (issue 10 item 5). */
describe('provider media checks', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'provider-media-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const want = { width: 1080, height: 1350 };
  const image = (data: Buffer, contentType: string | null = 'image/png') =>
    providerImage({ data, contentType }, want, 'acme:painter');

  test('an image of about the asked shape is fitted to exactly the asked size, as PNG', async () => {
    const jpeg = await sharp({ create: { width: 1024, height: 1536, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();

    expect(await sharp(await image(jpeg, 'image/jpeg')).metadata()).toMatchObject({
      format: 'png',
      width: 1080,
      height: 1350,
    });
  });

  test.each([
    [
      'an HTML error page served as 200',
      HTML_ERROR_PAGE,
      'text/html',
      'acme:painter answered an HTML page instead of an image',
    ],
    ['an HTML page without a content type', HTML_ERROR_PAGE, null, 'answered an HTML page'],
    [
      'JSON where an image was asked',
      Buffer.from('{"ok":true}'),
      'application/json',
      'answered application/json, not an image',
    ],
    ['an empty body', Buffer.alloc(0), 'image/png', 'answered an empty file'],
  ])('%s is a ProviderBadOutput', async (_name, data, type, message) => {
    await expect(image(data, type)).rejects.toMatchObject({
      name: 'ProviderBadOutput',
      message: expect.stringContaining(message),
    });
  });

  test('a truncated PNG and a picture far from the asked shape are refused', async () => {
    const png = await pngOf(1080, 1350);
    await expect(image(png.subarray(0, png.length - 200))).rejects.toMatchObject({
      name: 'ProviderBadOutput',
      message: expect.stringContaining('not a readable image'),
    });
    await expect(image(await pngOf(1920, 1080))).rejects.toMatchObject({
      name: 'ProviderBadOutput',
      message: expect.stringContaining('returned 1920x1080 for a 1080x1350 request'),
    });
    await expect(image(await pngOf(32, 40))).rejects.toMatchObject({
      message: expect.stringContaining('too small'),
    });
  });

  test('a video is re-encoded to H.264 at the asked size; an image or an HTML page is not a video', async () => {
    const clip = await providerVideo(
      { data: await mp4Of(640, 360, 2, true), contentType: 'video/mp4' },
      { width: 1280, height: 720, outPath: join(dir, 'v.mp4') },
      'acme:film',
    );

    expect(clip).toMatchObject({ width: 1280, height: 720, path: join(dir, 'v.mp4') });
    await expect(
      providerVideo(
        { data: await pngOf(64, 64), contentType: 'image/png' },
        { width: 1280, height: 720, outPath: join(dir, 'x.mp4') },
        'acme:film',
      ),
    ).rejects.toMatchObject({ name: 'ProviderBadOutput' });
    await expect(
      providerVideo(
        { data: HTML_ERROR_PAGE, contentType: 'text/html' },
        { width: 1280, height: 720, outPath: join(dir, 'y.mp4') },
        'acme:film',
      ),
    ).rejects.toMatchObject({
      name: 'ProviderBadOutput',
      message: 'acme:film answered an HTML page instead of a video',
    });
  });

  test('speech is re-encoded to m4a and measured; a video without sound is not speech', async () => {
    const speech = await providerAudio(
      { data: await audioOf(1), contentType: 'audio/wav' },
      { outPath: join(dir, 's.wav') },
      'acme:voice',
    );

    expect(speech).toMatchObject({ path: join(dir, 's.m4a'), mimeType: 'audio/mp4' });
    expect(speech.durationSeconds).toBeCloseTo(1, 0);
    await expect(
      providerAudio(
        { data: await mp4Of(64, 64, 1), contentType: 'application/octet-stream' },
        { outPath: join(dir, 'n.m4a') },
        'acme:voice',
      ),
    ).rejects.toMatchObject({
      name: 'ProviderBadOutput',
      message: 'acme:voice answered a file without an audio stream',
    });
  });
});
