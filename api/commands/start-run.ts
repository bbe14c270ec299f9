import type { Caller } from '../../core/app/app-access';
import type { AppParameter } from '../../core/app/app-definition';
import { invalidField, validationError, type ValidationDetail } from '../../core/errors';
import { ancestorsOf } from '../../core/graph/find-subgraph';
import type { Plan } from '../../core/graph/plan';
import { canonicalJson, deterministicUuid, newId } from '../../core/ids';
import { presentOutput, runOutputs, type RunView } from '../../core/run/present-run';
import type { SandboxStub } from '../../core/responses/runs';
import type { RunSource } from '../../core/run/run-status';
import type { NodeOutput } from '../../core/run/run-types';
import type { WebhookEventName } from '../../core/run/webhook-event-names';
import { validateInputs } from '../../core/run/validate-inputs';
import { givenInputSources } from '../../core/content/input-sources';
import { checkMediaUrl } from '../../adapters/http/safe-fetch';
import { checkOwnMedia } from './check-own-media';
import { loadRunView } from '../../adapters/db/run-view';
import { deleteRun, insertRun } from '../../adapters/db/runs';
import type { ApiDeps } from '../deps';
import { checkWebhookTarget } from './check-webhook-target';
import { launchExecution } from './launch-execution';
import type { LoadedApp } from './load-app';

export interface RunRequest {
  inputs: Record<string, unknown>;
  inputOverrides: Record<string, unknown>;
  outputs?: string[];
  webhookUrl: string | null;
  /** The events the webhook is told of; omitted: only the end. */
  webhookEvents?: WebhookEventName[];
  /** The id the new run takes (an Idempotency-Key's); a run already admitted with it is answered instead. */
  newRunId?: string;
  sandbox: boolean;
  source: RunSource;
}

/**
 * Starts a run of an app, or answers the sandbox stub.
 * 1. Validate the webhook URL's address, inputs (all problems at once), media URLs through safe-fetch,
 *    and the output selection.
 * 2. Sandbox: a deterministic stub; nothing stored, started or charged.
 * 3. Launch: credits, the run row and the workflow (launchRun, through launchExecution).
 */
export async function startRun(
  deps: ApiDeps,
  caller: Caller,
  app: LoadedApp,
  request: RunRequest,
): Promise<RunView | SandboxStub> {
  if (request.webhookEvents && !request.webhookUrl)
    throw invalidField(
      'webhookEvents',
      'webhook_required',
      'webhookEvents: there is no webhook to tell; give a webhook URL (Run App: ?webhook=)',
    );
  await checkWebhookTarget(deps, request.webhookUrl);
  const { values, details } = validateInputs(
    app.definition.parameters,
    request.inputs,
    request.inputOverrides,
  );
  details.push(...(await checkMediaInputs(deps, caller, app.definition.parameters, values)));
  const execute = selectNodes(app.plan, request.outputs, details);
  if (details.length > 0)
    throw validationError(details, `Invalid inputs: ${details.map((d) => d.message).join('; ')}`);

  if (request.sandbox) {
    const named = new Set([...Object.keys(request.inputs), ...Object.keys(request.inputOverrides)]);
    const parameters = app.definition.parameters;
    const given = new Set(parameters.filter((p) => named.has(p.key) || named.has(p.name)).map((p) => p.key));
    return sandboxStub(app, values, execute, givenInputSources(parameters, given));
  }

  return launchRun(deps, caller, {
    appId: app.row.id,
    appVersion: app.row.version,
    plan: app.plan,
    params: values,
    execute,
    seedOutputs: {},
    source: request.source,
    webhookUrl: request.webhookUrl,
    webhookEvents: request.webhookEvents,
    newRunId: request.newRunId,
  });
}

export interface LaunchRequest {
  appId: string;
  /** The version of the app whose plan this is; GET /v1/runs/{id} reports it. Absent for synthetic apps. */
  appVersion?: number;
  plan: Plan;
  params: Record<string, unknown>;
  execute: string[];
  /** Outputs of nodes outside `execute` that the run starts with (composition from an earlier run). */
  seedOutputs: Record<string, NodeOutput>;
  source: RunSource;
  webhookUrl: string | null;
  webhookEvents?: WebhookEventName[];
  /** The id the new run takes; omitted: a fresh one. */
  newRunId?: string;
}

