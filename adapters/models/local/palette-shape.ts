/*
 * The colours of a composition, below the palette maker (palette.ts) and the layouts that paint them
 * (layouts/), so layouts/types.ts need not import the maker, which reads art direction.
 */

/** Colours for one composition, by role. */
export interface Palette {
  background: [string, string];
  accent: string;
  secondary: string;
  ink: string;
  inkMuted: string;
  dark: boolean;
  /** The background colour was asked for: layouts paint it as given instead of tinting it. */
  exact: boolean;
  /** Saturated colours were asked for: layouts that tint their paper keep more of its colour. */
  vivid: boolean;
}
