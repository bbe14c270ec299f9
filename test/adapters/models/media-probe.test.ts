import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { probeImage, probeMedia } from '../../../adapters/models/media-probe';

const run = promisify(execFile);

describe('probeImage', () => {
  test('reads size, format and mime type from a buffer', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();

    expect(await probeImage(jpeg)).toEqual({ width: 64, height: 48, format: 'jpeg', mimeType: 'image/jpeg' });
  });

  test('reads a file path and reports the size as displayed after EXIF rotation', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-probe-'));
    const file = path.join(dir, 'rotated.jpg');
    // Orientation 6: stored 64x48, displayed 48x64.
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toFile(file);

    expect(await probeImage(file)).toMatchObject({ width: 48, height: 64, format: 'jpeg' });
    await fs.rm(dir, { recursive: true, force: true });
  });

  test('rejects bytes that are not an image', async () => {
    await expect(probeImage(Buffer.from('not an image'))).rejects.toThrow();
  });
});

describe('probeMedia', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atelier-probe-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  test('reads duration, size and codecs of an mp4 with audio', async () => {
    const file = path.join(dir, 'clip.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);

    const probe = await probeMedia(file);

    expect(probe).toMatchObject({
      width: 320,
      height: 240,
      videoCodec: 'h264',
      audioCodec: 'aac',
      hasAudio: true,
      hasVideo: true,
      mimeType: 'video/mp4',
    });
    expect(probe.durationSeconds).toBeGreaterThan(0.9);
    expect(probe.durationSeconds).toBeLessThan(1.2);
  });

  test('an audio file has no video and no dimensions', async () => {
    const file = path.join(dir, 'tone.wav');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', file]);

    const probe = await probeMedia(file);

    expect(probe).toEqual({
      durationSeconds: expect.closeTo(2, 1),
      width: undefined,
      height: undefined,
      videoCodec: undefined,
      audioCodec: 'pcm_s16le',
      hasAudio: true,
      hasVideo: false,
      mimeType: 'audio/wav',
    });
  });

  test('a missing or broken file is an error that names it', async () => {
    const broken = path.join(dir, 'broken.mp4');
    await fs.writeFile(broken, 'garbage');

    await expect(probeMedia(broken)).rejects.toThrow(/ffprobe failed for .*broken\.mp4/);
    await expect(probeMedia(path.join(dir, 'missing.mp4'))).rejects.toThrow(/ffprobe failed/);
  });
});