/** Inserts a new run (queued, revision 1) and launches its first execution; if it certainly did not start, the row goes again. Answers the run as accepted. */
export async function launchRun(deps: ApiDeps, caller: Caller, request: LaunchRequest): Promise<RunView> {
  const runId = request.newRunId ?? newId();
  // An idempotent retry whose first attempt was admitted (and then lost its answer) gets that run.
  const admitted = request.newRunId ? await admittedRun(deps, caller, runId) : null;
  if (admitted) return admitted;
  // The answer is the run as accepted (queued, outputs pending; api-v1.md), read where it was written:
  // a worker may take it up before a later read.
  let accepted: RunView | null = null;
  try {
    await launchExecution(
      deps,
      {
        runId,
        workspaceId: caller.workspaceId,
        appId: request.appId,
        revision: 1,
        plan: request.plan,
        params: request.params,
        execute: request.execute,
        seedOutputs: request.seedOutputs,
        promptOverrides: {},
        webhookUrl: request.webhookUrl,
        ...(request.webhookEvents ? { webhookEvents: request.webhookEvents } : {}),
      },
      {
        what: 'run',
        record: async (db) => {
          await insertRun(db, {
            id: runId,
            workspace_id: caller.workspaceId,
            app_id: request.appId,
            app_version: request.appVersion ?? null,
            user_id: caller.userId,
            status: 'queued',
            source: request.source,
            inputs: JSON.stringify(request.params),
            plan: JSON.stringify(request.plan),
            execute: JSON.stringify(request.execute),
            revision: 1,
            webhook_url: request.webhookUrl,
            webhook_events: request.webhookEvents ? JSON.stringify(request.webhookEvents) : null,
            cost_credits: 0,
          });
          accepted = await loadRunView(db, runId);
        },
        undo: (db) => deleteRun(db, runId),
      },
    );
  } catch (err) {
    // Two requests of one key raced past the check: the run row's key lets one in; the other answers it.
    const raced = request.newRunId ? await admittedRun(deps, caller, runId) : null;
    if (raced) return raced;
    throw err;
  }
  return accepted!;
}

/** The run of this id if the workspace already has it. */
async function admittedRun(deps: ApiDeps, caller: Caller, runId: string): Promise<RunView | null> {
  return loadRunView(deps.db, runId, caller.workspaceId);
}

async function checkMediaInputs(
  deps: ApiDeps,
  caller: Caller,
  parameters: AppParameter[],
  values: Record<string, unknown>,
): Promise<ValidationDetail[]> {
  const checks = parameters
    .filter((p) => p.type === 'url' && values[p.key] !== undefined && values[p.key] !== p.default)
    .flatMap((p) =>
      (Array.isArray(values[p.key]) ? (values[p.key] as string[]) : [values[p.key] as string]).map((url) => ({
        p,
        url,
      })),
    );
  const results = await Promise.all(
    checks.map(async ({ p, url }) => ({
      p,
      url,
      result:
        (await checkOwnMedia(deps, caller.workspaceId, url, p.accept ?? ['image'])) ??
        (await checkMediaUrl(url, {
          accept: p.accept ?? ['image'],
          allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS,
        })),
    })),
  );
  return results
    .filter((r) => !r.result.ok)
    .map((r) => ({
      param: r.p.name,
      code: 'invalid_media',
      message: `${r.p.name}: ${(r.result as { reason: string }).reason}`,
    }));
}

/** All nodes, or only those the requested output labels need (labels match case-insensitively). */
function selectNodes(plan: Plan, labels: string[] | undefined, details: ValidationDetail[]): string[] {
  if (!labels || labels.length === 0) return plan.nodes.map((n) => n.id);
  const targets: string[] = [];
  for (const label of labels) {
    const output = plan.outputs.find((o) => o.label.toLowerCase() === label.toLowerCase());
    if (output) targets.push(output.nodeId);
    else
      details.push({
        param: 'outputs',
        code: 'unknown_output',
        message: `outputs: "${label}" is not an output of this app; outputs: ${plan.outputs.map((o) => `"${o.label}"`).join(', ')}`,
      });
  }
  return ancestorsOf(plan, targets);
}

function sandboxStub(
  app: LoadedApp,
  values: Record<string, unknown>,
  execute: string[],
  inputSources: SandboxStub['inputSources'],
): SandboxStub {
  return {
    runId: `test_${deterministicUuid(app.row.id, canonicalJson(values), canonicalJson(execute))}`,
    workflowId: app.row.id,
    status: 'test',
    outputs: runOutputs(app.plan, execute).map((o) => presentOutput(o, undefined, 'queued')),
    errorMessage: null,
    startedAt: null,
    completedAt: null,
    createdAt: new Date().toISOString(),
    validatedInputs: values,
    inputSources,
  };
}
