import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/** Test helpers that look at real media files with ffprobe directly, independent of the code under test. */

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
}

export interface Probed {
  duration: number;
  streams: ProbedStream[];
  video?: ProbedStream;
  audio?: ProbedStream;
}

export function ffprobe(path: string): Probed {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path]);
  const json = JSON.parse(out.toString()) as { format: { duration: string }; streams: ProbedStream[] };
  return {
    duration: Number(json.format.duration),
    streams: json.streams,
    video: json.streams.find((s) => s.codec_type === 'video'),
    audio: json.streams.find((s) => s.codec_type === 'audio'),
  };
}

/** Offsets of the top-level MP4 boxes, read by walking box sizes from the start of the file. */
export function topLevelBoxes(path: string): Record<string, number> {
  const bytes = readFileSync(path);
  const boxes: Record<string, number> = {};
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(offset + 8));
    if (size === 0) size = bytes.length - offset;
    boxes[type] ??= offset;
    offset += size;
  }
  return boxes;
}

export function expectFaststart(path: string): void {
  const boxes = topLevelBoxes(path);
  expect(boxes.moov).toBeDefined();
  expect(boxes.mdat).toBeDefined();
  expect(boxes.moov).toBeLessThan(boxes.mdat);
}

export function makeScratch(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-media-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A picture with shapes and stripes, so motion and crops are visible in a frame. */
export async function makeImage(path: string, width: number, height: number): Promise<string> {
  const stripes = Array.from({ length: 8 }, (_, i) => {
    const x = (i * width) / 8;
    const fill = i % 2 ? '#f59e0b' : '#0ea5e9';
    return `<rect x="${x}" y="0" width="${width / 8}" height="${height}" fill="${fill}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stripes}
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#db2777"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path);
  return path;
}

/** A tone of `seconds`, for audio inputs. */
export function makeTone(path: string, seconds: number, frequency = 440): string {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=f=${frequency}:d=${seconds}`,
    path,
  ]);
  return path;
}

/** A plain test clip, for concatenation inputs. */
export function makeClip(
  path: string,
  seconds: number,
  width: number,
  height: number,
  color = 'teal',
): string {
  const source = `color=c=${color}:s=${width}x${height}:r=30:d=${seconds}`;
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  return path;
}

/** Processes named ffmpeg whose parent is this test process. */
export function ffmpegChildren(): number[] {
  const ps = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)]);
  return ps.stdout
    .toString()
    .split('\n')
    .filter((line) => /\bffmpeg$/.test(line.trim()))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Mean colour of a frame at `seconds`, as [r, g, b]. */
export async function frameColor(path: string, seconds: number): Promise<number[]> {
  const png = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    '-',
  ]);
  const { channels } = await sharp(png).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}
