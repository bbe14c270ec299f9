import { z } from 'zod';
import { described, EXAMPLE_IDS, exampleOf, JsonObject } from './common';
import { InputSources, Run, RunStatusValue, SandboxStub } from './runs';

const SelectedApp = z.object({ appId: z.string(), name: z.string(), rationale: z.string() });
const Ask = z.object({
  name: z.string(),
  key: z.string(),
  question: z.string(),
  type: z.enum(['text', 'url', 'options']),
  required: z.boolean(),
});
const AskWithFill = Ask.extend({ autoFillable: z.boolean() });
const Confidence = z
  .object({
    value: z
      .number()
      .min(0)
      .max(1)
      .meta({
        description:
          "Calibrated likelihood that running the likeliest app is right (the judgement's run model)",
      }),
    runThreshold: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'Below it content creation asks or offers candidates instead of running' }),
    model: z
      .enum(['lexical', 'semantic'])
      .meta({ description: 'semantic when an embeddings model added its similarity' }),
  })
  .meta({ description: 'How sure the router is of its choice; null when the caller chose the app' });
/** What the router set aside: the chat model's unusable answer (field "model"), an ignored appId. */
const RouterWarnings = z.array(z.object({ field: z.string(), message: z.string() })).meta({
  description:
    "Only when there is one: what the router set aside (the chat model's unusable answer, an ignored appId)",
});

const Candidate = z.object({
  appId: z.string(),
  name: z.string(),
  relevanceScore: z.number().min(0).max(1),
  whyMatch: z.string(),
  makes: z.string().meta({ description: 'What a run of the app makes' }),
});
const Cause = z.enum(['no_fit', 'unsure', 'cannot_run']).meta({
  description:
    'no_fit: no app does what is asked; unsure: not sure which app; cannot_run: the app lacks media',
});
const SELECTED = {
  appId: EXAMPLE_IDS.app,
  name: 'Product Photo',
  rationale: 'The brief asks for a product photo',
};

export const ContentRan = described(
  'ContentRan',
  z.object({
    status: z.literal('ran'),
    runId: z.string(),
    workflowId: z.string(),
    runStatus: z.union([RunStatusValue, z.literal('test')]),
    mode: z.enum(['app', 'recipe']),
    selectedApp: SelectedApp,
    draftedInputs: JsonObject,
    inputSources: InputSources.optional(),
    warnings: z.array(z.object({ field: z.string(), message: z.string() })),
    unmetAsks: z
      .array(AskWithFill)
      .optional()
      .meta({ description: 'What was guessed or is missing (a caller can satisfy one and call again)' }),
    confidence: Confidence.nullable().optional(),
    run: z.union([Run, SandboxStub]),
  }),
  'A run was started (202); poll, wait or stream it',
  {
    status: 'ran',
    runId: EXAMPLE_IDS.run,
    workflowId: EXAMPLE_IDS.run,
    runStatus: 'completed',
    mode: 'recipe',
    selectedApp: SELECTED,
    draftedInputs: { product: 'teal water bottle' },
    warnings: [],
    run: exampleOf(Run),
  },
);

export const ContentNeedsInput = described(
  'ContentNeedsInput',
  z.object({
    status: z.literal('needs_input'),
    selectedApp: SelectedApp.nullable(),
    draftedInputs: JsonObject,
    askUser: z.array(Ask),
    unmetAsks: z.array(AskWithFill).optional(),
    warnings: RouterWarnings.optional(),
  }),
  'Interactive mode: a person must answer these questions (200)',
  {
    status: 'needs_input',
    selectedApp: SELECTED,
    draftedInputs: {},
    askUser: [
      {
        name: 'Product',
        key: 'product',
        question: 'What should the photo show?',
        type: 'text',
        required: true,
      },
    ],
  },
);

export const ContentUnmatched = described(
  'ContentUnmatched',
  z.object({
    status: z.literal('unmatched'),
    reason: z.string(),
    cause: Cause.optional(),
    candidates: z.array(Candidate).optional().meta({
      description:
        'Apps to pick from (Run App, or create with appId in interactive mode); [] when none comes close',
    }),
    confidence: Confidence.optional(),
    selectedApp: SelectedApp.optional().meta({ description: 'cannot_run: the app that fits' }),
    unmetAsks: z.array(AskWithFill).optional().meta({ description: 'cannot_run: what the app lacks' }),
    warnings: RouterWarnings.optional(),
  }),
  'Headless mode: no run can be formed (200)',
  { status: 'unmatched', reason: 'No app makes 3D models', cause: 'no_fit', candidates: [] },
);

