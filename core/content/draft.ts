import type { AppParameter } from '../app/app-definition';

/**
 * A draft of an app's inputs from a brief: the request slot filling answers (draft-inputs.ts), and the
 * values, their sources and the asks it gives back. Its own file, below the drafter and its helpers
 * (fill-text.ts, pick-option.ts), so they share these shapes without importing one another.
 */

/** Where a drafted value came from. */
export type DraftSource =
  | 'input'
  | 'field'
  | 'cue'
  | 'brief'
  | 'subject'
  | 'quoted'
  | 'attribution'
  | 'list'
  | 'option'
  | 'aspect_ratio'
  | 'platform'
  | 'url'
  | 'model'
  | 'guess';

export interface Ask {
  name: string;
  key: string;
  question: string;
  type: AppParameter['type'];
  required: boolean;
  /** True when a best-effort value was drafted anyway (headless); false when none can be. */
  autoFillable: boolean;
}

export interface Draft {
  /** Values to run with, by parameter key; parameters left out take their defaults. */
  inputs: Record<string, unknown>;
  sources: Record<string, DraftSource>;
  /** Required parameters (no default) that could not be drafted from the brief. */
  asks: Ask[];
  warnings: { field: string; message: string }[];
}

export interface DraftRequest {
  brief: string;
  platform?: string | null;
  aspectRatio?: string | null;
  /** Caller overrides keyed by parameter key or name; they always win. */
  inputs?: Record<string, unknown>;
  /** Fill what cannot be drafted with a best guess (headless) instead of leaving it to ask. */
  bestEffort: boolean;
}
