import { join } from 'node:path';
import { dimensionsFor } from '../../adapters/media/image-edit';
import { withTempDir } from '../../adapters/media/media-params';
import { probeMedia } from '../../adapters/media/ffmpeg';
import { measureImage } from '../../adapters/media/image-measure';
import { frameOf } from '../../adapters/media/video-frame';
import { splitDirections } from '../../adapters/models/local/directions';
import { modelFor, providerOf } from '../../adapters/models/providers';
import { describeVideo } from '../../core/run/describe-media';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures, invalidNodeInput } from '../failures';
import { heartbeatWhile, imageInput, mediaProgress } from '../media-inputs';
import { clipFacts, directionOutcome } from '../output-facts';
import { storeVideo } from '../store-video';
import { VIDEO_GENERATE, type VideoGenerateConfig } from './definition';

export function videoGenerateActivity(deps: ActivityDeps) {
  return {
    /**
     * video.generate: the video model (the node's own, else the configured one) makes a clip, from the
     * first image parent (image to video) or from the prompt alone (text to video). Offline, the local
     * motion animates the picture or sets the prompt as a title card.
     */
    async [VIDEO_GENERATE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(() =>
        withTempDir(async (dir) => {
          const config = task.node.config as VideoGenerateConfig;
          const seconds = secondsOf(config.seconds);
          const { width, height } = dimensionsFor(aspectRatioOf(config.aspectRatio, '9:16'), config.longEdge);
          const model = modelFor(deps.models, 'video', config);
          const image = await imageInput(deps, task);
          const { onProgress, signal } = mediaProgress();
          // A node without a prompt is about its label; refinement may have given it directions only.
          const prompt = config.prompt ?? '';
          const aboutLabel = !splitDirections(prompt).subject.trim();
          const clip = await heartbeatWhile(
            model.generate({
              prompt: aboutLabel ? `${task.node.label}${prompt}` : prompt,
              image,
              width,
              height,
              seconds,
              motion: config.motion,
              variation: task.variation,
              outPath: join(dir, 'clip.mp4'),
              signal,
              onProgress,
            }),
          );
          const probed = await probeMedia(clip.path);
          const measured = {
            ...clip,
            durationSeconds: probed.durationSeconds,
            width: probed.width ?? clip.width,
            height: probed.height ?? clip.height,
          };
          const facts = {
            ...clipFacts(measured, model.name, probed.hasAudio),
            colours: (await measureImage(await frameOf(clip.path, probed.durationSeconds / 2))).colours,
          };
          return storeVideo(deps, task, measured, describeVideo(facts), {
            facts,
            provider: providerOf(model.name),
            ...directionOutcome(clip.drawn),
          });
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
