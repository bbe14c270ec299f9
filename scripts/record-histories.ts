/**
 * Records the replay fixtures in test/fixtures/histories/ (see docs/replay.md).
 * 1. Starts an in-memory Temporal dev server and the real workers (workflow bundle included) over fake activities:
 *    deterministic, instant, no database.
 * 2. Runs each scenario through the real `runApp` workflow: an app graph compiled by `core/`, driven by updates
 *    or cancellation where the scenario says so, and checks that it ended as intended.
 * 3. Saves each history as proto JSON (`historyToJSON`) in `<scenario>.json`.
 * Usage: npm run record-histories [-- scenario ...]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { Client, type WorkflowHandle } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import type { Activities } from '../activities';
import { localNodeActivities } from '../activities/local-node';
import type { AppGraph, AppParameter } from '../core/app/app-definition';
import { compileGraph } from '../core/graph/compile-graph';
import { loadConfig } from '../core/config';
import type { NodeOutput, NodeTask, RunAppInput, RunAppResult } from '../core/run/run-types';
import { FailureType } from '../core/run/failure-types';
import {
  RUN_APP_WORKFLOW,
  approvalUpdate,
  stateQuery,
  webhookDeliveryWorkflowId,
} from '../workflows/definitions';
import type { runApp } from '../workflows';
import { bundleWorkflows, createWorkers } from '../worker/create-workers';
import { startTemporalDevServer } from './dev-server';
import { historyToJSON as historyToJson } from '@temporalio/common/lib/proto-utils';
import { findTemporalCli, REPO_ROOT } from './temporal-cli';

export const HISTORIES_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'histories');
const TASK_QUEUE = 'record-histories';
const MEDIA_TASK_QUEUE = 'record-histories-media';

interface Scenario {
  name: string;
  graph: AppGraph;
  input?: Partial<RunAppInput>;
  /** Steers the running workflow (approve, cancel) before its result is awaited. */
  drive?: (handle: WorkflowHandle<typeof runApp>) => Promise<void>;
  expect: RunAppResult['status'];
  /** Recorded under older workflow code that runs in flight may still use: re-recorded only when named. */
  keep?: boolean;
  /** A workflow the run starts whose history is recorded too, under `name`. */
  child?: { name: string; workflowId: (input: RunAppInput) => string };
}

const text = (id: string, prompt: string) => ({ id, type: 'text.generate', label: id, config: { prompt } });
const output = (id: string) => ({
  id: `out_${id}`,
  type: 'output',
  label: `Out ${id}`,
  config: { label: `Out ${id}` },
});
const edge = (source: string, target: string) => ({ source, target });

/*   draft --> tighten --> headline --> out_headline */
const CHAIN: AppGraph = {
  nodes: [
    text('draft', 'Write about {{topic}}'),
    text('tighten', 'Tighten: {{nodes.draft}}'),
    text('headline', 'Headline for {{nodes.tighten}}'),
    output('headline'),
  ],
  edges: [edge('draft', 'tighten'), edge('tighten', 'headline'), edge('headline', 'out_headline')],
};

/*   draft --> review (human.approval) --> out_review */
const APPROVAL: AppGraph = {
  nodes: [
    text('draft', 'Write about {{topic}}'),
    { id: 'review', type: 'human.approval', label: 'review', config: {} },
    output('review'),
  ],
  edges: [edge('draft', 'review'), edge('review', 'out_review')],
};

/** Resolves once the run's `review` node waits for a human decision (the `state` query says so). */
export const awaitingApproval = async (handle: WorkflowHandle<typeof runApp>) => {
  for (let i = 0; i < 200; i++) {
    if ((await handle.query(stateQuery)).awaitingApproval.includes('review')) return;
    await sleep(50);
  }
  throw new Error('the review node never waited for approval');
};

