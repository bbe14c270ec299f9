import { z } from 'zod';
import { VISIBILITIES, type Visibility } from '../app/app-access';
import { MEDIA_KINDS } from '../app/app-definition';
import { described, EXAMPLE_IDS, EXAMPLE_TIME, exampleOf, JsonObject, Modality, Timestamp } from './common';

const tags = z.array(z.string().max(80)).max(20);
export const VisibilityValue = z.enum(VISIBILITIES as [Visibility, ...Visibility[]]);

export const Capabilities = described(
  'Capabilities',
  z.object({
    produces: z
      .array(z.string())
      .meta({ description: 'What the app makes: photo, video-clip, voiceover ...' }),
    strengths: z.array(z.string()),
    bestFor: z.array(z.string()),
    limitations: z.array(z.string()),
    outputFormats: z.array(z.string()).meta({ description: 'Output MIME types' }),
    hasQualityControl: z.boolean(),
    hasHumanApproval: z.boolean(),
    generationStepCount: z.int().min(0),
    nodeTypes: z.array(z.string()),
  }),
  'Derived from the graph, never written by hand',
  {
    produces: ['photo'],
    strengths: ['automated quality control with retries'],
    bestFor: ['instagram photo'],
    limitations: ['no video or audio output'],
    outputFormats: ['image/png'],
    hasQualityControl: true,
    hasHumanApproval: false,
    generationStepCount: 1,
    nodeTypes: ['image.generate', 'output', 'quality.check'],
  },
);
export type Capabilities = z.infer<typeof Capabilities>;

const summaryFields = {
  appId: z.string().meta({ description: 'UUID' }),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  visibility: VisibilityValue,
};
const SUMMARY_EXAMPLE = {
  appId: EXAMPLE_IDS.app,
  name: 'Product Photo',
  description: 'A studio product photo from a short description',
  isPublic: true,
  visibility: 'public' as const,
};

export const AppSummary = described(
  'AppSummary',
  z.object({ ...summaryFields, capabilities: Capabilities }),
  'An app in a listing',
  { ...SUMMARY_EXAMPLE, capabilities: exampleOf(Capabilities) },
);
export type AppSummary = z.infer<typeof AppSummary>;

export const AppParameterView = z.object({
  id: z.string(),
  name: z.string().meta({ description: 'Display label; usable as input key' }),
  key: z.string().meta({ description: 'Stable snake_case identifier; the preferred input key' }),
  type: z.enum(['text', 'url', 'options']),
  required: z.literal(true).meta({ description: 'Always true; `default` says whether it may be omitted' }),
  description: z.string(),
  options: z.array(z.string()).optional(),
  default: z.unknown().optional(),
  accept: z.array(z.enum(MEDIA_KINDS)).optional(),
  multiple: z.boolean(),
});

export const FrontmatterView = z.object({
  schemaVersion: z.literal(1),
  summary: z.string().max(600),
  categories: tags,
  useCases: tags,
  keywords: tags,
  aliases: tags,
  formats: tags,
  platforms: tags,
  audiences: tags,
  excludedIntents: tags,
});

const AppOutput = z.object({ index: z.int().min(0), label: z.string(), type: Modality });
const FRONTMATTER_EXAMPLE: z.output<typeof FrontmatterView> = {
  schemaVersion: 1,
  summary: 'Studio product photos from a description',
  categories: ['product'],
  useCases: ['e-commerce listing'],
  keywords: ['product photo'],
  aliases: [],
  formats: ['photo'],
  platforms: ['instagram'],
  audiences: [],
  excludedIntents: [],
};
const PARAMETER_EXAMPLE: z.output<typeof AppParameterView> = {
  id: 'p1',
  name: 'Product',
  key: 'product',
  type: 'text',
  required: true,
  description: 'What to photograph',
  multiple: false,
};

export const AppDetail = described(
  'AppDetail',
  z.object({
    ...summaryFields,
    parameters: z.array(AppParameterView),
    outputs: z.array(AppOutput),
    frontmatter: FrontmatterView,
    capabilities: Capabilities,
  }),
  'An app with its input contract',
  {
    ...SUMMARY_EXAMPLE,
    parameters: [PARAMETER_EXAMPLE],
    outputs: [{ index: 0, label: 'Photo', type: 'image' }],
    frontmatter: FRONTMATTER_EXAMPLE,
    capabilities: exampleOf(Capabilities),
  },
);
export type AppDetail = z.infer<typeof AppDetail>;

/** POST /v1/workflows/generate in sandbox mode: the app as it would be, stored nowhere. */
export const GeneratedAppStub = described(
  'GeneratedAppStub',
  AppDetail.extend({ appId: z.string().regex(/^test_/), status: z.literal('test') }),
  'Sandbox: the generated app, validated and not stored',
  { ...exampleOf(AppDetail), appId: `test_${EXAMPLE_IDS.app}`, status: 'test' },
);

const GraphEdgeView = z.object({ source: z.string(), target: z.string() });

export const AppWorkflow = described(
  'AppWorkflow',
  z.object({
    appId: z.string(),
    name: z.string(),
    nodes: z.array(z.object({ id: z.string(), type: z.string(), label: z.string() })),
    edges: z.array(GraphEdgeView),
  }),
  "An app's graph",
  {
    appId: EXAMPLE_IDS.app,
    name: 'Product Photo',
    nodes: [
      { id: 'photo', type: 'image.generate', label: 'Photo' },
      { id: 'out', type: 'output', label: 'Photo' },
    ],
    edges: [{ source: 'photo', target: 'out' }],
  },
);

