import type { AppDefinition } from '../app/app-definition';
import { withPromptGuidance } from '../content/graph-variants';
import { gatherGuidance, guidanceText } from '../content/prompt-guidance';
import type { BrandContext } from './brand-context';

const STYLE_MAX_ITEMS = 6;

/**
 * What a brand asks of every image and clip: its visual style (DNA visual identity) and the directives to
 * follow, then what to avoid (guardrails, tone to avoid, strategy "avoid" directives, negative prompts).
 * The voice is left out: a picture has no tone of voice. Empty when the brand says nothing visual.
 */
export function brandVisualGuidance(brand: BrandContext): string {
  const guidance = gatherGuidance(brand, null);
  const seen = new Set<string>();
  const directives = [...(brand.dna?.visualIdentity ?? []).slice(0, STYLE_MAX_ITEMS), ...guidance.directives]
    .map((d) => d.trim().replace(/[.;]+$/, ''))
    .filter((d) => d && !seen.has(d.toLowerCase()) && seen.add(d.toLowerCase()));
  return guidanceText({ voice: [], pillars: [], placement: [], directives, negatives: guidance.negatives });
}

/**
 * `applyBrand` of Run App (and `brandProfileId` of /generate/image): the brand's visual guidance goes after
 * the prompt of every image.generate and video.generate node. The caller's inputs come first and are never
 * changed, nor is any other node or parameter; an app without visual generation is returned as it is.
 */
export function withBrandVisuals(definition: AppDefinition, brand: BrandContext): AppDefinition {
  const visual = brandVisualGuidance(brand);
  return visual ? withPromptGuidance(definition, { system: '', visual }) : definition;
}
