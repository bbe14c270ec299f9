import { z } from 'zod';
import {
  FRONTMATTER_ARRAY_MAX_ITEMS,
  FRONTMATTER_ITEM_MAX_LENGTH,
  FRONTMATTER_SCHEMA_VERSION,
  FRONTMATTER_SUMMARY_MAX,
} from '../limits';
import { MODALITIES } from '../graph/modality';

/** Tags are normalised: trimmed, lower case, inner whitespace collapsed, de-duplicated in order. */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const t = tag.trim().toLowerCase().replace(/\s+/g, ' ');
    if (t) seen.add(t);
  }
  return [...seen];
}

const tagList = z
  .array(z.string().max(FRONTMATTER_ITEM_MAX_LENGTH))
  .max(FRONTMATTER_ARRAY_MAX_ITEMS)
  .transform(normalizeTags);

export const Frontmatter = z.object({
  schemaVersion: z.literal(FRONTMATTER_SCHEMA_VERSION),
  summary: z.string().min(1).max(FRONTMATTER_SUMMARY_MAX),
  categories: tagList,
  useCases: tagList,
  keywords: tagList,
  aliases: tagList,
  formats: tagList,
  platforms: tagList,
  audiences: tagList,
  excludedIntents: tagList,
});
export type Frontmatter = z.infer<typeof Frontmatter>;

export const PARAMETER_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;

export const AppParameter = z
  .object({
    id: z.string().min(1).max(64),
    key: z.string().regex(PARAMETER_KEY_PATTERN, 'must be snake_case').max(64),
    name: z.string().min(1).max(80),
    type: z.enum(['text', 'url', 'options']),
    description: z.string().max(500).default(''),
    options: z.array(z.string().min(1).max(80)).min(1).optional(),
    default: z.unknown().optional(),
    accept: z.array(z.enum(MEDIA_KINDS)).min(1).optional(),
    multiple: z.boolean().default(false),
    /** Prompt parameters receive brand context and template guidance in content creation. */
    role: z.enum(['prompt', 'topic', 'aspect_ratio', 'media', 'style', 'copy', 'other']).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'options' && !p.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'options parameters list their options' });
    if (p.type !== 'options' && p.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'only options parameters have options' });
    if (p.type === 'url' && !p.accept)
      ctx.addIssue({
        code: 'custom',
        path: ['accept'],
        message: 'url parameters say which media they accept',
      });
    if (p.type === 'options' && typeof p.default === 'string' && !p.options?.includes(p.default))
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: `default "${p.default}" is not one of the options`,
      });
  });
export type AppParameter = z.infer<typeof AppParameter>;

export const GraphNode = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'letters, digits, _ and -')
    .max(64),
  type: z.string().min(1),
  label: z.string().min(1).max(80),
  config: z.record(z.string(), z.unknown()).default({}),
  /** Where the console's builder draws the node; the compiler ignores it. */
  position: z.object({ x: z.number().finite(), y: z.number().finite() }).optional(),
});
export type GraphNode = z.infer<typeof GraphNode>;

export const GraphEdge = z.object({ source: z.string().min(1), target: z.string().min(1) });
export type GraphEdge = z.infer<typeof GraphEdge>;

export const AppGraph = z.object({
  nodes: z.array(GraphNode).min(1).max(100),
  edges: z.array(GraphEdge).max(400),
});
export type AppGraph = z.infer<typeof AppGraph>;

export const OutputType = z.enum(MODALITIES);

/** An app as a catalog file or a generated app stores it. */
export const AppDefinition = z.object({
  appId: z.uuid(),
  name: z.string().min(1).max(120),
  description: z.string().max(1000).nullable().default(null),
  parameters: z.array(AppParameter).max(50),
  frontmatter: Frontmatter,
  graph: AppGraph,
});
export type AppDefinition = z.infer<typeof AppDefinition>;
