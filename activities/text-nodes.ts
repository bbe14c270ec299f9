import type { TextGenerateConfig } from '../core/graph/node-types';
import type { NodeOutput, NodeTask } from '../core/run/run-types';
import type { ActivityDeps } from './deps';
import { classifyFailures } from './failures';
import { storeText } from './store-output';

export function textActivities(deps: ActivityDeps) {
  return {
    /** text.generate: the configured text model writes from the rendered prompt. */
    async textGenerate(task: NodeTask): Promise<NodeOutput> {
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
