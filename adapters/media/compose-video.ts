import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptionCue } from './captions';
import { toAss } from './captions';
import { FONT_DIR } from './drawtext';
import type { FfmpegInput } from './ffmpeg';
import { AAC_OUTPUT_OPTIONS, h264OutputOptions, requireDuration, runFfmpeg } from './ffmpeg';
import { MediaInputError } from './media-errors';
import { assertSize, even, filterPath, withTempDir } from './media-params';
import type { Transition } from './video-graph';
import { joinFilter, normaliseFilter } from './video-graph';
import type { RenderOptions, VideoResult } from './video-output';
import { videoResult } from './video-output';

export interface ComposeVideoOptions extends RenderOptions {
  clips: string[];
  voiceoverPath?: string;
  /** Looped if shorter than the video, and ducked under the voiceover. */
  musicPath?: string;
  captions?: CaptionCue[];
  outPath: string;
  width: number;
  height: number;
  transition?: Transition;
  transitionSeconds?: number;
  /** Level of the music under a voiceover, 0..1, before ducking. */
  musicVolume?: number;
  /** Draws the voiceover's waveform over the picture (audiograms). */
  waveform?: boolean;
}

const MUSIC_FADE_OUT_SECONDS = 1.5;
const AUDIO_FORMAT = 'aformat=sample_rates=44100:channel_layouts=stereo';

/**
 * The final video: clips joined, voiceover and ducked music mixed, captions burned in.
 * 1. measure every input; the video lasts as long as the voiceover, else as long as the clips;
 * 2. normalise the clips, freeze the last one if they end before the voiceover (-t trims), join them;
 * 3. burn captions from a generated ASS file, mix the audio, encode H.264/AAC with faststart.
 */
export async function composeVideo(options: ComposeVideoOptions): Promise<VideoResult> {
  const { clips, voiceoverPath, musicPath, captions = [], outPath, width, height, fps = 30 } = options;
  assertSize(width, height);
  if (clips.length === 0) throw new MediaInputError('no clips to compose');
  captions.forEach(assertCue);
  const durations = await Promise.all(clips.map((clip) => requireDuration(clip, 'clip')));
  const voice = voiceoverPath ? await requireDuration(voiceoverPath, 'voiceover') : undefined;
  if (musicPath) await requireDuration(musicPath, 'music');

  const transition = options.transition ?? 'none';
  const transitionSeconds = options.transitionSeconds ?? 0.5;
  const labels = clips.map((_, i) => `n${i}`);
  const clipsSeconds = joinFilter(labels, durations, transition, transitionSeconds, 'j').durationSeconds;
  const target = voice ?? clipsSeconds;
  const normalised = labels.map((label, i) => normaliseFilter(`${i}:v`, width, height, fps, label));
  const freeze = freezeLastClip(labels, durations, target - clipsSeconds);
  const joined = joinFilter(freeze.labels, freeze.durations, transition, transitionSeconds, 'j');
  const audio = audioGraph(clips.length, { voiceoverPath, musicPath }, target, options.musicVolume ?? 0.25);

  await withTempDir(async (dir) => {
    const subtitles = captions.length ? await writeCaptions(dir, captions, width, height) : undefined;
    const finish = burnCaptions(subtitles);
    // The waveform reads the voiceover as one more input, so the audio graph stays as it is.
    const wave =
      options.waveform && voiceoverPath
        ? waveformFilter(clips.length + audio.inputs.length, width, height, fps)
        : null;
    await runFfmpeg({
      ...options,
      inputs: [
        ...clips.map((path) => ({ path })),
        ...audio.inputs,
        ...(wave && voiceoverPath ? [{ path: voiceoverPath }] : []),
      ],
      filterComplex: [
        ...normalised,
        ...freeze.filters,
        joined.filter,
        `[j]${finish}[${wave ? 'base' : 'v'}]`,
        ...(wave ? [wave] : []),
        audio.filter,
      ].join(';'),
      outputOptions: [
        ...['-map', '[v]', '-map', '[a]', '-t', target.toFixed(3)],
        ...h264OutputOptions({ ...options, fps }),
        ...AAC_OUTPUT_OPTIONS,
      ],
      durationSeconds: target,
    });
  });
  return videoResult(outPath);
}

