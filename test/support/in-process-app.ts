import { createHash } from 'node:crypto';
import type { AppDefinition } from '../../core/app/app-definition';
import { compileApp } from '../../core/app/compiled-app';
import type { Plan, PlanNode } from '../../core/graph/plan';
import { renderConfig } from '../../core/graph/template';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import { validateInputs } from '../../core/run/validate-inputs';
import { createNodeActivities } from '../../nodes/activities';
import { NODE_DEFINITIONS } from '../../nodes/definitions';
import { readStored } from '../../nodes/media-inputs';
import type { NodeActivityHarness } from '../nodes/activity-harness';

/** One output of an in-process run: what an agent would fetch (bytes or text) and the node's output. */
export interface ProducedOutput {
  nodeId: string;
  label: string;
  modality: string;
  /** The file's bytes (media) or the text's UTF-8 (text): what "changed" is measured on. */
  content: Buffer;
  output: NodeOutput;
}

export interface InProcessRun {
  outputs: Record<string, ProducedOutput>;
  /** Every node's output, by node id (seeds for a refinement). */
  nodes: Record<string, NodeOutput>;
}

export interface RunOptions {
  /** Refinement: nodes to execute; every other node reuses `seeds`. */
  execute?: string[];
  seeds?: Record<string, NodeOutput>;
  promptOverrides?: Record<string, string>;
  /** Revision of this execution; storeMedia compares a later revision with the run's recorded earlier ones. */
  revision?: number;
}

/**
 * Runs an app's plan in this process, node by node, through the real node activities (sharp, ffmpeg,
 * espeak-ng, storage and asset rows of the harness) in plan order, as the runApp workflow does but without
 * Temporal: configs rendered with the inputs and parent texts, passthrough nodes forward, approvals pass.
 * Node results are memoised on their rendered config and parents, so varying one input re-runs only what it
 * reaches. Each execution gets a revision of its own, so stored files never overwrite one another.
 */
export function inProcessRunner(harness: NodeActivityHarness, shrink = 480) {
  const activities = createNodeActivities(harness.deps) as unknown as Record<
    string,
    (task: NodeTask) => Promise<NodeOutput>
  >;
  const memo = new Map<string, Promise<NodeOutput>>();
  let revisions = 100;

  const plans = new Map<string, Plan>();
  const planOf = (app: AppDefinition) => {
    if (!plans.has(app.appId)) plans.set(app.appId, shrinkPlan(compileApp(app).plan, shrink));
    return plans.get(app.appId)!;
  };

  async function run(
    app: AppDefinition,
    inputs: Record<string, unknown>,
    options: RunOptions = {},
  ): Promise<InProcessRun> {
    const plan = planOf(app);
    const { values, details } = validateInputs(app.parameters, inputs);
    if (details.length) throw new Error(`invalid inputs: ${JSON.stringify(details)}`);
    const revision = options.revision ?? revisions++;
    const nodes: Record<string, NodeOutput> = {};
    for (const node of plan.nodes) {
      if (options.execute && !options.execute.includes(node.id)) {
        nodes[node.id] = options.seeds![node.id];
        continue;
      }
      const parents = node.parents.map((id) => ({
        id,
        type: plan.nodes.find((n) => n.id === id)!.type,
        output: nodes[id],
      }));
      const execution = NODE_DEFINITIONS[node.type].execution;
      if (execution !== 'activity') {
        nodes[node.id] = parents[0].output;
        continue;
      }
      const texts = Object.fromEntries(
        parents
          .filter((p) => p.output.kind === 'text')
          .map((p) => [p.id, (p.output as { text: string }).text]),
      );
      const override = options.promptOverrides?.[node.id];
      const config = renderConfig(
        override !== undefined ? { ...node.config, prompt: override } : node.config,
        values,
        texts,
      );
      const key = JSON.stringify([node.id, config, parents.map((p) => identity(p.output)), options.revision]);
      if (!memo.has(key)) memo.set(key, execute(node, config, parents, revision));
      nodes[node.id] = await memo.get(key)!;
    }
    const outputs: Record<string, ProducedOutput> = {};
    for (const out of plan.outputs) {
      const output = nodes[out.nodeId];
      const content =
        output.kind === 'text' ? Buffer.from(output.text) : await readStored(harness.deps, output.ref.key);
      outputs[out.label] = {
        nodeId: out.nodeId,
        label: out.label,
        modality: output.modality,
        content,
        output,
      };
    }
    return { outputs, nodes };
  }

  function execute(
    node: PlanNode,
    config: Record<string, unknown>,
    parents: NodeTask['parents'],
    revision: number,
  ) {
    const name = NODE_DEFINITIONS[node.type].activity!.name;
    const task: NodeTask = {
      runId: harness.runId,
      workspaceId: harness.stack.users.owner.workspaceId,
      revision,
      variation: 1,
      node: { ...node, config },
      parents,
    };
    return harness.run(activities[name], [task]);
  }

  return { run, planOf };
}

const identity = (output: NodeOutput) =>
  output.kind === 'text' ? createHash('sha256').update(output.text).digest('hex') : output.ref.sha256;

/** The plan with every long edge at most `edge` pixels: the same media, faster to make and compare. */
function shrinkPlan(plan: Plan, edge: number): Plan {
  return {
    ...plan,
    nodes: plan.nodes.map((n) =>
      typeof n.config.longEdge === 'number'
        ? { ...n, config: { ...n.config, longEdge: Math.min(n.config.longEdge, edge) } }
        : n,
    ),
  };
}

/** The parameters a node's config names, directly. */
export function paramsOf(node: PlanNode): string[] {
  return [...JSON.stringify(node.config).matchAll(/\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g)].map((m) => m[1]);
}
