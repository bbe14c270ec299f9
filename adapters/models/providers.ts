import type { TextPurpose } from './local/text-generator';

export interface TextRequest {
  prompt: string;
  system?: string;
  purpose: TextPurpose;
  maxWords?: number;
  /** 1 for the first try; a quality retry asks for another variation. */
  variation: number;
}

export interface ImageRequest {
  prompt: string;
  width: number;
  height: number;
  /** An input image to build on (background or product). */
  image?: Buffer;
  variation: number;
  /** The activity's cancellation: a provider stops its request or render. */
  signal?: AbortSignal;
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
  /** Returns the image bytes at exactly width x height (PNG or JPEG). */
  generate(request: ImageRequest): Promise<Buffer>;
}

export interface SpeechModel {
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<{ path: string; durationSeconds: number; mimeType: string }>;
}

export interface Models {
  text: TextModel;
  image: ImageModel;
  speech: SpeechModel;
}
