import { z } from 'zod';
import type { Modality } from './modality';

/**
 * Every node type, one folder each under nodes/. Their registry, nodes/definitions.ts, satisfies
 * `Record<NodeType, NodeDefinition>`: the compiler fails when a name here and a registry entry disagree.
 */
export type NodeType =
  | 'text.generate'
  | 'image.generate'
  | 'image.edit'
  | 'video.generate'
  | 'video.compose'
  | 'audio.tts'
  | 'quality.check'
  | 'human.approval'
  | 'output';

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
