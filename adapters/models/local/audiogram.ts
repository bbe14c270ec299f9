import { drawtext, fitText, writeTextFiles } from './drawtext';
import type { FfmpegInput } from './ffmpeg';
import { AAC_OUTPUT_OPTIONS, assertInputFile, h264OutputOptions, requireDuration, runFfmpeg } from './ffmpeg';
import { assertSize, even, ffmpegColor, withTempDir } from './media-params';
import type { RenderOptions, VideoResult } from './video-output';
import { videoResult } from './video-output';

export interface AudiogramOptions extends RenderOptions {
  audioPath: string;
  /** Background picture, scaled to cover the frame; without it a plain colour. */
  imagePath?: string;
  background?: string;
  waveColor?: string;
  title: string;
  outPath: string;
  width: number;
  height: number;
}

/**
 * A podcast audiogram: background, title at the top, a live waveform across the lower middle, and the
 * audio itself. The video lasts as long as the audio.
 */
export async function renderAudiogram(options: AudiogramOptions): Promise<VideoResult> {
  const { audioPath, imagePath, title, outPath, width, height, fps = 30 } = options;
  assertSize(width, height);
  const waveColor = ffmpegColor(options.waveColor ?? 'white');
  const seconds = await requireDuration(audioPath, 'audio');
  if (imagePath) await assertInputFile(imagePath);
  const background: FfmpegInput = imagePath
    ? { path: imagePath, options: ['-loop', '1', '-framerate', String(fps)] }
    : {
        path: `color=c=${ffmpegColor(options.background ?? '#1e293b')}:s=${width}x${height}:r=${fps}`,
        options: ['-f', 'lavfi'],
      };
  const fitted = fitText(title, width * 0.84, height * 0.28, Math.min(width, height) / 11);
  const waveHeight = even(height * 0.22);
  const waveTop = Math.round(height * 0.55);

  await withTempDir(async (dir) => {
    const files = await writeTextFiles(dir, 'title', fitted.lines);
    const titleTop = Math.round(height * 0.12);
    const draws = fitted.lines.map((_, i) =>
      drawtext({
        textFile: files[i],
        fontSize: fitted.fontSize,
        x: '(w-text_w)/2',
        y: String(titleTop + i * fitted.lineHeight),
      }),
    );
    const graph = [
      `[0:v]scale=w=${width}:h=${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,` +
        `${draws.join(',')}[bg]`,
      // showwaves draws on a transparent canvas, so it overlays cleanly on the background.
      `[1:a]showwaves=s=${width}x${waveHeight}:mode=cline:scale=sqrt:draw=full:rate=${fps}:colors=${waveColor},format=rgba[wave]`,
      `[bg][wave]overlay=x=0:y=${waveTop}:shortest=1,format=yuv420p[v]`,
    ].join(';');
    await runFfmpeg({
      ...options,
      inputs: [background, { path: audioPath }],
      filterComplex: graph,
      outputOptions: [
        ...['-map', '[v]', '-map', '1:a', '-t', seconds.toFixed(3)],
        ...h264OutputOptions({ ...options, fps }),
        ...AAC_OUTPUT_OPTIONS,
      ],
      durationSeconds: seconds,
    });
  });
  return videoResult(outPath);
}
