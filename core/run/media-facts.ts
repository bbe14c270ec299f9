/**
 * What a produced output is, measured from the file or reported by the tool that drew it: the facts its
 * description is written from. Never taken from the prompt that asked for it.
 */

export interface MeasuredColour {
  hex: string;
  name: string;
  /** Share of the picture, 0..1. */
  share: number;
}

export interface DrawnTextFacts {
  role: 'headline' | 'subline' | 'quote' | 'attribution' | 'overlay' | 'title';
  lines: string[];
}

export interface ImageFacts {
  modality: 'image';
  /** The model or tool that made it: "local", "fal:fal-ai/flux/schnell", "image.edit". */
  madeBy: string;
  width: number;
  height: number;
  colours: MeasuredColour[];
  tone: 'dark' | 'light' | 'mid';
  /** The local renderer's layout; unknown for a remote model. */
  layout?: string;
  /** Text set on the image, as drawn; unknown (absent) for a remote model. */
  text?: DrawnTextFacts[];
  photo?: 'background' | 'product' | null;
  /** What an edit did: "cropped to 4:5", "letterboxed on #101317". */
  edits?: string[];
}

export interface VideoFacts {
  modality: 'video';
  madeBy: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** How it was made: camera motion over a picture, a title card, a generation model, or a composition. */
  kind: 'motion' | 'title-card' | 'generated' | 'composed';
  motion?: string;
  /** Lines of a title card, as drawn. */
  lines?: string[];
  scenes?: number;
  voiceover?: boolean;
  captions?: number;
  waveform?: boolean;
  hasAudio?: boolean;
  /** The main colours of its middle frame. */
  colours?: MeasuredColour[];
}

export interface AudioFacts {
  modality: 'audio';
  madeBy: string;
  durationSeconds: number;
  voice: string;
  words: number;
}

export type MediaFacts = ImageFacts | VideoFacts | AudioFacts;

/** What art or text directions did to an output (refinement). */
export interface DirectionOutcome {
  applied: string[];
  declined: { direction: string; reason: string }[];
}
