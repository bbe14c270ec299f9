import type { Palette } from '../palette-shape';

export type LayoutStyle = 'gradient' | 'geometric' | 'minimal' | 'bold' | 'waves' | 'studio' | 'quote';

/** How the type is set; unset fields leave the layout's own choice. */
export interface Typography {
  family?: 'sans' | 'serif';
  weight?: 'bold' | 'normal';
  /** Multiplies the layout's type size. */
  scale: number;
  upper?: boolean;
  /** Moves the text block to this band of the canvas. */
  placement?: 'top' | 'center' | 'bottom';
  align?: 'start' | 'middle';
  /** Decorations around the text (a quote's big quotation mark). */
  decorated: boolean;
  /** Text colour asked for by art direction. */
  ink?: string;
}

/** A block of text a layout set on the canvas, as drawn. */
export interface DrawnText {
  role: 'headline' | 'subline' | 'quote' | 'attribution';
  lines: string[];
  fontSize: number;
  family: 'sans' | 'serif';
  weight: 'bold' | 'normal';
  italic: boolean;
}

export interface Scene {
  width: number;
  height: number;
  palette: Palette;
  headline: string;
  subline?: string;
  attribution?: string;
  random: () => number;
  /** An input image fills the canvas; layouts then draw text over it on a scrim. */
  photoBackground: boolean;
  type: Typography;
  /** Filled by the layout: every text block it drew. */
  drawn: DrawnText[];
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** SVG drawn under an input image (`under`), over it (`over`), and where a product image goes. */
export interface Composition {
  under: string;
  over: string;
  product?: Box;
  /** The colours the layout painted as its background, first the largest. */
  paper?: string[];
}
