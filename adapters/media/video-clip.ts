import { drawtext, fitText, writeTextFiles } from './drawtext';
import { assertInputFile, h264OutputOptions, probeMedia, runFfmpeg } from './ffmpeg';
import { MediaInputError } from './media-errors';
import { assertSeconds, assertSize, ffmpegColor, withTempDir } from './media-params';
import type { TextAnimation } from './text-animation';
import { textLayers } from './text-animation';
import type { Motion, Transition } from './video-graph';
import { joinFilter, kenBurnsFilter, normaliseFilter } from './video-graph';
import type { RenderOptions, VideoResult } from './video-output';
import { videoResult } from './video-output';

export { composeVideo } from './compose-video';
export type { ComposeVideoOptions } from './compose-video';
export type { Motion, Transition } from './video-graph';
export type { TextAnimation } from './text-animation';
export type { RenderOptions, VideoResult } from './video-output';

export interface ImageToClipOptions extends RenderOptions {
  imagePath: string;
  outPath: string;
  seconds: number;
  width: number;
  height: number;
  motion?: Motion;
}

/** A still picture made into a clip with a slow Ken Burns zoom or pan. */
export async function imageToClip(options: ImageToClipOptions): Promise<VideoResult> {
  const { imagePath, outPath, seconds, width, height, motion = 'zoom-in', fps = 30 } = options;
  assertSize(width, height);
  assertSeconds(seconds);
  await assertInputFile(imagePath);
  const frames = Math.max(1, Math.round(seconds * fps));
  await runFfmpeg({
    ...options,
    inputs: [{ path: imagePath }],
    filterComplex: `[0:v]${kenBurnsFilter(motion, width, height, frames, fps)}[v]`,
    outputOptions: ['-map', '[v]', '-frames:v', String(frames), ...h264OutputOptions({ ...options, fps })],
    durationSeconds: seconds,
  });
  return videoResult(outPath);
}

export interface TextClipOptions extends RenderOptions {
  text: string;
  outPath: string;
  seconds: number;
  width: number;
  height: number;
  /** One colour, or 2..8 for a slowly turning gradient. `#rrggbb` or a colour name. */
  background?: string | string[];
  color?: string;
  animation?: TextAnimation;
  /** Multiplies the largest type size (art direction: bigger or smaller text). */
  fontScale?: number;
}

/** A title card as rendered: the clip and the lines of text it set. */
export interface TitleCardResult extends VideoResult {
  lines: string[];
}

/** A title card: centred, wrapped text animated over a colour or gradient background. */
export async function textClip(options: TextClipOptions): Promise<TitleCardResult> {
  const { text, outPath, seconds, width, height, animation = 'fade', fps = 30 } = options;
  assertSize(width, height);
  assertSeconds(seconds);
  const color = ffmpegColor(options.color ?? 'white');
  const background = backgroundSource(options.background ?? '#111827', width, height, fps, seconds);
  const maxSize = (Math.min(width, height) / 9) * (options.fontScale ?? 1);
  const fitted = fitText(text, width * 0.84, height * 0.7, maxSize);
  await withTempDir(async (dir) => {
    const layers = textLayers(fitted, animation, { width, height, seconds });
    const files = await writeTextFiles(
      dir,
      'line',
      layers.map((layer) => layer.text),
    );
    const draws = layers.map((layer, i) =>
      drawtext({ ...layer, textFile: files[i], fontSize: fitted.fontSize, color }),
    );
    await runFfmpeg({
      ...options,
      inputs: [{ path: background, options: ['-f', 'lavfi'] }],
      filterComplex: `[0:v]${draws.join(',')},format=yuv420p[v]`,
      outputOptions: ['-map', '[v]', '-t', String(seconds), ...h264OutputOptions({ ...options, fps })],
      durationSeconds: seconds,
    });
  });
  return { ...(await videoResult(outPath)), lines: fitted.lines };
}

function backgroundSource(
  background: string | string[],
  width: number,
  height: number,
  fps: number,
  seconds: number,
) {
  const colors = (Array.isArray(background) ? background : [background]).map(ffmpegColor);
  const common = `s=${width}x${height}:r=${fps}:d=${seconds}`;
  if (colors.length === 1) return `color=c=${colors[0]}:${common}`;
  if (colors.length > 8) throw new MediaInputError('a gradient takes at most 8 colours');
  const stops = colors.map((c, i) => `c${i}=${c}`).join(':');
  return `gradients=${common}:n=${colors.length}:${stops}:x0=0:y0=0:x1=${width}:y1=${height}:speed=0.005`;
}

export interface ConcatClipsOptions extends RenderOptions {
  clipPaths: string[];
  outPath: string;
  transition?: Transition;
  transitionSeconds?: number;
  /** Output size; defaults to the first clip's. Other clips are scaled to cover it and cropped. */
  width?: number;
  height?: number;
}

/** Clips joined end to end (video only), cut or with a cross-fade or slide between them. */
export async function concatClips(options: ConcatClipsOptions): Promise<VideoResult> {
  const { clipPaths, outPath, transition = 'none', transitionSeconds = 0.5, fps = 30 } = options;
  if (clipPaths.length === 0) throw new MediaInputError('no clips to join');
  const infos = await Promise.all(clipPaths.map(probeMedia));
  infos.forEach((info, i) => {
    if (!info.hasVideo || !(info.durationSeconds > 0))
      throw new MediaInputError(`not a video clip: ${clipPaths[i]}`);
  });
  const width = options.width ?? infos[0].width ?? 0;
  const height = options.height ?? infos[0].height ?? 0;
  assertSize(width, height);
  const labels = clipPaths.map((_, i) => `n${i}`);
  const normalised = labels.map((label, i) => normaliseFilter(`${i}:v`, width, height, fps, label));
  const durations = infos.map((info) => info.durationSeconds);
  const joined = joinFilter(labels, durations, transition, transitionSeconds, 'v');
  await runFfmpeg({
    ...options,
    inputs: clipPaths.map((path) => ({ path })),
    filterComplex: [...normalised, joined.filter].join(';'),
    outputOptions: ['-map', '[v]', ...h264OutputOptions({ ...options, fps })],
    durationSeconds: joined.durationSeconds,
  });
  return videoResult(outPath);
}