/** A white line waveform of the voice across the frame, above the captions, over `[base]`, labelled [v]. */
function waveformFilter(inputIndex: number, width: number, height: number, fps: number): string {
  const waveHeight = even(height * 0.18);
  const top = even(height * 0.6);
  return [
    `[${inputIndex}:a]showwaves=s=${width}x${waveHeight}:mode=cline:rate=${fps}:colors=white,format=yuva420p,colorchannelmixer=aa=0.85[wave]`,
    `[base][wave]overlay=0:${top}:eof_action=pass[v]`,
  ].join(';');
}

function assertCue(cue: CaptionCue, i: number): void {
  const ok = Number.isFinite(cue.start) && Number.isFinite(cue.end) && cue.start >= 0 && cue.end > cue.start;
  if (!ok || typeof cue.text !== 'string')
    throw new MediaInputError(`caption ${i} needs 0 <= start < end and text`);
}

async function writeCaptions(
  dir: string,
  cues: CaptionCue[],
  width: number,
  height: number,
): Promise<string> {
  const path = filterPath(join(dir, 'captions.ass'));
  await writeFile(path, toAss(cues, { width, height }));
  return path;
}

/**
 * Holds the last clip's final frame for as long as the clips fall short of the voiceover (plus slack
 * that -t trims). It pads the clip before the join because tpad after xfade does not extend the
 * joined stream (ffmpeg 5.1: the video ended at the clips' length).
 */
export function freezeLastClip(labels: string[], durations: number[], missingSeconds: number) {
  if (missingSeconds <= 0) return { labels, durations, filters: [] as string[] };
  const last = labels.length - 1;
  const padSeconds = missingSeconds + 0.5;
  return {
    labels: [...labels.slice(0, last), `${labels[last]}f`],
    durations: [...durations.slice(0, last), durations[last] + padSeconds],
    filters: [
      `[${labels[last]}]tpad=stop_mode=clone:stop_duration=${padSeconds.toFixed(3)}[${labels[last]}f]`,
    ],
  };
}

function burnCaptions(subtitlesPath?: string): string {
  if (!subtitlesPath) return 'null';
  const fonts = existsSync(FONT_DIR) ? `:fontsdir=${FONT_DIR}` : '';
  return `subtitles=filename=${subtitlesPath}${fonts}`;
}

interface AudioGraph {
  inputs: FfmpegInput[];
  filter: string;
}

/**
 * The audio track, labelled [a]. Music under a voice goes through a sidechain compressor keyed by the
 * voice, so it dips while someone speaks. Without any audio a silent track keeps players consistent.
 */
export function audioGraph(
  firstIndex: number,
  { voiceoverPath, musicPath }: { voiceoverPath?: string; musicPath?: string },
  target: number,
  musicVolume: number,
): AudioGraph {
  const voice = `${firstIndex}:a`;
  const music = `${firstIndex + (voiceoverPath ? 1 : 0)}:a`;
  const musicInput = musicPath ? [{ path: musicPath, options: ['-stream_loop', '-1'] }] : [];
  const fadeStart = Math.max(0, target - MUSIC_FADE_OUT_SECONDS).toFixed(3);
  const musicFade = `afade=t=out:st=${fadeStart}:d=${MUSIC_FADE_OUT_SECONDS}`;
  if (voiceoverPath && musicPath) {
    return {
      inputs: [{ path: voiceoverPath }, ...musicInput],
      filter: [
        `[${voice}]${AUDIO_FORMAT},asplit=2[voice][key]`,
        `[${music}]${AUDIO_FORMAT},volume=${musicVolume},${musicFade}[bed]`,
        '[bed][key]sidechaincompress=threshold=0.02:ratio=8:attack=20:release=400[ducked]',
        '[voice][ducked]amix=inputs=2:duration=first:normalize=0[a]',
      ].join(';'),
    };
  }
  if (voiceoverPath) return { inputs: [{ path: voiceoverPath }], filter: `[${voice}]${AUDIO_FORMAT}[a]` };
  if (musicPath) return { inputs: musicInput, filter: `[${music}]${AUDIO_FORMAT},${musicFade}[a]` };
  return {
    inputs: [{ path: 'anullsrc=r=44100:cl=stereo', options: ['-f', 'lavfi'] }],
    filter: `[${voice}]anull[a]`,
  };
}
