import { z } from 'zod';
import { described, EXAMPLE_IDS, exampleOf, JsonObject } from './common';
import { Run, RunStatusValue, SandboxStub } from './runs';

const SelectedApp = z.object({ appId: z.string(), name: z.string(), rationale: z.string() });
const Ask = z.object({
  name: z.string(),
  key: z.string(),
  question: z.string(),
  type: z.enum(['text', 'url', 'options']),
  required: z.boolean(),
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
    warnings: z.array(z.object({ field: z.string(), message: z.string() })),
    unmetAsks: z
      .array(Ask.extend({ autoFillable: z.boolean() }))
      .optional()
      .meta({ description: 'Headless mode: what was guessed or is missing' }),
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
  z.object({ status: z.literal('unmatched'), reason: z.string() }),
  'Headless mode: no run can be formed (200)',
  { status: 'unmatched', reason: 'No app makes 3D models' },
);

export const ContentOutcome = described(
  'ContentOutcome',
  z.discriminatedUnion('status', [ContentRan, ContentNeedsInput, ContentUnmatched]),
  'What content creation did: ran, needs_input or unmatched',
  exampleOf(ContentRan),
);
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
  z.discriminatedUnion('status', [ContentNeedsInput, ContentUnmatched]),
  'needs_input or unmatched',
  exampleOf(ContentNeedsInput),
);
export type ContentNeedsInputOrUnmatched = z.infer<typeof ContentNeedsInputOrUnmatched>;
