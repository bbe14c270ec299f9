import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import type { ActivityDeps } from '../../activities/deps';
import { storeText } from '../../activities/store-output';
import { classifyFailures } from '../failures';
import { TEXT_GENERATE, type TextGenerateConfig } from './definition';

export function textGenerateActivity(deps: ActivityDeps) {
  return {
    /** text.generate: the configured text model writes from the rendered prompt. */
    async [TEXT_GENERATE.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(async () => {
        const config = task.node.config as TextGenerateConfig;
        const text = await deps.models.text.generate({
          prompt: config.prompt,
          system: config.system,
          purpose: config.purpose,
          maxWords: config.maxWords,
          variation: task.variation,
        });
        return storeText(deps, task, text);
      });
    },
  };
}
