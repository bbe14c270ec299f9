import type { Caller } from '../../core/app/app-access';
import type { ContentTemplate } from '../../core/content/content-template';
import { planContent, type ContentPlan } from '../../core/content/plan-content';
import { gatherGuidance } from '../../core/content/prompt-guidance';
import { toCandidate } from '../../core/discovery/candidate';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { brandContextOf } from '../../adapters/db/brand';
import type { CreateContentBody } from '../content/schema';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../validate';
import { findTemplate } from './find-template';
import { loadUsableApp } from './load-app';
import { resolveBrandProfile } from './resolve-brand-profile';
import type { SemanticScorer } from './semantic-scorer';
import { startRun } from './start-run';
import { usableApps, type UsableApp } from './usable-apps';

export interface ContentOutcome {
  status: 200 | 202;
  data: Record<string, unknown>;
}

/**
 * POST /v1/content/create as one command.
 * 1. Checks what can fail without side effects first: the webhook URL (top level wins over
 *    metadata.webhookUrl; HTTPS only), the brand profile, the template, a forced app.
 * 2. Plans the content (planContent: app choice, slot filling, guidance, quality gates).
 * 3. ran -> startRun with source "content" (202; 200 for a sandbox stub); needs_input and unmatched -> 200.
 */
export async function createContent(
  deps: ApiDeps,
  caller: Caller,
  body: CreateContentBody,
  options: { sandbox: boolean; semantic: SemanticScorer },
): Promise<ContentOutcome> {
  const headless = body.headless === true || body.terminalMode === 'auto';
  const metadataWebhook =
    typeof body.metadata?.webhookUrl === 'string' ? body.metadata.webhookUrl : undefined;
  const webhookUrl = assertWebhookUrl(body.webhookUrl ?? metadataWebhook ?? undefined, ['https:']);
  const profile = await resolveBrandProfile(deps, caller, body.brandProfileId);
  const template: ContentTemplate | null = body.templateId
    ? (await findTemplate(deps, caller, body.templateId)).template
    : null;

  const apps = await usableApps(deps, caller);
  if (!headless && body.appId && !apps.some((a) => a.appId === body.appId)) {
    // A forced app outside the listing (another workspace's shared app...) gets the usual 404/403.
    const loaded = await loadUsableApp(deps.db, uuidParam(body.appId, 'App'), caller);
    apps.push({
      appId: loaded.row.id,
      compiled: loaded,
      candidate: toCandidate(loaded.row.id, loaded, deps.costs),
      loaded,
    });
  }
  const plan = planContent(
    {
      brief: body.brief,
      platform: body.platform,
      modality: body.modality,
      aspectRatio: body.aspectRatio,
      inputs: body.inputs ?? {},
      headless,
      appId: body.appId,
      guidance: gatherGuidance(profile ? brandContextOf(profile) : null, template, {
        ...(body.platform ? { platform: body.platform } : {}),
        ...(body.metadata ?? {}),
      }),
      qualityGate: body.autoQuality?.enabled
        ? { minScore: body.autoQuality.minScore, maxRetries: body.autoQuality.maxRetries }
        : null,
      semantic: await options.semantic(
        body.brief,
        apps.map((a) => a.candidate),
      ),
    },
    apps,
  );
  return present(deps, caller, plan, apps, { headless, webhookUrl, sandbox: options.sandbox });
}

async function present(
  deps: ApiDeps,
  caller: Caller,
  plan: ContentPlan,
  apps: UsableApp[],
  options: { headless: boolean; webhookUrl: string | null; sandbox: boolean },
): Promise<ContentOutcome> {
  if (plan.status === 'unmatched') return { status: 200, data: { status: 'unmatched', reason: plan.reason } };
  if (plan.status === 'needs_input')
    return {
      status: 200,
      data: {
        status: 'needs_input',
        selectedApp: plan.selectedApp,
        draftedInputs: plan.draft.inputs,
        askUser: plan.askUser,
      },
    };
  const chosen = apps.find((a) => a.appId === plan.selectedApp.appId)!;
  const run = await startRun(
    deps,
    caller,
    { ...plan.app, row: chosen.loaded.row },
    {
      inputs: plan.draft.inputs,
      inputOverrides: {},
      webhookUrl: options.webhookUrl,
      sandbox: options.sandbox,
      source: 'content',
    },
  );
  return {
    status: options.sandbox ? 200 : 202,
    data: {
      status: 'ran',
      runId: run.runId,
      workflowId: run.workflowId,
      runStatus: run.status,
      mode: plan.mode,
      selectedApp: plan.selectedApp,
      draftedInputs: plan.draft.inputs,
      warnings: plan.warnings,
      ...(options.headless ? { unmetAsks: plan.unmetAsks } : {}),
      run,
    },
  };
}
