import sharp from 'sharp';
import {
  ASPECT_RATIOS,
  dimensionsFor,
  editImage,
  type AspectRatio,
} from '../adapters/media/image-edit';
import { describeComposition } from '../adapters/models/local/alt-text';
import type { ImageEditConfig, ImageGenerateConfig } from '../core/graph/node-types';
import type { NodeOutput, NodeTask } from '../core/run/run-types';
import type { ActivityDeps } from './deps';
import { classifyFailures, invalidNodeInput } from './failures';
import { fetchImage, heartbeatWhile, imageInput } from './media-inputs';
import { storeMedia } from './store-output';

export function aspectRatioOf(value: string | undefined, fallback: AspectRatio): AspectRatio {
  const ratio = (value ?? '').trim();
  if (!ratio || ratio === 'auto') return fallback;
  if (!(ratio in ASPECT_RATIOS))
    throw invalidNodeInput(
      `unsupported aspect ratio "${ratio}"; use one of ${Object.keys(ASPECT_RATIOS).join(', ')}`,
    );
  return ratio as AspectRatio;
}

export function imageActivities(deps: ActivityDeps) {
  return {
    /** image.generate: the image model renders the prompt at the node's aspect ratio. */
    async imageGenerate(task: NodeTask): Promise<NodeOutput> {
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

    /** image.edit: crop or letterbox to a ratio, overlay text and a logo, re-encode. */
    async imageEdit(task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(async () => {
        const config = task.node.config as ImageEditConfig;
        const source = await imageInput(deps, task, config.image);
        if (!source)
          throw invalidNodeInput(
            `image.edit "${task.node.label}" has no image: connect an image node or set "image"`,
          );
        const logo = config.logo?.trim() ? await fetchImage(deps, config.logo.trim()) : undefined;
        const edited = await editImage(source, {
          aspectRatio: config.aspectRatio ? aspectRatioOf(config.aspectRatio, '1:1') : undefined,
          longEdge: config.longEdge,
          fit: config.fit,
          background: config.background,
          text: config.text?.trim()
            ? { content: config.text.trim(), position: config.textPosition }
            : undefined,
          logo: logo ? { image: logo } : undefined,
          format: config.format,
        });
        return storeMedia(
          deps,
          task,
          'image',
          { buffer: edited.data, mimeType: edited.mimeType },
          {
            dimensions: { width: edited.width, height: edited.height },
            durationSeconds: null,
            contentDescription: `${task.node.label}: ${edited.width}x${edited.height} ${config.text ? `with the text "${config.text.trim().slice(0, 80)}"` : 'edited image'}`,
          },
        );
      });
    },
  };
}
