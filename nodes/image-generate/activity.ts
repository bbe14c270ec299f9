import { Context } from '@temporalio/activity';
import { dimensionsFor } from '../../adapters/media/image-edit';
import { providerImage } from '../../adapters/models/provider-media';
import { generatedImage, modelFor, providerOf } from '../../adapters/models/providers';
import { describeImage } from '../../core/run/describe-media';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { storeMedia } from '../../activities/store-output';
import { aspectRatioOf } from '../aspect-ratio';
import { classifyFailures } from '../failures';
import { heartbeatWhile, imageInput } from '../media-inputs';
import { directionOutcome, imageFacts } from '../output-facts';
import { IMAGE_GENERATE, type ImageGenerateConfig } from './definition';

export function imageGenerateActivity(deps: ActivityDeps) {
  return {
    /**
     * image.generate: the image model (the node's own, else the configured one) renders the prompt at the
     * node's aspect ratio; the result is checked, measured and described from what was produced.
     */
    async [IMAGE_GENERATE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(async () => {
        const config = task.node.config as ImageGenerateConfig;
        const { width, height } = dimensionsFor(aspectRatioOf(config.aspectRatio, '1:1'), config.longEdge);
        const image = await imageInput(deps, task, config.image);
        const model = modelFor(deps.models, 'image', config);
        const ctx = Context.current();
        const result = generatedImage(
          await heartbeatWhile(
            model.generate({
              prompt: config.prompt,
              width,
              height,
              image,
              variation: task.variation,
              signal: ctx.cancellationSignal,
              onProgress: (percent) => ctx.heartbeat(percent),
            }),
          ),
        );
        // Whatever the model, what is stored is a complete PNG of the asked size (issue 10 item 5).
        const data = await providerImage(
          { data: result.data, contentType: null },
          { width, height },
          model.name,
        );
        const facts = await imageFacts(data, model.name, result.drawn);
        return storeMedia(
          deps,
          task,
          'image',
          { buffer: data, mimeType: 'image/png' },
          {
            dimensions: { width: facts.width, height: facts.height },
            durationSeconds: null,
            contentDescription: describeImage(facts),
            facts,
            provider: providerOf(model.name),
            ...directionOutcome(result.drawn),
          },
        );
      });
    },
  };
}
