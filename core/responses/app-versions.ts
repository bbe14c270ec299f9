import { z } from 'zod';
import { FrontmatterView, GraphView } from './apps';
import { described, EXAMPLE_IDS, EXAMPLE_TIME, exampleOf, JsonObject, Timestamp } from './common';

const VersionAuthor = z
  .object({
    userId: z.string().nullable(),
    keyId: z.string().nullable(),
    keyName: z.string().nullable().meta({ description: 'The API key it was written with, when known' }),
  })
  .meta({
    description: 'Who wrote the version; all null for built-in apps and versions stored before history',
  });

const versionFields = {
  appId: z.string().meta({ description: 'UUID' }),
  version: z.int().min(1),
  createdAt: Timestamp,
  author: VersionAuthor,
  restoredFrom: z.int().min(1).nullable().meta({ description: 'The version this one brought back' }),
  summary: z.string().meta({ description: 'What changed from the version before it, in a few words' }),
  current: z.boolean().meta({ description: 'Whether this is the version the app runs now' }),
};

const VERSION_EXAMPLE = {
  appId: EXAMPLE_IDS.app,
  version: 3,
  createdAt: EXAMPLE_TIME,
  author: { userId: '2b1c0d9e-8f7a-4b6c-9d5e-4f3a2b1c0d9e', keyId: null, keyName: 'console' },
  restoredFrom: null,
  summary: '1 node added, 1 node changed, 1 edge added',
  current: true,
};

export const AppVersionSummary = described(
  'AppVersionSummary',
  z.object(versionFields),
  'One stored version of an app',
  VERSION_EXAMPLE,
);
export type AppVersionSummary = z.infer<typeof AppVersionSummary>;

const FieldChange = z
  .object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })
  .meta({ description: 'A field that differs; `before` or `after` is absent where the field did not exist' });
const NodeRef = z.object({ id: z.string(), type: z.string(), label: z.string() });
const ParameterRef = z.object({ id: z.string(), key: z.string(), name: z.string() });
const Edge = z.object({ source: z.string(), target: z.string() });

export const AppChanges = described(
  'AppChanges',
  z.object({
    comparedTo: z.int().min(1).meta({ description: 'The version these changes lead from' }),
    nodes: z.object({
      added: z.array(NodeRef),
      removed: z.array(NodeRef),
      changed: z.array(NodeRef.extend({ fields: z.array(FieldChange) })),
      moved: z.array(z.string()).meta({ description: 'Nodes only placed elsewhere on the canvas' }),
    }),
    edges: z.object({ added: z.array(Edge), removed: z.array(Edge) }),
    parameters: z.object({
      added: z.array(ParameterRef),
      removed: z.array(ParameterRef),
      changed: z.array(ParameterRef.extend({ fields: z.array(FieldChange) })),
    }),
    fields: z.array(FieldChange).meta({ description: 'name, description and frontmatter.<field>' }),
  }),
  'What changed from one version of an app to another',
  {
    comparedTo: 2,
    nodes: {
      added: [{ id: 'caption', type: 'text.generate', label: 'Caption' }],
      removed: [],
      changed: [
        {
          id: 'photo',
          type: 'image.generate',
          label: 'Photo',
          fields: [{ field: 'config.prompt', before: '{{product}}', after: '{{product}} on marble' }],
        },
      ],
      moved: [],
    },
    edges: { added: [{ source: 'photo', target: 'caption' }], removed: [] },
    parameters: { added: [], removed: [], changed: [] },
    fields: [],
  },
);
export type AppChanges = z.infer<typeof AppChanges>;

export const AppVersion = described(
  'AppVersion',
  z.object({
    ...versionFields,
    definition: z.object({
      name: z.string(),
      description: z.string().nullable(),
      parameters: z
        .array(JsonObject)
        .meta({ description: 'As declared (AppParameter of the app definition)' }),
      frontmatter: FrontmatterView,
      graph: GraphView,
    }),
    changes: AppChanges.nullable().meta({
      description: 'From `compareTo` (default: the stored version before it); null for the first version',
    }),
  }),
  'An app exactly as it was written at one version, and what changed since another',
  {
    ...VERSION_EXAMPLE,
    definition: {
      name: 'Product photo',
      description: 'Studio product photos from a description',
      parameters: [
        { id: 'p1', key: 'product', name: 'Product', type: 'text', description: '', multiple: false },
      ],
      frontmatter: {
        schemaVersion: 1,
        summary: 'Studio product photos from a description',
        categories: ['product'],
        useCases: [],
        keywords: [],
        aliases: [],
        formats: ['photo'],
        platforms: [],
        audiences: [],
        excludedIntents: [],
      },
      graph: {
        nodes: [
          {
            id: 'photo',
            type: 'image.generate',
            label: 'Photo',
            config: { prompt: '{{product}} on marble' },
          },
          { id: 'caption', type: 'text.generate', label: 'Caption', config: { prompt: 'A caption' } },
          { id: 'out', type: 'output', label: 'Photo', config: {} },
        ],
        edges: [
          { source: 'photo', target: 'out' },
          { source: 'photo', target: 'caption' },
        ],
      },
    },
    changes: exampleOf(AppChanges),
  },
);
export type AppVersion = z.infer<typeof AppVersion>;
