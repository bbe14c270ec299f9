import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { AAC_OUTPUT_OPTIONS, h264OutputOptions, probeMedia, runFfmpeg } from '../media/ffmpeg';
import { withTempDir } from '../media/media-params';
import { ProviderBadOutput, type ProviderFile } from './http-json';
import type { GeneratedVideo, OnProgress } from './providers';

/**
 * How far a provider's aspect ratio may be from the one asked before cropping would cut too much: enough for
 * a model's nearest size (3:2 for 16:9, 1:1 for 4:5), not for a square picture asked as 16:9.
 */
export const ASPECT_TOLERANCE = 0.3;
const MIN_EDGE = 64;

/** Refuses a file that announces itself as something else than `kind` (an HTML error page with a 200). */
function assertKind(file: ProviderFile, kind: 'image' | 'video' | 'audio', who: string): void {
  const type = (file.contentType ?? '').split(';')[0].trim().toLowerCase();
  const head = file.data.subarray(0, 64).toString('utf8').trimStart().toLowerCase();
  if (type === 'text/html' || head.startsWith('<!doctype') || head.startsWith('<html'))
    throw new ProviderBadOutput(
      `${who} answered an HTML page instead of ${kind === 'image' ? 'an' : 'a'} ${kind}`,
    );
  if (file.data.length === 0)
    throw new ProviderBadOutput(`${who} answered an empty file instead of a ${kind}`);
  const generic = !type || type === 'application/octet-stream' || type === 'binary/octet-stream';
  const allowed = kind === 'video' ? ['video/', 'image/gif', 'image/webp'] : [`${kind}/`];
  if (!generic && !allowed.some((prefix) => type.startsWith(prefix)))
    throw new ProviderBadOutput(`${who} answered ${type}, not ${kind === 'image' ? 'an' : 'a'} ${kind}`);
}

function assertShape(
  got: { width: number; height: number },
  want: { width: number; height: number },
  who: string,
) {
  if (Math.min(got.width, got.height) < MIN_EDGE)
    throw new ProviderBadOutput(
      `${who} returned a ${got.width}x${got.height} ${'picture'}, too small to use`,
    );
  const ratio = got.width / got.height / (want.width / want.height);
  if (Math.abs(Math.log(ratio)) > Math.log(1 + ASPECT_TOLERANCE))
    throw new ProviderBadOutput(
      `${who} returned ${got.width}x${got.height} for a ${want.width}x${want.height} request: ` +
        `cropping it to the asked shape would cut ${Math.round((1 - Math.min(ratio, 1 / ratio)) * 100)} % of it`,
    );
}

/**
 * A provider's image, checked and fitted: it must be an image (not an HTML page, not another type), decode
 * completely, and have about the aspect ratio asked; it is then scaled and centre-cropped to width x height
 * as a PNG (a PNG of exactly that size is kept as it is).
 */
export async function providerImage(
  file: ProviderFile,
  want: { width: number; height: number },
  who: string,
): Promise<Buffer> {
  assertKind(file, 'image', who);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(file.data, { failOn: 'truncated' }).metadata();
    await sharp(file.data, { failOn: 'truncated' }).raw().toBuffer();
  } catch (err) {
    throw new ProviderBadOutput(
      `${who} answered a file that is not a readable image: ${(err as Error).message}`,
    );
  }
  assertShape({ width: meta.width ?? 0, height: meta.height ?? 0 }, want, who);
  const exact = meta.format === 'png' && meta.width === want.width && meta.height === want.height;
  if (exact && !meta.orientation) return file.data;
  return sharp(file.data).rotate().resize(want.width, want.height, { fit: 'cover' }).png().toBuffer();
}

/**
 * A provider's clip, checked and normalised: it must be a video with a picture and a duration, of about
 * the asked aspect ratio; it is re-encoded to H.264 (and AAC if it has sound) at width x height, faststart.
 */
export async function providerVideo(
  file: ProviderFile,
  want: { width: number; height: number; outPath: string; signal?: AbortSignal; onProgress?: OnProgress },
  who: string,
): Promise<GeneratedVideo> {
  assertKind(file, 'video', who);
  return withTempDir(async (dir) => {
    const raw = join(dir, 'provider-clip');
    await writeFile(raw, file.data);
    const info = await probeMedia(raw).catch((err: Error) => {
      throw new ProviderBadOutput(`${who} answered a file that is not a readable video: ${err.message}`);
    });
    if (!info.hasVideo || !info.width || !info.height || !(info.durationSeconds > 0))
      throw new ProviderBadOutput(`${who} answered a file without a playable video stream`);
    assertShape({ width: info.width, height: info.height }, want, who);
    const { width, height } = want;
    await reencode(who, {
      inputs: [{ path: raw }],
      filterComplex: `[0:v]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,format=yuv420p[v]`,
      outputOptions: [
        '-map',
        '[v]',
        ...(info.hasAudio ? ['-map', '0:a:0', ...AAC_OUTPUT_OPTIONS] : ['-an']),
        ...h264OutputOptions({}),
      ],
      outPath: want.outPath,
      durationSeconds: info.durationSeconds,
      signal: want.signal,
      onProgress: want.onProgress,
    });
    const out = await probeMedia(want.outPath);
    return { path: want.outPath, durationSeconds: out.durationSeconds, width, height };
  });
}

/** A provider's speech, checked and encoded as AAC in m4a. */
export async function providerAudio(
  file: ProviderFile,
  want: { outPath: string; signal?: AbortSignal },
  who: string,
): Promise<{ path: string; durationSeconds: number; mimeType: string }> {
  assertKind(file, 'audio', who);
  return withTempDir(async (dir) => {
    const raw = join(dir, 'provider-audio');
    await writeFile(raw, file.data);
    const info = await probeMedia(raw).catch((err: Error) => {
      throw new ProviderBadOutput(`${who} answered a file that is not readable audio: ${err.message}`);
    });
    if (!info.hasAudio || !(info.durationSeconds > 0))
      throw new ProviderBadOutput(`${who} answered a file without an audio stream`);
    const outPath = want.outPath.replace(/\.[a-z0-9]+$/i, '') + '.m4a';
    await reencode(who, {
      inputs: [{ path: raw }],
      outputOptions: ['-vn', ...AAC_OUTPUT_OPTIONS, '-movflags', '+faststart'],
      outPath,
      durationSeconds: info.durationSeconds,
      signal: want.signal,
    });
    const out = await probeMedia(outPath);
    return { path: outPath, durationSeconds: out.durationSeconds, mimeType: 'audio/mp4' };
  });
}

/** ffmpeg over a provider's file: a file it cannot read is the provider's bad output, not the caller's input. */
function reencode(who: string, job: Parameters<typeof runFfmpeg>[0]): Promise<void> {
  return runFfmpeg(job).catch((err: Error) => {
    if (err.name === 'MediaInputError')
      throw new ProviderBadOutput(`${who} answered unreadable media: ${err.message}`);
    throw err;
  });
}
