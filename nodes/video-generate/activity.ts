import { join } from 'node:path';
import { dimensionsFor } from '../../adapters/media/image-edit';
import { withTempDir } from '../../adapters/media/media-params';
import { imageToClip, textClip } from '../../adapters/media/video-clip';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import { truncateText } from '../../core/text/graphemes';
import type { ActivityDeps } from '../../activities/deps';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures, invalidNodeInput } from '../failures';
import { imageInput, mediaProgress, writeTemp } from '../media-inputs';
import { storeVideo } from '../store-video';
import { VIDEO_GENERATE, type VideoGenerateConfig } from './definition';

export function videoGenerateActivity(deps: ActivityDeps) {
  return {
    /** video.generate: an input image animated with camera motion, else an animated title card of the prompt. */
    async [VIDEO_GENERATE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(() =>
        withTempDir(async (dir) => {
          const config = task.node.config as VideoGenerateConfig;
          const seconds = secondsOf(config.seconds);
          const { width, height } = dimensionsFor(aspectRatioOf(config.aspectRatio, '9:16'), config.longEdge);
          const outPath = join(dir, 'clip.mp4');
          const image = await imageInput(deps, task);
          const progress = mediaProgress();
          const clip = image
            ? await imageToClip({
                imagePath: await writeTemp(join(dir, 'frame.png'), image),
                outPath,
                seconds,
                width,
                height,
                motion: config.motion,
                ...progress,
              })
            : await textClip({
                text: config.prompt?.trim() || task.node.label,
                outPath,
                seconds,
                width,
                height,
                animation: 'slide-up',
                ...progress,
              });
          return storeVideo(
            deps,
            task,
            clip,
            `${Math.round(clip.durationSeconds)} s ${width < height ? 'vertical' : 'horizontal'} clip: ${image ? `${config.motion} over the input image` : `animated text "${truncateText(config.prompt ?? '', 80)}"`}`,
          );
        }),
      );
    },
  };
}

function secondsOf(value: number | string): number {
  const seconds = typeof value === 'number' ? value : Number(String(value).replace(/s$/i, '').trim());
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 90)
    throw invalidNodeInput(`clip length must be 1..90 seconds, got "${value}"`);
  return seconds;
}
