import { Context } from '@temporalio/activity';
import { editImage } from '../../adapters/media/image-edit';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import { truncateText } from '../../core/text/graphemes';
import type { ActivityDeps } from '../../activities/deps';
import { storeMedia } from '../../activities/store-output';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures, invalidNodeInput } from '../failures';
import { fetchImage, imageInput } from '../media-inputs';
import { IMAGE_EDIT, type ImageEditConfig } from './definition';

export function imageEditActivity(deps: ActivityDeps) {
  return {
    /** image.edit: crop or letterbox to a ratio, overlay text and a logo, re-encode. */
    async [IMAGE_EDIT.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(async () => {
        const config = task.node.config as ImageEditConfig;
        const source = await imageInput(deps, task, config.image);
        if (!source)
          throw invalidNodeInput(
            `image.edit "${task.node.label}" has no image: connect an image node or set "image"`,
          );
        const logo = config.logo?.trim() ? await fetchImage(deps, config.logo.trim()) : undefined;
        const edited = await editImage(
          source,
          {
            aspectRatio: config.aspectRatio ? aspectRatioOf(config.aspectRatio, '1:1') : undefined,
            longEdge: config.longEdge,
            fit: config.fit,
            background: config.background,
            text: config.text?.trim()
              ? { content: config.text.trim(), position: config.textPosition }
              : undefined,
            logo: logo ? { image: logo } : undefined,
            format: config.format,
          },
          { signal: Context.current().cancellationSignal },
        );
        return storeMedia(
          deps,
          task,
          'image',
          { buffer: edited.data, mimeType: edited.mimeType },
          {
            dimensions: { width: edited.width, height: edited.height },
            durationSeconds: null,
            contentDescription: `${task.node.label}: ${edited.width}x${edited.height} ${config.text ? `with the text "${truncateText(config.text.trim(), 80)}"` : 'edited image'}`,
          },
        );
      });
    },
  };
}
