import type { NodeOutput, NodeTask } from '../core/run/run-types';
import { NODE_DEFINITIONS, type NodeTaskActivityName } from '../nodes/definitions';
import type { NodeActivities } from '../nodes/activities';
import type { runRecordActivities } from './run-records';

type RunRecords = ReturnType<typeof runRecordActivities>;

/**
 * A node whose work is cheap and in-process (RunAppInput.localNodes), run by the workflow as one local
 * activity: its running record, its type's own activity, its completed record (asset, debit, event). The
 * failed record stays the workflow's, which alone knows that no attempt is left.
 */
export function localNodeActivities(records: RunRecords, nodes: NodeActivities) {
  return {
    async runNodeLocally(task: NodeTask): Promise<NodeOutput> {
      const record = (status: 'running' | 'completed', output: NodeOutput | null) =>
        records.recordNode({
          runId: task.runId,
          nodeId: task.node.id,
          nodeType: task.node.type,
          revision: task.revision,
          status,
          output,
          error: null,
        });
      await record('running', null);
      const name = NODE_DEFINITIONS[task.node.type].activity!.name as NodeTaskActivityName;
      const output = await nodes[name](task);
      await record('completed', output);
      return output;
    },
  };
}