export const SCENARIOS: Scenario[] = [
  { name: 'linear-run', graph: CHAIN, expect: 'completed' },
  {
    // The chain with its text nodes in-process: one local activity each, no activity task.
    name: 'local-nodes',
    graph: CHAIN,
    input: { localNodes: ['draft', 'tighten', 'headline'] },
    expect: 'completed',
  },
  {
    /*   caption (in-process) --> out_caption
     *   draft (in-process, fails) --> out_draft (skipped)
     *   image (media queue) --> out_image */
    name: 'local-parallel',
    graph: {
      nodes: [
        text('caption', 'Caption about {{topic}}'),
        text('draft', 'FAIL: draft about {{topic}}'),
        { id: 'image', type: 'image.generate', label: 'image', config: { prompt: 'Poster of {{topic}}' } },
        output('caption'),
        output('draft'),
        output('image'),
      ],
      edges: [edge('caption', 'out_caption'), edge('draft', 'out_draft'), edge('image', 'out_image')],
    },
    input: { localNodes: ['caption', 'draft'] },
    expect: 'failed',
  },
  {
    /*   caption --> out_caption
     *   image (media queue) --> out_image */
    name: 'parallel-branches',
    graph: {
      nodes: [
        text('caption', 'Caption about {{topic}}'),
        { id: 'image', type: 'image.generate', label: 'image', config: { prompt: 'Poster of {{topic}}' } },
        output('caption'),
        output('image'),
      ],
      edges: [edge('caption', 'out_caption'), edge('image', 'out_image')],
    },
    expect: 'completed',
  },
  {
    /*   draft (fails) --> tighten (skipped) --> out_tighten
     *   image --> out_image (completes) */
    name: 'failed-run',
    graph: {
      nodes: [
        text('draft', 'FAIL on {{topic}}'),
        text('tighten', 'Tighten: {{nodes.draft}}'),
        { id: 'image', type: 'image.generate', label: 'image', config: { prompt: 'Poster' } },
        output('tighten'),
        output('image'),
      ],
      edges: [edge('draft', 'tighten'), edge('tighten', 'out_tighten'), edge('image', 'out_image')],
    },
    expect: 'failed',
  },
  {
    name: 'approval',
    graph: APPROVAL,
    drive: async (handle) => {
      await awaitingApproval(handle);
      await handle.executeUpdate(approvalUpdate, {
        args: [{ nodeId: 'review', decision: 'approve', comment: 'fine' }],
      });
    },
    expect: 'completed',
  },
  {
    name: 'cancelled-run',
    graph: APPROVAL,
    drive: async (handle) => {
      await awaitingApproval(handle);
      await handle.cancel();
    },
    expect: 'cancelled',
  },
  {
    /*   image --> check (quality.check: variation 1 scores low, variation 2 passes) --> out_check */
    name: 'quality-retry',
    graph: {
      nodes: [
        { id: 'image', type: 'image.generate', label: 'image', config: { prompt: 'Poster of {{topic}}' } },
        { id: 'check', type: 'quality.check', label: 'check', config: { minScore: 0.6, maxRetries: 2 } },
        output('check'),
      ],
      edges: [edge('image', 'check'), edge('check', 'out_check')],
    },
    expect: 'completed',
  },
  {
    /* Revision 2 of the chain: draft is reused from revision 1, tighten gets a new prompt. */
    name: 'refinement',
    graph: CHAIN,
    input: {
      revision: 2,
      execute: ['tighten', 'headline', 'out_headline'],
      seedOutputs: { draft: textOutput('draft', 'A reused draft about bottles.') },
      promptOverrides: { tighten: 'Tighten harder: {{nodes.draft}}' },
    },
    expect: 'completed',
  },
  {
    /* The receiver refuses the first attempt; the retry succeeds. The file was recorded before the
     * `webhook-delivery-schedule` patch (Temporal retried the activity); a new recording would take the
     * new path (see webhook-handoff). */
    name: 'webhook-retry',
    keep: true,
    graph: {
      nodes: [text('draft', 'Write about {{topic}}'), output('draft')],
      edges: [edge('draft', 'out_draft')],
    },
    input: { webhookUrl: 'https://hooks.example.com/atelier' },
    expect: 'completed',
  },
  {
    /* The receiver refuses the first attempt, made by the run; the delivery workflow makes the second after
     * a durable timer (issue 12 item 11). Both histories are recorded. */
    name: 'webhook-handoff',
    graph: {
      nodes: [text('draft', 'Write about {{topic}}'), output('draft')],
      edges: [edge('draft', 'out_draft')],
    },
    input: { webhookUrl: 'https://hooks.example.com/flaky', webhookRetrySchedule: ['1s', '1s'] },
    expect: 'completed',
    child: {
      name: 'webhook-schedule',
      workflowId: (input) => webhookDeliveryWorkflowId(input.runId, input.revision),
    },
  },
];

function textOutput(nodeId: string, value: string): NodeOutput {
  const metadata = {
    mimeType: 'text/plain',
    dimensions: null,
    durationSeconds: null,
    bytes: Buffer.byteLength(value),
    contentDescription: `text of ${nodeId}`,
  };
  return { kind: 'text', modality: 'text', text: value, assetId: null, metadata };
}

function mediaOutput(task: NodeTask, modality: 'image' | 'video' | 'audio', mimeType: string): NodeOutput {
  const key = `runs/${task.runId}/${task.node.id}/r${task.revision}v${task.variation}`;
  const metadata = {
    mimeType,
    dimensions: modality === 'audio' ? null : { width: 1080, height: 1080 },
    durationSeconds: modality === 'image' ? null : 5,
    bytes: 1024,
    contentDescription: `variation ${task.variation}`,
  };
  return {
    kind: 'media',
    modality,
    ref: { key, url: `http://127.0.0.1:8080/cdn/${key}`, mimeType, bytes: 1024, sha256: '0'.repeat(64) },
    assetId: `asset-${task.node.id}-${task.variation}`,
    metadata,
  };
}

