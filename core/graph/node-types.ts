import { z } from 'zod';
import type { NODE_DEFINITIONS } from '../../nodes/definitions';
import type { Modality } from './modality';

/** Every node type, one folder each under nodes/; their registry is nodes/definitions.ts. */
export type NodeType = keyof typeof NODE_DEFINITIONS;

export const ASPECT_RATIO_VALUES = ['1:1', '16:9', '9:16', '4:5', '4:3', '3:4'] as const;

/** A template string in a node config: literal text with `{{parameter_key}}` and `{{nodes.<id>}}` placeholders. */
export const TemplateString = z.string().max(4000).meta({
  description: 'Text with {{parameter_key}} and {{nodes.<id>}} placeholders',
  format: 'template',
});

/**
 * What the compiler and the capability deriver know of each node type:
 * - `title`, `description`: how the console and GET /v1/node-types name and explain it.
 * - `produces`: the modality of its output; `passthrough` nodes forward their single parent's.
 * - `generation`: counts as an AI generation step.
 * - `queue`: `media` for CPU-heavy sharp/ffmpeg work, `io` for provider calls.
 * - `produceTag`: the word capabilities.produces uses.
 */
export interface NodeTypeSpec {
  /** A short name for people (the console's palette), and one sentence on what the node does. */
  title: string;
  description: string;
  config: z.ZodType;
  produces: Modality | 'passthrough';
  generation: boolean;
  queue: 'io' | 'media' | 'none';
  produceTag: string | null;
  minParents: number;
  maxParents: number;
}
