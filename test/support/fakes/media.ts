import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** Media a fake provider answers with: real files of the asked size and length, made on the spot. */

const run = promisify(execFile);

/** A PNG of one colour. */
export const pngOf = (width: number, height: number, colour = '#264653') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function ffmpegFile(args: string[], name: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-media-'));
  try {
    const out = join(dir, name);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args, out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const cache = new Map<string, Promise<Buffer>>();
const cached = (key: string, make: () => Promise<Buffer>) => {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key)!;
};

/** An H.264 mp4 test pattern, with a tone when `audio`. */
export const mp4Of = (width: number, height: number, seconds: number, audio = false) =>
  cached(`mp4:${width}x${height}:${seconds}:${audio}`, () =>
    ffmpegFile(
      [
        ...['-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=16:d=${seconds}`],
        ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...(audio ? ['-c:a', 'aac', '-shortest'] : []),
      ],
      'clip.mp4',
    ),
  );

/** An MP3 (or WAV, without libmp3lame) of a tone. */
export const audioOf = (seconds: number) =>
  cached(`wav:${seconds}`, () =>
    ffmpegFile(
      ['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}`, '-c:a', 'pcm_s16le'],
      'tone.wav',
    ),
  );

/** What a misconfigured gateway answers with a 200: an HTML page. */
export const HTML_ERROR_PAGE = Buffer.from(
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
);
