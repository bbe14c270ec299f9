import { z } from 'zod';

/**
 * The model providers of each kind of generation. `local` makes real media on this machine (sharp, ffmpeg,
 * espeak-ng); the others are services: OpenAI-compatible endpoints (OpenAI, Ollama, vLLM, llama.cpp server),
 * Replicate, fal and a ComfyUI server. Configuration picks one per kind (TEXT_PROVIDER, ...); a node may
 * name another in its config (`provider`, `model`).
 */
export const TEXT_PROVIDERS = ['local', 'openai'] as const;
export const IMAGE_PROVIDERS = ['local', 'openai', 'replicate', 'fal', 'comfyui'] as const;
export const VIDEO_PROVIDERS = ['local', 'replicate', 'fal', 'comfyui'] as const;
export const SPEECH_PROVIDERS = ['local', 'openai', 'fal'] as const;

export type ProviderName = 'local' | 'openai' | 'replicate' | 'fal' | 'comfyui';

/** A node's own choice of provider and model (a ComfyUI workflow name, a fal or Replicate model id ...). */
export const providerChoice = <P extends readonly [string, ...string[]]>(providers: P) => ({
  provider: z
    .enum(providers)
    .optional()
    .meta({ description: 'The provider for this node; omitted = configured' }),
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\w.:/@-]+$/, 'a model id: letters, digits and . : / @ - _')
    .optional()
    .meta({ description: "The provider's model (or ComfyUI workflow) for this node; omitted = configured" }),
});

/** The kind of model each generating node type runs on. */
export const MODEL_KIND_OF_NODE = {
  'text.generate': 'text',
  'image.generate': 'image',
  'video.generate': 'video',
  'audio.tts': 'speech',
} as const;

export interface ConfiguredProviders {
  text: string;
  image: string;
  video: string;
  speech: string;
}

/** The provider a node runs on: the one its config names, else the configured one for its kind; null if none. */
export function providerOfNode(
  node: { type: string; config: Record<string, unknown> },
  configured: ConfiguredProviders,
): string | null {
  const kind = MODEL_KIND_OF_NODE[node.type as keyof typeof MODEL_KIND_OF_NODE];
  if (!kind) return null;
  return typeof node.config.provider === 'string' ? node.config.provider : configured[kind];
}
