import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { estimateCaptionCues, toAss } from '../../adapters/media/captions';
import { FONT_DIR } from '../../adapters/media/drawtext';
import { probeMedia } from '../../adapters/media/ffmpeg';
import { renderImage } from '../../adapters/models/local/image-renderer';
import { synthesizeSpeech } from '../../adapters/models/local/speech';
import { composeVideo, imageToClip } from '../../adapters/media/video-clip';
import { timeInterleaved, type Timed } from './stats';

export const VIDEO_WIDTH = 1080;
export const VIDEO_HEIGHT = 1920;
const CLIP_SECONDS = 5;
const FADE_SECONDS = 0.5;
/** About 15 s of espeak-ng at the audio.tts node's default 165 words per minute. */
const NARRATION =
  'Meet the bottle that goes everywhere you do. It keeps water cold for a whole day, it folds flat ' +
  'when it is empty, and it is made from recycled steel. Fill it up in the morning, forget about it, ' +
  'and drink fresh cold water on the trail, every single day.';
const SCENES = ['reusable water bottle on a mountain trail', 'cold water at sunrise', 'recycled steel, bold'];

interface VideoInputs {
  dir: string;
  clips: string[];
  clipSeconds: number[];
  voiceoverPath: string;
  voiceSeconds: number;
  cues: ReturnType<typeof estimateCaptionCues>;
}

/** What video.compose receives: three 5 s image clips (as image parents become), a voiceover, its captions. */
async function prepareInputs(): Promise<VideoInputs> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-video-'));
  const clips: string[] = [];
  for (const [i, prompt] of SCENES.entries()) {
    const imagePath = join(dir, `frame-${i}.png`);
    await writeFile(imagePath, await renderImage({ prompt, width: VIDEO_WIDTH, height: VIDEO_HEIGHT }));
    const motion = i % 2 === 0 ? 'zoom-in' : 'pan-right';
    const clip = await imageToClip({
      imagePath,
      outPath: join(dir, `still-${i}.mp4`),
      seconds: CLIP_SECONDS,
      width: VIDEO_WIDTH,
      height: VIDEO_HEIGHT,
      motion,
      // Inputs only: made fast, they are not what is measured.
      preset: 'ultrafast',
    });
    clips.push(clip.path);
  }
  const voice = await synthesizeSpeech({
    text: NARRATION,
    rate: 165,
    engine: 'espeak',
    outPath: join(dir, 'voice.m4a'),
  });
  // The activity measures the downloaded voiceover with ffprobe, then estimates the captions.
  const voiceSeconds = (await probeMedia(voice.path)).durationSeconds;
  const clipSeconds = await Promise.all(clips.map(async (clip) => (await probeMedia(clip)).durationSeconds));
  const cues = estimateCaptionCues(NARRATION, voiceSeconds);
  return { dir, clips, clipSeconds, voiceoverPath: voice.path, voiceSeconds, cues };
}

/** composeVideo with the options videoCompose passes: node defaults (9:16, 1920, fade, captions), progress and a signal. */
function composeAsActivity(inputs: VideoInputs, outPath: string) {
  const controller = new AbortController();
  return composeVideo({
    clips: inputs.clips,
    voiceoverPath: inputs.voiceoverPath,
    captions: inputs.cues,
    outPath,
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    transition: 'fade',
    onProgress: () => undefined,
    signal: controller.signal,
  });
}

/**
 * The same job as one hand-written ffmpeg command: the clips normalised and cross-faded, the last
 * frame held to the voiceover's end, the captions burned in from the same .ass file, the voiceover as
 * the audio, the same x264/AAC settings.
 */
