import type { SemanticEvidence } from '../../core/discovery/judgement/semantic-evidence';
import type { Logger } from 'pino';
import type { Config } from '../../core/config';
import {
  MODEL_SYSTEM,
  modelUserMessage,
  offerFor,
  readToolCall,
  type ModelChoice,
} from '../../core/content/model-choice';
import { rankForContent, type ContentApp } from '../../core/content/plan-content';
import { gatherGuidance } from '../../core/content/prompt-guidance';
import { catalogVersion } from '../../core/discovery/catalog-index';
import { runThresholdOf } from '../../core/discovery/judgement/confidence';
import type { DiscoveryMatch } from '../../core/discovery/match';
import { canonicalJson } from '../../core/ids';
import { ProviderBadOutput } from '../../adapters/models/http-json';
import { openAiToolCaller, type ToolCaller } from '../../adapters/models/openai-tools';

export interface BriefModelRequest {
  brief: string;
  platform?: string | null;
  modality?: string | null;
  aspectRatio?: string | null;
  inputs?: Record<string, unknown>;
  apps: ContentApp[];
  /** Discovery's ranking for the brief: the model chooses among its best. */
  ranked: DiscoveryMatch[];
}

/** The model's choice, or null (no model, nothing to offer, or a failed answer: see `warning`). */
export type BriefModel = (
  request: BriefModelRequest,
) => Promise<{ choice: ModelChoice | null; warning?: string }>;

const TIMEOUT_MS = 15_000;
const CACHE_MAX = 500;

/**
 * App choice and slot filling by tool calling when a chat model is configured (TEXT_PROVIDER=openai).
 * 1. Offer discovery's best matches as functions (strict schemas) plus no_app_fits.
 * 2. Ask once, temperature 0, one call required; read the call (readToolCall: offered function,
 *    JSON object, the run validator).
 * 3. A failed or invalid answer (timeout, HTTP error, text instead of a call, bad JSON, unknown
 *    function, missing or unknown fields, a value the run validator refuses) gives no choice and a
 *    warning: the rules decide. The call as made is logged at debug level.
 * 4. Good answers are cached by (brief, placement, inputs, catalog version): a repeated brief gets
 *    the same run.
 */
export function briefModel(
  config: Config,
  logger: Logger,
  options: { caller?: ToolCaller | null; timeoutMs?: number } = {},
): BriefModel {
  const call = options.caller === undefined ? openAiToolCaller(config) : options.caller;
  const timeoutMs =
    options.timeoutMs ??
    (config.CHAT_MODEL_TIMEOUT_SECONDS ? config.CHAT_MODEL_TIMEOUT_SECONDS * 1000 : TIMEOUT_MS);
  if (!call) return async () => ({ choice: null });
  const cache = new Map<string, ModelChoice>();
  return async (request) => {
    const key = canonicalJson([
      request.brief,
      request.platform ?? null,
      request.modality ?? null,
      request.aspectRatio ?? null,
      request.inputs ?? {},
      catalogVersion(request.apps.map((a) => a.candidate)),
    ]);
    const hit = cache.get(key);
    if (hit) return { choice: hit };
    const byId = new Map(request.apps.map((a) => [a.appId, a]));
    const { offered, tools } = offerFor(
      request.ranked,
      (id) => byId.get(id)?.compiled.definition.parameters,
      (id) => byId.get(id)?.candidate.frontmatter.summary ?? '',
    );
    if (offered.length === 0) return { choice: null };
    try {
      const answer = await call({
        system: MODEL_SYSTEM,
        user: modelUserMessage(request),
        tools,
        timeoutMs,
      });
      logger.debug(
        { tool: answer.name, arguments: answer.arguments },
        'content/create: the chat model called',
      );
      const choice = readToolCall(answer, offered, request.brief);
      if ('error' in choice)
        return failed(logger, `the chat model's answer was not usable (${choice.error})`);
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, choice);
      return { choice };
    } catch (err) {
      // An answer that is not a tool call (text instead) was an answer, just not a usable one.
      const answered = err instanceof ProviderBadOutput;
      return failed(
        logger,
        `the chat model${answered ? "'s answer was not usable" : ' did not answer'} (${(err as Error).message})`,
      );
    }
  };
}

function failed(logger: Logger, why: string): { choice: null; warning: string } {
  logger.warn({ why }, 'content/create falls back to the rules');
  return { choice: null, warning: `${why}; the app and inputs were chosen by the rules` };
}

/**
 * Asks the model about a content/create body, with discovery's ranking of the same brief to choose from.
 * The model may choose among the apps and fill them, not run one the judgement would not: when the rules
 * find no app fits, or are below the run threshold, its app choice is set aside with a warning and the
 * rules answer (candidates to pick from). Without this a weak model turns "not sure" into a run of the
 * wrong app (gemma-3 270M ran a UGC script for "Write a Python script ...", npm run check:real-llm).
 */
export async function consultModel(
  model: BriefModel,
  body: {
    brief: string;
    platform?: string | null;
    modality?: string | null;
    aspectRatio?: string | null;
    inputs?: Record<string, unknown> | null;
  },
  apps: ContentApp[],
  semantic?: SemanticEvidence,
): ReturnType<BriefModel> {
  const discovery = rankForContent(
    {
      brief: body.brief,
      platform: body.platform,
      modality: body.modality,
      headless: true,
      guidance: gatherGuidance(null, null),
      semantic,
    },
    apps,
  );
  const answer = await model({ ...body, inputs: body.inputs ?? {}, apps, ranked: discovery.matches });
  const choice = answer.choice;
  if (choice?.kind !== 'app') return answer;
  const { confidence, model: judged } = discovery.judgement;
  const threshold = runThresholdOf(judged);
  if (discovery.verdict.status !== 'unmatched' && confidence >= threshold) return answer;
  const name = discovery.matches.find((m) => m.appId === choice.appId)?.name ?? choice.appId;
  return {
    choice: null,
    warning:
      `the chat model chose ${name}, but the judgement is not sure enough to run an app ` +
      `(confidence ${confidence.toFixed(2)} < ${threshold}); the app and inputs were chosen by the rules`,
  };
}