export const VisibilityChange = described(
  'VisibilityChange',
  z.object({ appId: z.string(), visibility: VisibilityValue, name: z.string() }),
  "The app's new visibility",
  { appId: EXAMPLE_IDS.app, visibility: 'shared', name: 'Product Photo' },
);

const Credits = z.object({ expected: z.number(), min: z.number(), max: z.number() });

export const Estimate = described(
  'Estimate',
  z.object({
    appId: z.string(),
    name: z.string(),
    estimatedCredits: Credits,
    breakdown: z.array(z.object({ nodeId: z.string(), nodeType: z.string(), credits: z.number() })),
    currentBalance: z.number(),
    affordable: z.boolean(),
  }),
  'Expected credits of a run against the balance',
  {
    appId: EXAMPLE_IDS.app,
    name: 'Product Photo',
    estimatedCredits: { expected: 4, min: 4, max: 12 },
    breakdown: [{ nodeId: 'photo', nodeType: 'image.generate', credits: 4 }],
    currentBalance: 996,
    affordable: true,
  },
);
export type Estimate = z.infer<typeof Estimate>;

export const GraphView = z.object({
  nodes: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      label: z.string(),
      config: JsonObject,
      position: z.object({ x: z.number(), y: z.number() }).optional(),
    }),
  ),
  edges: z.array(GraphEdgeView),
});
const AppWarning = z.object({ nodeIds: z.array(z.string()), message: z.string() });
const PlacedOutput = AppOutput.extend({ nodeId: z.string() });
const PLACED_EXAMPLE = [{ index: 0, label: 'Photo', type: 'image' as const, nodeId: 'out' }];

export const AppDefinitionView = described(
  'AppDefinitionView',
  z.object({
    ...summaryFields,
    capabilities: Capabilities,
    version: z.int().min(1),
    source: z.string(),
    editable: z.boolean(),
    updatedAt: Timestamp,
    parameters: z.array(JsonObject).meta({ description: 'As declared (AppParameter of the app definition)' }),
    frontmatter: FrontmatterView,
    graph: GraphView,
    outputs: z.array(PlacedOutput),
    warnings: z.array(AppWarning).optional().meta({ description: 'After a write: what is allowed but odd' }),
  }),
  'An app as it is written, with what is derived from it',
  {
    ...SUMMARY_EXAMPLE,
    capabilities: exampleOf(Capabilities),
    version: 3,
    source: 'api',
    editable: true,
    updatedAt: EXAMPLE_TIME,
    parameters: [PARAMETER_EXAMPLE],
    frontmatter: FRONTMATTER_EXAMPLE,
    graph: {
      nodes: [
        { id: 'photo', type: 'image.generate', label: 'Photo', config: { prompt: '{{product}}' } },
        { id: 'out', type: 'output', label: 'Photo', config: {} },
      ],
      edges: [{ source: 'photo', target: 'out' }],
    },
    outputs: PLACED_EXAMPLE,
  },
);

export const AppCheck = described(
  'AppCheck',
  z.object({
    valid: z.literal(true),
    outputs: z.array(PlacedOutput),
    capabilities: Capabilities,
    estimatedCredits: Credits,
    warnings: z.array(AppWarning),
  }),
  'validateOnly: the app would be stored as it is',
  {
    valid: true,
    outputs: PLACED_EXAMPLE,
    capabilities: exampleOf(Capabilities),
    estimatedCredits: { expected: 4, min: 4, max: 4 },
    warnings: [],
  },
);

export const AppDeleted = described(
  'AppDeleted',
  z.object({ appId: z.string(), name: z.string(), deleted: z.literal(true) }),
  'The app is gone from listings; its runs and assets stay readable',
  { appId: EXAMPLE_IDS.app, name: 'Product Photo', deleted: true },
);

export const NodeTypeInfo = described(
  'NodeTypeInfo',
  z.object({
    type: z.string(),
    title: z.string(),
    description: z.string(),
    produces: z.enum([...Modality.options, 'passthrough']),
    generation: z.boolean(),
    parents: z.object({ min: z.int().min(0), max: z.int().min(0) }),
    credits: z.number(),
    configSchema: JsonObject.meta({ description: 'JSON Schema of the node config a caller writes' }),
  }),
  'A node type of the builder palette',
  {
    type: 'image.generate',
    title: 'Generate image',
    description: 'Renders an image from a prompt',
    produces: 'image',
    generation: true,
    parents: { min: 0, max: 10 },
    credits: 4,
    configSchema: { type: 'object', properties: { prompt: { type: 'string' } } },
  },
);

export type VisibilityValue = z.infer<typeof VisibilityValue>;
export type AppParameterView = z.infer<typeof AppParameterView>;
export type FrontmatterView = z.infer<typeof FrontmatterView>;
export type GeneratedAppStub = z.infer<typeof GeneratedAppStub>;
export type AppWorkflow = z.infer<typeof AppWorkflow>;
export type VisibilityChange = z.infer<typeof VisibilityChange>;
export type AppDefinitionView = z.infer<typeof AppDefinitionView>;
export type AppCheck = z.infer<typeof AppCheck>;
export type AppDeleted = z.infer<typeof AppDeleted>;
export type NodeTypeInfo = z.infer<typeof NodeTypeInfo>;

/** PUT /v1/apps/{appId}: the new version as written, or with validateOnly the check. */
export const AppWritten = described(
  'AppWritten',
  z.union([AppDefinitionView, AppCheck]),
  'The app as written, or (validateOnly) the check',
  exampleOf(AppDefinitionView),
);
export type AppWritten = z.infer<typeof AppWritten>;
