import { z } from 'zod';
import { OffsetDateTime } from '../date-time';
import { CONFIDENCE_LABELS } from './growth';
import { PREDICT_MODALITIES } from './platform-fit';

/** Limits of imported records, named once. */
export const SIGNAL_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 40;
export const WINNING_PATTERNS_MAX = 20;
export const PATTERN_SCORE_MAX = 100;

/** "Visual Style" -> visual_style, "Instagram" -> instagram: stored the way the endpoints filter them. */
const slug = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .transform((s) => s.toLowerCase().replace(/\s+/g, '_'));

/** One trend signal of an import file; `growth` is a signed percentage or `new`. */
export const TrendSignalImport = z.object({
  signal: z.string().trim().min(1).max(SIGNAL_MAX_LENGTH),
  category: slug(NAME_MAX_LENGTH),
  platform: slug(NAME_MAX_LENGTH).default('all'),
  growth: z
    .string()
    .trim()
    .regex(/^(new|[+-]?\d+(\.\d+)?%)$/i, 'growth is a percentage such as "+150%" or "-20%", or "new"')
    .transform((g) => (g.toLowerCase() === 'new' ? 'new' : /^[+-]/.test(g) ? g : `+${g}`)),
  confidence: z.enum(CONFIDENCE_LABELS).default('medium'),
  observedAt: OffsetDateTime.nullable().default(null),
});
export type TrendSignalImport = z.infer<typeof TrendSignalImport>;

/** One performance pattern of an import file: what worked, where, and how well (0..1 or 0..100). */
export const ContentPatternImport = z.object({
  title: z.string().trim().max(SIGNAL_MAX_LENGTH).nullable().default(null),
  modality: z.enum(PREDICT_MODALITIES).nullable().default(null),
  platform: slug(NAME_MAX_LENGTH).nullable().default(null),
  performanceScore: z.number().min(0).max(PATTERN_SCORE_MAX),
  winningPatterns: z
    .array(z.string().trim().min(1).max(SIGNAL_MAX_LENGTH))
    .max(WINNING_PATTERNS_MAX)
    .default([]),
  brandProfileId: z.uuid().nullable().default(null),
});
export type ContentPatternImport = z.infer<typeof ContentPatternImport>;
