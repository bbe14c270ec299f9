import { boldLayout } from './bold';
import { geometricLayout } from './geometric';
import { gradientLayout } from './gradient';
import { minimalLayout } from './minimal';
import { quoteLayout } from './quote';
import { studioLayout } from './studio';
import type { Composition, LayoutStyle, Scene } from './types';
import { wavesLayout } from './waves';

export type { Box, Composition, LayoutStyle, Scene } from './types';

/** One layout per style: each draws a scene as SVG under and over the picture. */
export const LAYOUTS: Record<LayoutStyle, (scene: Scene) => Composition> = {
  gradient: gradientLayout,
  geometric: geometricLayout,
  minimal: minimalLayout,
  bold: boldLayout,
  waves: wavesLayout,
  studio: studioLayout,
  quote: quoteLayout,
};