/** Every activity of `createActivities`, faked: the workflow cannot tell, and a history records only what it saw. */
export function fakeActivities(): Activities {
  const activities = {
    async recordNode() {},
    async recordRun() {},
    async textGenerate(task) {
      const prompt = String(task.node.config.prompt);
      if (prompt.includes('FAIL'))
        throw ApplicationFailure.nonRetryable(
          'the provider refused the prompt',
          FailureType.ProviderRejected,
        );
      return textOutput(task.node.id, `${task.node.id}: ${prompt.slice(0, 60)}`);
    },
    imageGenerate: async (task) => mediaOutput(task, 'image', 'image/png'),
    imageEdit: async (task) => mediaOutput(task, 'image', 'image/png'),
    videoGenerate: async (task) => mediaOutput(task, 'video', 'video/mp4'),
    videoCompose: async (task) => mediaOutput(task, 'video', 'video/mp4'),
    audioTts: async (task) => mediaOutput(task, 'audio', 'audio/wav'),
    async qualityCheck(input) {
      const score = input.output.metadata.contentDescription === 'variation 1' ? 0.3 : 0.9;
      return { score, reasons: score < input.minScore ? ['too plain'] : [], passed: score >= input.minScore };
    },
    // A receiver at a `/flaky` URL refuses the first attempt; every other attempt is delivered.
    attemptWebhook: async (input) => ({
      outcome: input.attempt === 1 && input.url.endsWith('/flaky') ? 'failed' : 'delivered',
    }),
    async deliverWebhook() {
      if (Context.current().info.attempt === 1)
        throw ApplicationFailure.retryable('receiver answered HTTP 500', FailureType.WebhookRejected);
      return { statusCode: 200 };
    },
  } satisfies Omit<Activities, 'runNodeLocally'>;
  return { ...activities, ...localNodeActivities(activities, activities) };
}

function scenarioInput(scenario: Scenario, index: number): RunAppInput {
  return runAppInput(scenario.graph, {
    runId: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    mediaTaskQueue: MEDIA_TASK_QUEUE,
    ...scenario.input,
  });
}

/** The input of a run of `graph`: compiled by core/, `{{topic}}` filled in, every node executed. */
export function runAppInput(
  graph: AppGraph,
  { runId, ...input }: Partial<RunAppInput> & Pick<RunAppInput, 'runId' | 'mediaTaskQueue'>,
): RunAppInput {
  const parameters: AppParameter[] = /\{\{topic\}\}/.test(JSON.stringify(graph))
    ? [{ id: 'p_topic', key: 'topic', name: 'Topic', type: 'text', description: '', multiple: false }]
    : [];
  const plan = compileGraph(graph, parameters);
  return {
    runId,
    workspaceId: '00000000-0000-4000-8000-0000000000aa',
    appId: '00000000-0000-4000-8000-0000000000bb',
    revision: 1,
    plan,
    params: parameters.length > 0 ? { topic: 'reusable bottles' } : {},
    execute: plan.nodes.map((n) => n.id),
    seedOutputs: {},
    promptOverrides: {},
    webhookUrl: null,
    approvalTimeout: '1h',
    ...input,
  };
}

async function save(name: string, ended: string, handle: WorkflowHandle): Promise<void> {
  const history = await handle.fetchHistory();
  const file = path.join(HISTORIES_DIR, `${name}.json`);
  await writeFile(file, `${historyToJson(history)}\n`);
  console.log(
    `${name.padEnd(20)} ${ended.padEnd(10)} ${String(history.events?.length).padStart(4)} events -> ${path.relative(REPO_ROOT, file)}`,
  );
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const scenarios =
    only.length > 0 ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS.filter((s) => !s.keep);
  if (scenarios.length === 0)
    throw new Error(`no such scenario; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);

  // The scenarios fail activities on purpose: keep the SDK's per-failure warnings out of the listing.
  Runtime.install({ logger: new DefaultLogger('ERROR') });
  const server = await startTemporalDevServer({
    cliPath: findTemporalCli(loadConfig(process.env)),
    uiPort: null,
    namespace: 'default',
  });
  const connection = await NativeConnection.connect({ address: server.address });
  const client = new Client({ connection });
  try {
    const workers = await createWorkers({
      connection,
      namespace: 'default',
      taskQueue: TASK_QUEUE,
      mediaTaskQueue: MEDIA_TASK_QUEUE,
      activities: fakeActivities(),
      workflowBundle: await bundleWorkflows(),
    });
    const running = Promise.all(workers.map((w) => w.run()));
    try {
      await mkdir(HISTORIES_DIR, { recursive: true });
      for (const scenario of scenarios) {
        const input = scenarioInput(scenario, SCENARIOS.indexOf(scenario));
        const handle = await client.workflow.start<typeof runApp>(RUN_APP_WORKFLOW, {
          workflowId: `replay-${scenario.name}`,
          taskQueue: TASK_QUEUE,
          args: [input],
        });
        await scenario.drive?.(handle);
        const result = await handle.result();
        if (result.status !== scenario.expect)
          throw new Error(`${scenario.name} ended ${result.status}, expected ${scenario.expect}`);
        await save(scenario.name, result.status, handle);
        if (scenario.child) {
          const child = client.workflow.getHandle(scenario.child.workflowId(input));
          const ended = (await child.result()) as { outcome: string };
          await save(scenario.child.name, ended.outcome, child);
        }
      }
    } finally {
      for (const worker of workers) worker.shutdown();
      await running;
    }
  } finally {
    await connection.close();
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
