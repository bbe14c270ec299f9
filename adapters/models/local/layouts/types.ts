import type { Palette } from '../palette';

export type LayoutStyle = 'gradient' | 'geometric' | 'minimal' | 'bold' | 'waves' | 'studio' | 'quote';

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
}
