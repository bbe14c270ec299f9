import { rm, stat } from 'node:fs/promises';
import ffmpeg from 'fluent-ffmpeg';
import { abortError, MediaInputError, MediaToolError, stderrTail, throwIfAborted } from './media-errors';

/** Runs of ffmpeg through fluent-ffmpeg: args arrays (never a shell), progress, abort, timeout. */

export const DEFAULT_TIMEOUT_SECONDS = 30 * 60;

export interface FfmpegInput {
  path: string;
  options?: string[];
}

export interface ProgressOptions {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutSeconds?: number;
}

export interface FfmpegJob extends ProgressOptions {
  inputs: FfmpegInput[];
  filterComplex?: string;
  outputOptions: string[];
  outPath: string;
  /** Expected length of the output, to turn ffmpeg's time mark into a percentage. */
  durationSeconds: number;
}

// Input errors ffmpeg reports about a file the caller gave us, not about our own graph.
const BAD_INPUT = /Invalid data found when processing input|moov atom not found|does not contain any stream/;

export function runFfmpeg(job: FfmpegJob): Promise<void> {
  throwIfAborted(job.signal);
  return new Promise<void>((resolve, reject) => {
    const command = buildCommand(job);
    let aborted = false;
    const kill = () => {
      aborted = true;
      command.kill('SIGKILL');
    };
    const detach = () => job.signal?.removeEventListener('abort', kill);
    job.signal?.addEventListener('abort', kill, { once: true });
    // An abort during fluent-ffmpeg's preparation finds no process yet: kill it as soon as it starts.
    command.on('start', () => aborted && command.kill('SIGKILL'));
    if (job.onProgress) {
      const report = job.onProgress;
      command.on('progress', (p: { timemark?: string }) =>
        report(percentOf(p.timemark, job.durationSeconds)),
      );
    }
    command.on('end', () => {
      detach();
      resolve();
    });
    command.on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
      detach();
      void rm(job.outPath, { force: true }).finally(() =>
        reject(aborted ? abortError() : toError(err, stderr ?? '')),
      );
    });
    command.run();
  });
}

function buildCommand(job: FfmpegJob): ffmpeg.FfmpegCommand {
  const command = ffmpeg({ timeout: job.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, stdoutLines: 40 });
  for (const input of job.inputs) {
    command.input(input.path);
    // Spread, not an array: fluent-ffmpeg splits a single array item that contains one space.
    if (input.options?.length) command.inputOptions(...input.options);
  }
  if (job.filterComplex) command.complexFilter(job.filterComplex);
  return command.outputOptions(...job.outputOptions).output(job.outPath);
}

function toError(err: Error, stderr = ''): Error {
  const tail = stderrTail(stderr);
  const reason = err.message.split(':')[0];
  if (BAD_INPUT.test(tail)) return new MediaInputError(`unreadable media input: ${tail}`);
  return new MediaToolError(reason, tail);
}

export function percentOf(timemark: string | undefined, durationSeconds: number): number {
  if (!timemark || durationSeconds <= 0) return 0;
  const seconds = timemark.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  if (!Number.isFinite(seconds)) return 0;
  return Math.max(0, Math.min(100, (seconds / durationSeconds) * 100));
}

export interface MediaInfo {
  durationSeconds: number;
  width?: number;
  height?: number;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** ffprobe a caller's file; anything unreadable is the caller's fault. */
export async function probeMedia(path: string): Promise<MediaInfo> {
  await assertInputFile(path);
  const data = await new Promise<ffmpeg.FfprobeData>((resolve, reject) =>
    ffmpeg.ffprobe(path, (err, result) => (err ? reject(err) : resolve(result))),
  ).catch((err: Error) => {
    throw new MediaInputError(`cannot read media ${path}: ${stderrTail(err.message)}`);
  });
  const video = data.streams.find((s) => s.codec_type === 'video');
  return {
    durationSeconds: Number(data.format.duration) || 0,
    width: video?.width,
    height: video?.height,
    hasVideo: Boolean(video),
    hasAudio: data.streams.some((s) => s.codec_type === 'audio'),
  };
}

/** Duration of a timed input (clip, voiceover, music); zero or unknown is an input error. */
export async function requireDuration(path: string, what: string): Promise<number> {
  const info = await probeMedia(path);
  if (!(info.durationSeconds > 0)) throw new MediaInputError(`${what} has no duration: ${path}`);
  return info.durationSeconds;
}

export async function assertInputFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new MediaInputError(`input file not found: ${path}`);
  if (info.size === 0) throw new MediaInputError(`input file is empty: ${path}`);
}

let encoders: Promise<Set<string>> | undefined;

export function hasEncoder(name: string): Promise<boolean> {
  encoders ??= new Promise<Set<string>>((resolve, reject) =>
    ffmpeg.getAvailableEncoders((err, found) => (err ? reject(err) : resolve(new Set(Object.keys(found))))),
  );
  return encoders.then((set) => set.has(name));
}

export interface H264Options {
  fps?: number;
  /** x264 preset: speed against size. `veryfast` keeps a 2-core worker responsive. */
  preset?: string;
  crf?: number;
}

export const X264_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
] as const;

export function h264OutputOptions({ fps = 30, preset = 'veryfast', crf = 23 }: H264Options): string[] {
  if (!(X264_PRESETS as readonly string[]).includes(preset))
    throw new MediaInputError(`unknown preset ${preset}`);
  return [
    ['-c:v', 'libx264'],
    ['-preset', preset],
    ['-crf', String(crf)],
    ['-pix_fmt', 'yuv420p'],
    ['-r', String(fps)],
    // moov before mdat so players and CDNs can start playback before the download ends.
    ['-movflags', '+faststart'],
  ].flat();
}

export const AAC_OUTPUT_OPTIONS = ['-c:a', 'aac', '-b:a', '128k', '-ar', '44100'];
