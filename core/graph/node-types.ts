import { z } from 'zod';
import type { Modality } from './modality';

export const ASPECT_RATIO_VALUES = ['1:1', '16:9', '9:16', '4:5', '4:3', '3:4'] as const;

/** A template string: literal text with `{{parameter_key}}` and `{{nodes.<id>}}` placeholders. */
const template = z.string().max(4000);
const seconds = z.union([z.number().min(1).max(90), template]);

const textGenerate = z.object({
  prompt: template,
  system: template.optional(),
  purpose: z
    .enum(['caption', 'script', 'headline', 'alt_text', 'talking_points', 'generic'])
    .default('generic'),
  maxWords: z.number().int().min(1).max(2000).optional(),
});
const imageGenerate = z.object({
  prompt: template,
  aspectRatio: template.default('1:1'),
  longEdge: z.number().int().min(256).max(4096).default(1080),
  /** An image parameter placed as background or product in the composition. */
  image: template.optional(),
});
const imageEdit = z.object({
  image: template.optional(),
  aspectRatio: template.optional(),
  longEdge: z.number().int().min(256).max(4096).default(1080),
  fit: z.enum(['cover', 'contain']).default('cover'),
  background: z.string().default('#ffffff'),
  text: template.optional(),
  textPosition: z.enum(['top', 'center', 'bottom']).default('bottom'),
  logo: template.optional(),
  format: z.enum(['png', 'jpeg']).default('png'),
});
const videoGenerate = z.object({
  prompt: template.optional(),
  seconds: seconds.default(5),
  aspectRatio: template.default('9:16'),
  longEdge: z.number().int().min(256).max(1920).default(1920),
  motion: z.enum(['zoom-in', 'zoom-out', 'pan-left', 'pan-right', 'none']).default('zoom-in'),
});
const videoCompose = z.object({
  aspectRatio: template.default('9:16'),
  longEdge: z.number().int().min(256).max(1920).default(1920),
  captions: z.boolean().default(true),
  transition: z.enum(['none', 'fade', 'slide']).default('fade'),
  /** Draws the voiceover's waveform over the picture (audiograms). */
  waveform: z.boolean().default(false),
});
const audioTts = z.object({
  text: template.optional(),
  voice: z.string().default('en-us'),
  rate: z.number().int().min(80).max(400).default(165),
  pitch: z.number().int().min(0).max(99).default(50),
});
const qualityCheck = z.object({
  minScore: z.number().min(0).max(1).default(0.6),
  maxRetries: z.number().int().min(0).max(5).default(2),
});
const humanApproval = z.object({
  instructions: z.string().max(1000).default('Approve or reject this output.'),
  timeout: z.string().optional(),
});
const output = z.object({ label: z.string().min(1).max(80) });

/**
 * What the compiler and the capability deriver know of each node type:
 * - `produces`: the modality of its output; `passthrough` nodes forward their single parent's.
 * - `generation`: counts as an AI generation step.
 * - `queue`: `media` for CPU-heavy sharp/ffmpeg work, `io` for provider calls.
 * - `produceTag`: the word capabilities.produces uses.
 */
export interface NodeTypeSpec {
  config: z.ZodType;
  produces: Modality | 'passthrough';
  generation: boolean;
  queue: 'io' | 'media' | 'none';
  produceTag: string | null;
  minParents: number;
  maxParents: number;
}

export const NODE_TYPES = {
  'text.generate': {
    config: textGenerate,
    produces: 'text',
    generation: true,
    queue: 'io',
    produceTag: 'copy',
    minParents: 0,
    maxParents: 10,
  },
  'image.generate': {
    config: imageGenerate,
    produces: 'image',
    generation: true,
    queue: 'media',
    produceTag: 'image',
    minParents: 0,
    maxParents: 10,
  },
  'image.edit': {
    config: imageEdit,
    produces: 'image',
    generation: false,
    queue: 'media',
    produceTag: 'edited-image',
    minParents: 0,
    maxParents: 10,
  },
  'video.generate': {
    config: videoGenerate,
    produces: 'video',
    generation: true,
    queue: 'media',
    produceTag: 'video-clip',
    minParents: 0,
    maxParents: 10,
  },
  'video.compose': {
    config: videoCompose,
    produces: 'video',
    generation: false,
    queue: 'media',
    produceTag: 'video',
    minParents: 1,
    maxParents: 20,
  },
  'audio.tts': {
    config: audioTts,
    produces: 'audio',
    generation: true,
    queue: 'media',
    produceTag: 'voiceover',
    minParents: 0,
    maxParents: 10,
  },
  'quality.check': {
    config: qualityCheck,
    produces: 'passthrough',
    generation: false,
    queue: 'media',
    produceTag: null,
    minParents: 1,
    maxParents: 1,
  },
  'human.approval': {
    config: humanApproval,
    produces: 'passthrough',
    generation: false,
    queue: 'none',
    produceTag: null,
    minParents: 1,
    maxParents: 1,
  },
  output: {
    config: output,
    produces: 'passthrough',
    generation: false,
    queue: 'none',
    produceTag: null,
    minParents: 1,
    maxParents: 1,
  },
} as const satisfies Record<string, NodeTypeSpec>;

export type NodeType = keyof typeof NODE_TYPES;
export const NODE_TYPE_NAMES = Object.keys(NODE_TYPES) as NodeType[];

export const isNodeType = (t: string): t is NodeType => Object.prototype.hasOwnProperty.call(NODE_TYPES, t);

export type TextGenerateConfig = z.infer<typeof textGenerate>;
export type ImageGenerateConfig = z.infer<typeof imageGenerate>;
export type ImageEditConfig = z.infer<typeof imageEdit>;
export type VideoGenerateConfig = z.infer<typeof videoGenerate>;
export type VideoComposeConfig = z.infer<typeof videoCompose>;
export type AudioTtsConfig = z.infer<typeof audioTts>;
export type QualityCheckConfig = z.infer<typeof qualityCheck>;
export type HumanApprovalConfig = z.infer<typeof humanApproval>;
export type OutputConfig = z.infer<typeof output>;