function rawFfmpegArgs(inputs: VideoInputs, assPath: string, outPath: string): string[] {
  const { clips, clipSeconds, voiceSeconds } = inputs;
  const normalise = clips.map(
    (_, i) =>
      `[${i}:v]scale=w=${VIDEO_WIDTH}:h=${VIDEO_HEIGHT}:force_original_aspect_ratio=increase,` +
      `crop=${VIDEO_WIDTH}:${VIDEO_HEIGHT},setsar=1,fps=30,format=yuv420p,settb=AVTB[n${i}]`,
  );
  const fades: string[] = [];
  let joined = clipSeconds[0];
  for (let k = 1; k < clips.length; k++) {
    const from = k === 1 ? 'n0' : `x${k - 1}`;
    const to = k === clips.length - 1 ? 'j' : `x${k}`;
    fades.push(
      `[${from}][n${k}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${(joined - FADE_SECONDS).toFixed(3)}[${to}]`,
    );
    joined += clipSeconds[k] - FADE_SECONDS;
  }
  const hold =
    voiceSeconds > joined
      ? `tpad=stop_mode=clone:stop_duration=${(voiceSeconds - joined + 0.5).toFixed(3)},`
      : '';
  const fonts = existsSync(FONT_DIR) ? `:fontsdir=${FONT_DIR}` : '';
  const graph = [
    ...normalise,
    ...fades,
    `[j]${hold}subtitles=filename=${assPath}${fonts}[v]`,
    `[${clips.length}:a]aformat=sample_rates=44100:channel_layouts=stereo[a]`,
  ].join(';');
  return [
    ...clips.flatMap((clip) => ['-i', clip]),
    ...['-i', inputs.voiceoverPath, '-y', '-filter_complex', graph],
    ...['-map', '[v]', '-map', '[a]', '-t', voiceSeconds.toFixed(3)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', '30'],
    ...['-movflags', '+faststart', '-c:a', 'aac', '-b:a', '128k', '-ar', '44100', outPath],
  ];
}

function runFfmpegDirectly(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}: ${stderr}`)),
    );
  });
}

export interface VideoBench {
  rows: Timed[];
  notes: string[];
}

/** video.compose for ~15 s at 1080x1920 with a voiceover and captions, beside the raw ffmpeg command. */
export async function benchVideo(runs: number): Promise<VideoBench> {
  const setupStart = Date.now();
  const inputs = await prepareInputs();
  try {
    const setupSeconds = (Date.now() - setupStart) / 1000;
    const assPath = join(inputs.dir, 'captions.ass');
    await writeFile(assPath, toAss(inputs.cues, { width: VIDEO_WIDTH, height: VIDEO_HEIGHT }));
    const activityOut = join(inputs.dir, 'composed.mp4');
    const rawOut = join(inputs.dir, 'raw.mp4');
    const args = rawFfmpegArgs(inputs, assPath, rawOut);
    const rows = await timeInterleaved(runs, 0, [
      { name: 'raw ffmpeg (same graph, spawned)', fn: () => runFfmpegDirectly(args) },
      { name: 'composeVideo (as video.compose calls it)', fn: () => composeAsActivity(inputs, activityOut) },
    ]);
    const [a, b] = await Promise.all([activityOut, rawOut].map(describe));
    const notes = [
      `inputs (untimed, ${setupSeconds.toFixed(1)} s to make): ${inputs.clips.length} clips of ` +
        `${inputs.clipSeconds.map((s) => s.toFixed(2)).join('/')} s, voiceover ${inputs.voiceSeconds.toFixed(2)} s, ${inputs.cues.length} caption cues`,
      `outputs: composeVideo ${a}; raw ffmpeg ${b}; byte-identical: ${(await sha256(activityOut)) === (await sha256(rawOut))}`,
    ];
    return { rows, notes };
  } finally {
    await rm(inputs.dir, { recursive: true, force: true });
  }
}

async function describe(path: string): Promise<string> {
  const [info, file] = await Promise.all([probeMedia(path), stat(path)]);
  return `${info.width}x${info.height} ${info.durationSeconds.toFixed(2)} s ${file.size} bytes`;
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}
