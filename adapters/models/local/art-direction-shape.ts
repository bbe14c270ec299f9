import type { LayoutStyle } from './layouts/types';

/*
 * The shape of art direction, below its reader (art-direction.ts) and the palette that honours it
 * (palette.ts), so both use it without importing one another.
 */

export type ArtStyle = 'bold' | 'minimal' | 'playful' | 'elegant';
export type Saturation = 'vibrant' | 'muted' | 'monochrome' | 'pastel';

/** What art direction asks of the local renderer; every field is optional (unset = as the prompt says). */
export interface ArtDirection {
  /** Background colour, painted as given. */
  background?: string;
  accent?: string;
  /** Colour of the type. */
  ink?: string;
  tone?: 'light' | 'dark';
  saturation?: Saturation;
  /** A mood palette (MOODS). */
  mood?: string;
  style?: ArtStyle;
  weight?: 'bold' | 'normal';
  family?: 'sans' | 'serif';
  /** Multiplies the type size. */
  textScale?: number;
  placement?: 'top' | 'center' | 'bottom';
  align?: 'start' | 'middle';
  layout?: LayoutStyle;
  /** "a different layout": the next one after the prompt's. */
  otherLayout?: boolean;
}
