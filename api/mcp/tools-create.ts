import type { z } from 'zod';
import { invalidField } from '../../core/errors';
import { Briefs, ContentOutcome, ContentPlanOutcome } from '../../core/responses/content';
import { Prediction } from '../../core/responses/intelligence';
import { Run } from '../../core/responses/runs';
import { assertWebhookUrl } from '../../core/run/webhook-url';
import { availableFormat, composeFormats } from '../commands/compose-formats';
import { composeVideo } from '../commands/compose-video';
import { createContent } from '../commands/create-content';
import { planBrief } from '../commands/plan-brief';
import { generateImage } from '../commands/generate-image';
import { predict } from '../commands/predict';
import { semanticScorer } from '../commands/semantic-scorer';
import { writeBriefs } from '../commands/write-briefs';
import { ComposeBody } from '../compose/schema';
import { BriefBody, CreateContentBody } from '../content/schema';
import { GenerateImageBody } from '../generate/schema';
import { presentPrediction } from '../intelligence/presenter';
import { PredictBody } from '../intelligence/schema';
import { RunOrStub } from './schema';
import { tool } from './tool';

/** The one-call tools: content from a brief, briefs, a composed video, one image, a prediction. */
export const CREATE_TOOLS = [
  tool({
    name: 'atelier_create',
    title: 'Create content from a brief',
    description:
      'Describe the content; Atelier picks the app, drafts its inputs, folds in the brand and starts the ' +
      'run when it is sure (confidence at or above runThreshold). status "ran": follow runId with wait_for_run. ' +
      '"needs_input": ask a person askUser. "needs_clarification": not sure which app (or none fits): ask ' +
      'question and call again with the chosen candidate appId. "unmatched" (headless: true): no run, see ' +
      'cause, reason and candidates (run one with run_app). plan_content answers the same without running. ' +
      'test: true answers a sandbox stub.',
    input: CreateContentBody,
    output: ContentOutcome,
    annotations: { openWorldHint: true },
    run: async ({ deps, caller }, body) => {
      const semantic = semanticScorer(deps.config, deps.logger);
      const outcome = await createContent(deps, caller, body, { sandbox: body.test === true, semantic });
      // create-content.ts answers an untyped record; the tool's output schema checks it.
      return outcome.data as z.output<typeof ContentOutcome>;
    },
  }),
  tool({
    name: 'plan_content',
    title: 'Plan content from a brief (no run)',
    description:
      'What atelier_create would do with the same arguments, without starting or charging anything: ' +
      '"planned" (app, drafted inputs, unmet asks, confidence, estimated credits), or the same ' +
      'needs_input, needs_clarification or unmatched answer.',
    input: CreateContentBody,
    output: ContentPlanOutcome,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, body) => {
      const semantic = semanticScorer(deps.config, deps.logger);
      return (await planBrief(deps, caller, body, { semantic })) as z.output<typeof ContentPlanOutcome>;
    },
  }),
  tool({
    name: 'content_brief',
    title: 'Write content briefs',
    description:
      'Briefs for a goal, shaped by the brand, recent trends and the best patterns; each one can be the ' +
      'brief of atelier_create.',
    input: BriefBody,
    output: Briefs,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, body) => ({ briefs: await writeBriefs(deps, caller, body) }),
  }),
  tool({
    name: 'compose_video',
    title: 'Compose a video',
    description:
      'A narrated video in a format of GET /v1/compose/formats, from a script or the text and images of ' +
      'an earlier completed run (exactly one of script and runId). Follow the run with wait_for_run.',
    input: ComposeBody,
    output: Run,
    annotations: { openWorldHint: true },
    run: async ({ deps, caller }, body) => {
      const format = availableFormat(
        composeFormats(deps).map((priced) => priced.format),
        body.formatId,
      );
      if ((body.script === undefined) === (body.runId === undefined))
        throw invalidField(null, 'script_or_run', 'Give exactly one of script and runId');
      const webhookUrl = assertWebhookUrl(body.webhookUrl, ['https:']);
      return composeVideo(deps, caller, { ...body, format, webhookUrl });
    },
  }),
  tool({
    name: 'generate_image',
    title: 'Generate an image',
    description: 'One image from a prompt (optionally in a brand style). Follow the run with wait_for_run.',
    input: GenerateImageBody,
    output: RunOrStub,
    annotations: { openWorldHint: true },
    run: ({ deps, caller }, body) =>
      generateImage(deps, caller, {
        ...body,
        webhookUrl: assertWebhookUrl(body.webhookUrl ?? undefined, ['https:']),
        sandbox: body.test === true,
      }),
  }),
  tool({
    name: 'predict_performance',
    title: 'Predict performance',
    description: 'How a concept is likely to perform on a platform, explained factor by factor.',
    input: PredictBody,
    output: Prediction,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, body) => presentPrediction(await predict(deps, caller, body, new Date())),
  }),
];
