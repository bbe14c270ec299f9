import { Context } from '@temporalio/activity';
import { editImage } from '../../adapters/media/image-edit';
import { describeImage } from '../../core/run/describe-media';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { storeMedia } from '../../activities/store-output';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures, invalidNodeInput } from '../failures';
import { fetchImage, imageInput } from '../media-inputs';
import { imageFacts } from '../output-facts';
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
        const aspectRatio = config.aspectRatio ? aspectRatioOf(config.aspectRatio, '1:1') : undefined;
        const edited = await editImage(
          source,
          {
            aspectRatio,
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
        const edits = [
          aspectRatio
            ? config.fit === 'contain'
              ? `letterboxed to ${aspectRatio} on ${config.background}`
              : `cropped to ${aspectRatio}`
            : `resized to a ${config.longEdge} px long edge`,
          ...(edited.textLines.length ? [`a text band at the ${config.textPosition}`] : []),
          ...(logo ? ['a logo in the bottom-right corner'] : []),
          config.format === 'jpeg' ? 'saved as JPEG' : 'saved as PNG',
        ];
        const text = edited.textLines.length ? [{ role: 'overlay' as const, lines: edited.textLines }] : [];
        const facts = await imageFacts(edited.data, 'image.edit', undefined, { edits, text });
        return storeMedia(
          deps,
          task,
          'image',
          { buffer: edited.data, mimeType: edited.mimeType },
          {
            dimensions: { width: edited.width, height: edited.height },
            durationSeconds: null,
            contentDescription: describeImage(facts),
            facts,
          },
        );
      });
    },
  };
}
