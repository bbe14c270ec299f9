import { presentAppDetail } from '../../core/app/present-app';
import { AppDetail, Estimate } from '../../core/responses/apps';
import { EstimateBody } from '../apps/schema';
import { estimateRun } from '../commands/estimate-run';
import { DiscoveryResult } from '../../core/responses/discovery';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { applyBrand } from '../commands/apply-brand';
import { discoverApps } from '../commands/discover-apps';
import { loadUsableApp } from '../commands/load-app';
import { semanticScorer } from '../commands/semantic-scorer';
import { startRun } from '../commands/start-run';
import { DiscoverBody } from '../discover/schema';
import { RunBody } from '../runs/schema';
import { parseWith, uuidParam } from '../validate';
import { AppInput, RunAppInput, RunOrStub } from './schema';
import { tool } from './tool';

export const APP_TOOLS = [
  tool({
    name: 'discover_apps',
    title: 'Discover apps',
    description:
      'Rank the apps you may run for what you want to make, with the reasons for each. Start here, then ' +
      'read the best match with get_app and run it with run_app (or let atelier_create do all three).',
    input: DiscoverBody,
    output: DiscoveryResult,
    annotations: { readOnlyHint: true },
    run: ({ deps, caller }, body) =>
      discoverApps(deps, caller, body, semanticScorer(deps.config, deps.logger)),
  }),
  tool({
    name: 'get_app',
    title: 'Get an app',
    description:
      "An app's input contract (parameters: key, type, options, default), outputs and capabilities. " +
      'Key run_app inputs by parameter key; never guess names or option values.',
    input: AppInput,
    output: AppDetail,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, { appId }) =>
      presentAppDetail(await loadUsableApp(deps.db, uuidParam(appId, 'App'), caller)),
  }),
  tool({
    name: 'estimate_run',
    title: 'Estimate a run',
    description:
      'What a run of the app (or of the nodes the named outputs need) costs at most, node by node, and ' +
      'whether the balance covers it. Nothing starts.',
    input: AppInput.extend(EstimateBody.shape),
    output: Estimate,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, { appId, outputs }) =>
      estimateRun(deps, caller, await loadUsableApp(deps.db, uuidParam(appId, 'App'), caller), outputs),
  }),
  tool({
    name: 'run_app',
    title: 'Run an app',
    description:
      'Start a run of an app with inputs keyed by parameter key. Answers at once with the Run (queued, ' +
      'outputs pending): follow it with wait_for_run. sandbox: true validates and answers a stub (status ' +
      '"test"), with nothing started or charged.',
    input: RunAppInput,
    output: RunOrStub,
    annotations: { openWorldHint: true },
    run: async ({ deps, caller }, { appId, sandbox, webhookUrl, ...request }) => {
      const loaded = await loadUsableApp(deps.db, uuidParam(appId, 'App'), caller);
      const body = parseWith(RunBody, request);
      const app = body.applyBrand ? await applyBrand(deps, caller, loaded, body.brandProfileId) : loaded;
      return startRun(deps, caller, app, {
        ...body,
        webhookUrl: assertWebhookUrl(webhookUrl),
        sandbox: sandbox || body.test === true,
        source: 'api',
      });
    },
  }),
];
