import { directionSupport } from '../../adapters/models/direction-support';
import { splitDirections } from '../../adapters/models/local/directions';
import { modelFor, providerOf } from '../../adapters/models/providers';
import type { MediaFacts } from '../../core/run/media-facts';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { storeText } from '../../activities/store-output';
import { classifyFailures } from '../failures';
import { TEXT_GENERATE, type TextGenerateConfig } from './definition';

export function textGenerateActivity(deps: ActivityDeps) {
  return {
    /**
     * text.generate: the text model (the node's own, else the configured one) writes from the rendered
     * prompt, given the facts of its media parents (an image to write alt text for).
     */
    async [TEXT_GENERATE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(async () => {
        const config = task.node.config as TextGenerateConfig;
        const model = modelFor(deps.models, 'text', config);
        const about = task.parents
          .map((p) => p.output.metadata.facts)
          .filter((f): f is MediaFacts => f !== undefined);
        const text = await model.generate({
          prompt: config.prompt,
          system: config.system,
          purpose: config.purpose,
          maxWords: config.maxWords,
          variation: task.variation,
          ...(about.length ? { about } : {}),
        });
        const provider = providerOf(model.name);
        const { directions } = splitDirections(config.prompt);
        const support = directions.length
          ? directionSupport(provider, { type: task.node.type, config, hasImageInput: false }, directions)
          : undefined;
        return storeText(deps, task, text, {
          provider,
          ...(support?.verified
            ? { directions: { applied: support.applied, declined: support.declined } }
            : {}),
        });
      });
    },
  };
}
