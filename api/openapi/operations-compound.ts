import { ComposeBody } from '../compose/schema';
import { CreateContentBody } from '../content/schema';
import { GenerateImageBody } from '../generate/schema';
import { GenerateBody } from '../workflows/schema';
import { AppDetail, GeneratedAppStub } from '../../core/responses/apps';
import { ComposeFormats } from '../../core/responses/compose';
import { ContentNeedsInputOrUnmatched, ContentPlanOutcome, ContentRan } from '../../core/responses/content';
import { Run, SandboxStub } from '../../core/responses/runs';
import { data } from './responses';
import type { Operation } from './operation';

export const COMPOUND_OPERATIONS: Record<string, Operation> = {
  'POST /v1/workflows/generate': {
    id: 'generateWorkflow',
    tag: 'Compound',
    summary: 'Compose a new private app from an instruction',
    body: GenerateBody,
    bodyExample: { instruction: 'A square product photo and a caption for Instagram' },
    responses: {
      201: data(AppDetail, 'The new app'),
      200: data(GeneratedAppStub, 'Sandbox: the app it would be, not stored'),
    },
  },
  'POST /v1/generate/image': {
    id: 'generateImage',
    startsWork: true,
    tag: 'Compound',
    summary: 'A one-image run',
    body: GenerateImageBody,
    bodyExample: { prompt: 'a teal water bottle on a summit at dawn', aspectRatio: '1:1' },
    responses: {
      202: data(Run, 'The run (source generate)'),
      200: data(SandboxStub, 'Sandbox: the stub'),
    },
  },
  'POST /v1/content/create': {
    id: 'createContent',
    startsWork: true,
    tag: 'Compound',
    summary: 'Pick an app, fill its inputs from a brief, start the run',
    description:
      '`data.status` tells what happened: `ran` (202, a run started: poll, wait, stream or webhook), ' +
      '`needs_input` (200, interactive mode: ask a person `askUser`), `needs_clarification` (200, interactive mode: ' +
      'not sure which app, or none fits: ask `question`, then call again with the chosen `appId`), `unmatched` ' +
      '(200, headless mode: no run can be formed; `cause` says why and `candidates` what could be run instead). ' +
      'The router runs an app only when its calibrated `confidence` reaches the run threshold.',
    body: CreateContentBody,
    bodyExample: {
      brief: 'A launch photo of our teal bottle for Instagram',
      platform: 'instagram',
      headless: true,
    },
    responses: {
      202: data(ContentRan, 'A run started'),
      200: data(ContentNeedsInputOrUnmatched, 'No run: questions for a person, or why none can be formed'),
    },
  },
  'POST /v1/content/plan': {
    id: 'planContent',
    tag: 'Compound',
    summary: 'What content/create would do, without running anything',
    description:
      'The same request and router as POST /v1/content/create, without dispatch: `planned` (the app, drafted ' +
      'inputs, unmet asks, confidence and estimated credits) where create would run, otherwise the same ' +
      '`needs_input`, `needs_clarification` or `unmatched` answer. Nothing is stored, started or charged.',
    body: CreateContentBody,
    bodyExample: {
      brief: 'A launch photo of our teal bottle for Instagram',
      platform: 'instagram',
      headless: true,
    },
    responses: { 200: data(ContentPlanOutcome, 'What create would do') },
  },
  'GET /v1/compose/formats': {
    id: 'listComposeFormats',
    tag: 'Compound',
    summary: 'Renderable video formats and fixed capabilities',
    responses: { 200: data(ComposeFormats, 'Formats and capabilities') },
  },
  'POST /v1/compose/video': {
    id: 'composeVideo',
    startsWork: true,
    tag: 'Compound',
    summary: 'A narrated video from a script or an earlier run',
    body: ComposeBody,
    bodyExample: { formatId: 'kinetic-captions', script: 'Meet the bottle that keeps cold all day.' },
    responses: { 202: data(Run, 'The run (source compose)') },
  },
};
