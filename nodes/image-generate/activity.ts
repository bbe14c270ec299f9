import { Context } from '@temporalio/activity';
import sharp from 'sharp';
import { dimensionsFor } from '../../adapters/media/image-edit';
import { describeComposition } from '../../adapters/models/local/alt-text';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { storeMedia } from '../../activities/store-output';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures } from '../failures';
import { heartbeatWhile, imageInput } from '../media-inputs';
import { IMAGE_GENERATE, type ImageGenerateConfig } from './definition';

export function imageGenerateActivity(deps: ActivityDeps) {
  return {
    /** image.generate: the image model renders the prompt at the node's aspect ratio. */
    async [IMAGE_GENERATE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(async () => {
        const config = task.node.config as ImageGenerateConfig;
        const { width, height } = dimensionsFor(aspectRatioOf(config.aspectRatio, '1:1'), config.longEdge);
        const image = await imageInput(deps, task, config.image);
        const data = await heartbeatWhile(
          deps.models.image.generate({
            prompt: config.prompt,
            width,
            height,
            image,
            variation: task.variation,
            signal: Context.current().cancellationSignal,
          }),
        );
        const meta = await sharp(data).metadata();
        return storeMedia(
          deps,
          task,
          'image',
          { buffer: data, mimeType: meta.format === 'jpeg' ? 'image/jpeg' : 'image/png' },
          {
            dimensions: { width: meta.width!, height: meta.height! },
            durationSeconds: null,
            contentDescription: describeComposition(config.prompt),
          },
        );
      });
    },
  };
}
