import { spawn } from 'node:child_process';
import sharp from 'sharp';

export interface ImageProbe {
  width: number;
  height: number;
  format: string;
  mimeType: string;
}

export interface MediaProbe {
  durationSeconds: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
  hasAudio: boolean;
  hasVideo: boolean;
  mimeType: string;
}

const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/heif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

/** Width and height as displayed (EXIF orientation applied), with the container format. */
export async function probeImage(input: Buffer | string): Promise<ImageProbe> {
  const meta = await sharp(input).metadata();
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : String(meta.format);
  const size = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return {
    width: size.width,
    height: size.height,
    format,
    mimeType: IMAGE_MIME[format] ?? 'application/octet-stream',
  };
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

/** Reads duration, dimensions and codecs of an audio or video file with ffprobe. */
export async function probeMedia(path: string): Promise<MediaProbe> {
  const output = await runFfprobe(path);
  const streams = output.streams ?? [];
  // Cover art in audio files is reported as a video stream; it does not make the file a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const durations = [output.format?.duration, ...streams.map((s) => s.duration)]
    .map(Number)
    .filter((d) => Number.isFinite(d) && d > 0);
  return {
    durationSeconds: durations.length > 0 ? Math.max(...durations) : 0,
    width: video?.width,
    height: video?.height,
    videoCodec: video?.codec_name,
    audioCodec: audio?.codec_name,
    hasAudio: audio !== undefined,
    hasVideo: video !== undefined,
    mimeType: mimeTypeFor(output.format?.format_name ?? '', path, video !== undefined),
  };
}

/** ffprobe names containers by families ("mov,mp4,m4a,3gp,3g2,mj2"); the extension picks the member. */
function mimeTypeFor(formatName: string, path: string, hasVideo: boolean): string {
  const names = formatName.split(',');
  const ext = path.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (names.includes('mp4') || names.includes('mov')) {
    if (ext === 'mov') return 'video/quicktime';
    if (ext === 'm4a' || !hasVideo) return 'audio/mp4';
    return 'video/mp4';
  }
  if (names.includes('matroska') || names.includes('webm'))
    return ext === 'mkv' ? 'video/x-matroska' : hasVideo ? 'video/webm' : 'audio/webm';
  const byName: Record<string, string> = {
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    ogg: 'audio/ogg',
    flac: 'audio/flac',
    aac: 'audio/aac',
    gif: 'image/gif',
    avi: 'video/x-msvideo',
    mpegts: 'video/mp2t',
  };
  const known = names.find((n) => byName[n]);
  return known ? byName[known] : 'application/octet-stream';
}

function runFfprobe(path: string): Promise<FfprobeOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(
          new Error(`ffprobe failed for ${path} (exit ${code}): ${Buffer.concat(stderr).toString().trim()}`),
        );
        return;
      }
      try {
        resolve(JSON.parse(Buffer.concat(stdout).toString()) as FfprobeOutput);
      } catch (error) {
        reject(new Error(`ffprobe printed invalid JSON for ${path}: ${(error as Error).message}`));
      }
    });
  });
}
