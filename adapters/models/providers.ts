import type { MediaFacts } from '../../core/run/media-facts';
import type { DeclinedDirection } from './local/directions';
import type { DrawnImage } from './local/image-renderer';
import type { TextPurpose } from './local/text-purpose';

export interface TextRequest {
  prompt: string;
  system?: string;
  purpose: TextPurpose;
  maxWords?: number;
  /** 1 for the first try; a quality retry asks for another variation. */
  variation: number;
  /** Facts of media the node was given (an image to write alt text for), measured or drawn. */
  about?: MediaFacts[];
}

/** Progress of a long generation, 0..100; the activity heartbeats with it. */
export type OnProgress = (percent: number) => void;

export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
  /** An input image to build on (background or product). */
  image?: Buffer;
  variation: number;
  /** The activity's cancellation: a provider stops its request or render. */
  signal?: AbortSignal;
  onProgress?: OnProgress;
}

/** An image a model made, with what it drew when it can say (the local renderer can, a remote model cannot). */
export interface GeneratedImage {
  data: Buffer;
  drawn?: DrawnImage;
}

export interface VideoRequest {
  prompt: string;
  /** The first frame (image to video); without it, text to video. */
  image?: Buffer;
  width: number;
  height: number;
  seconds: number;
  /** Camera motion over an input image, for models that take one (the local motion does). */
  motion?: 'zoom-in' | 'zoom-out' | 'pan-left' | 'pan-right' | 'none';
  variation: number;
  /** Where the clip goes (an H.264 mp4 at width x height). */
  outPath: string;
  signal?: AbortSignal;
  onProgress?: OnProgress;
}

/** What a clip shows, as far as its model can say. */
export interface DrawnClip {
  kind: 'motion' | 'title-card' | 'generated';
  motion?: string;
  /** Lines of text set on a title card. */
  lines?: string[];
  background?: string;
  applied: string[];
  declined: DeclinedDirection[];
}

export interface GeneratedVideo {
  path: string;
  durationSeconds: number;
  width: number;
  height: number;
  drawn?: DrawnClip;
}

export interface SpeechRequest {
  text: string;
  voice: string;
  rate: number;
  pitch: number;
  outPath: string;
  signal?: AbortSignal;
}

/** One interface per modality; the provider behind each is chosen by configuration. */
export interface TextModel {
  readonly name: string;
  generate(request: TextRequest): Promise<string>;
}

export interface ImageModel {
  readonly name: string;
  /** The image at exactly width x height (PNG or JPEG): its bytes, or its bytes with what was drawn. */
  generate(request: ImageRequest): Promise<Buffer | GeneratedImage>;
}

export interface VideoModel {
  readonly name: string;
  generate(request: VideoRequest): Promise<GeneratedVideo>;
}

export interface SpeechModel {
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<{
    path: string;
    durationSeconds: number;
    mimeType: string;
    /** The voice that spoke, when the model says. */ voice?: string;
  }>;
}

export type ModelKind = 'text' | 'image' | 'video' | 'speech';

interface ModelOf {
  text: TextModel;
  image: ImageModel;
  video: VideoModel;
  speech: SpeechModel;
}

/**
 * Another configured provider, for a node that names one (`provider` and `model` in its config). Throws
 * ProviderNotConfigured when the provider cannot serve that kind of model or has no credentials.
 */
export type ModelChooser = <K extends ModelKind>(kind: K, provider: string, model?: string) => ModelOf[K];

export interface Models {
  text: TextModel;
  image: ImageModel;
  video: VideoModel;
  speech: SpeechModel;
  choose?: ModelChooser;
}

/** A node asked for a provider this deployment has not configured: the app's error, never retried. */
export class ProviderNotConfigured extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidNodeInput';
  }
}

/** The model a node runs on: the one its config names, else the configured one for its kind. */
export function modelFor<K extends ModelKind>(
  models: Models,
  kind: K,
  config: { provider?: string; model?: string },
): ModelOf[K] {
  if (!config.provider && !config.model) return models[kind] as ModelOf[K];
  const provider = config.provider ?? providerOf(models[kind].name);
  if (!models.choose) {
    if (provider === providerOf(models[kind].name) && !config.model) return models[kind] as ModelOf[K];
    throw new ProviderNotConfigured(`provider "${provider}" is not available in this deployment`);
  }
  return models.choose(kind, provider, config.model);
}

/** "fal:fal-ai/flux/schnell" -> "fal"; "local" -> "local". */
export const providerOf = (modelName: string) => modelName.split(':')[0];

/** The image bytes and what was drawn, whatever the model returned. */
export const generatedImage = (result: Buffer | GeneratedImage): GeneratedImage =>
  Buffer.isBuffer(result) ? { data: result } : result;
