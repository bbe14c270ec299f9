import type { Caller } from '../../core/app/app-access';
import type { ContentTemplate } from '../../core/content/content-template';
import { planContent, type ContentPlan } from '../../core/content/plan-content';
import { gatherGuidance } from '../../core/content/prompt-guidance';
import { withoutUnreachableMedia } from '../../core/content/unreachable-media';
import { toCandidate } from '../../core/discovery/candidate';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { brandContextOf } from '../../adapters/db/brand';
import type { CreateContentBody } from '../content/schema';
import type { ApiDeps } from '../deps';
import { uuidParam } from '../validate';
import { findTemplate } from './find-template';
import { loadUsableApp } from './load-app';
import { resolveBrandProfile } from './resolve-brand-profile';
import { consultModel, type BriefModel } from './brief-model';
import type { SemanticScorer } from './semantic-scorer';
import { checkBriefMedia } from './check-brief-media';
import { usableApps, type UsableApp } from './usable-apps';

export interface RoutedBrief {
  plan: ContentPlan;
  apps: UsableApp[];
  headless: boolean;
  webhookUrl: string | null;
  warnings: { field: string; message: string }[];
}

/**
 * The router of content creation, without dispatch: what POST /v1/content/create would do, and
 * POST /v1/content/plan answers as is.
 * 1. Checks what can fail without side effects first: the webhook URL (top level wins over
 *    metadata.webhookUrl; HTTPS only), the brand profile, the template, a forced app.
 * 2. With a chat model, asks it to choose and fill by tool calling (briefModel; a failure falls back
 *    to the rules with a warning); plans the content (planContent: app choice and its confidence,
 *    slot filling, guidance, quality gates).
 * 3. Media URLs drafted from the brief are checked like a run's; one that cannot be used becomes an
 *    ask (headless: unmetAsks, or unmatched when the app cannot run without it), never a 400.
 */
export async function routeBrief(
  deps: ApiDeps,
  caller: Caller,
  body: CreateContentBody,
  options: { semantic: SemanticScorer; model?: BriefModel },
): Promise<RoutedBrief> {
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
  const candidates = apps.map((a) => a.candidate);
  const semantic = await options.semantic(body.brief, candidates);
  const forced = !headless && !!body.appId;
  const model =
    forced || !options.model ? { choice: null } : await consultModel(options.model, body, apps, semantic);
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
      semantic,
      catalog: candidates,
      modelChoice: model.choice,
    },
    apps,
  );
  const checked =
    plan.status === 'ran'
      ? withoutUnreachableMedia(
          plan,
          plan.app.definition.parameters,
          await checkBriefMedia(deps, plan.app.definition.parameters, plan.draft),
          headless,
        )
      : plan;
  const warnings = [
    ...('warning' in model && model.warning ? [{ field: 'model', message: model.warning }] : []),
    ...(headless && body.appId
      ? [
          {
            field: 'appId',
            message:
              'appId is ignored in headless mode (the recipe path chooses the app); call Run App, or create in interactive mode, to force an app.',
          },
        ]
      : []),
  ];
  return { plan: checked, apps, headless, webhookUrl, warnings };
}