export const ContentNeedsClarification = described(
  'ContentNeedsClarification',
  z.object({
    status: z.literal('needs_clarification'),
    cause: Cause.exclude(['cannot_run']),
    reason: z.string(),
    question: z.string().meta({ description: 'One question that tells the candidates apart' }),
    candidates: z.array(Candidate),
    confidence: Confidence,
    warnings: RouterWarnings.optional(),
  }),
  'Interactive mode: not sure which app, or none fits; ask the question, then create again with appId (200)',
  {
    status: 'needs_clarification',
    cause: 'unsure',
    reason: 'Not sure enough which app the brief wants',
    question:
      'Which of these should I make: Quote Card (a typographic quote card); or Social Post (an image and a caption)?',
    candidates: [
      {
        appId: EXAMPLE_IDS.app,
        name: 'Quote Card',
        relevanceScore: 0.41,
        whyMatch: 'Quote Card: "quote" matches the app\'s name.',
        makes: 'A typographic quote card for social feeds.',
      },
    ],
    confidence: { value: 0.42, runThreshold: 0.7, model: 'semantic' },
  },
);

export const ContentOutcome = described(
  'ContentOutcome',
  z.discriminatedUnion('status', [
    ContentRan,
    ContentNeedsInput,
    ContentNeedsClarification,
    ContentUnmatched,
  ]),
  'What content creation did: ran, needs_input, needs_clarification or unmatched',
  exampleOf(ContentRan),
);

export const ContentPlanned = described(
  'ContentPlanned',
  z.object({
    status: z.literal('planned'),
    mode: z.enum(['app', 'recipe']),
    selectedApp: SelectedApp,
    draftedInputs: JsonObject,
    inputSources: InputSources,
    warnings: z.array(z.object({ field: z.string(), message: z.string() })),
    unmetAsks: z.array(AskWithFill),
    confidence: Confidence.nullable(),
    estimatedCredits: z.object({ expected: z.number(), min: z.number(), max: z.number() }),
  }),
  'What content/create would run, with its inputs and cost; nothing was started or charged',
  {
    status: 'planned',
    mode: 'recipe',
    selectedApp: SELECTED,
    draftedInputs: { product: 'teal water bottle' },
    inputSources: { product: { source: 'span', confidence: 0.8 } },
    warnings: [],
    unmetAsks: [],
    confidence: { value: 0.93, runThreshold: 0.7, model: 'semantic' },
    estimatedCredits: { expected: 4, min: 4, max: 4 },
  },
);

export const ContentPlanOutcome = described(
  'ContentPlanOutcome',
  z.discriminatedUnion('status', [
    ContentPlanned,
    ContentNeedsInput,
    ContentNeedsClarification,
    ContentUnmatched,
  ]),
  'What content/create would do: planned, needs_input, needs_clarification or unmatched',
  exampleOf(ContentPlanned),
);
export type ContentPlanOutcome = z.infer<typeof ContentPlanOutcome>;
export type ContentOutcome = z.infer<typeof ContentOutcome>;

export const Brief = z.object({
  brief: z.string().meta({ description: 'A self-contained instruction for POST /v1/content/create' }),
  platform: z.string(),
  modality: z.string(),
  reasoning: z.string(),
});

export const Briefs = described('Briefs', z.object({ briefs: z.array(Brief) }), 'Content briefs for a goal', {
  briefs: [
    {
      brief: 'A bright studio photo of the teal bottle on a white set, for an Instagram launch post',
      platform: 'instagram',
      modality: 'image',
      reasoning: 'Product launches on Instagram do best with clean product shots',
    },
  ],
});

export type ContentRan = z.infer<typeof ContentRan>;
export type ContentNeedsInput = z.infer<typeof ContentNeedsInput>;
export type ContentUnmatched = z.infer<typeof ContentUnmatched>;
export type Brief = z.infer<typeof Brief>;
export type Briefs = z.infer<typeof Briefs>;

/** The 200 answers of content creation: no run was started. */
export const ContentNeedsInputOrUnmatched = described(
  'ContentNeedsInputOrUnmatched',
  z.discriminatedUnion('status', [ContentNeedsInput, ContentNeedsClarification, ContentUnmatched]),
  'needs_input, needs_clarification or unmatched',
  exampleOf(ContentNeedsInput),
);
export type ContentNeedsInputOrUnmatched = z.infer<typeof ContentNeedsInputOrUnmatched>;
