import type { BrandContext } from '../brand/brand-context';
import type { ContentTemplate } from './content-template';
import { clipToLength } from '../text/graphemes';

/** Everything content creation folds into prompts: the brand's voice and rules, and a template's directives. */
export interface PromptGuidance {
  voice: string[];
  directives: string[];
  negatives: string[];
  pillars: string[];
  placement: string[];
}

const MAX_ITEMS = 6;

/**
 * Gathers guidance, de-duplicated, each list capped so prompts stay readable.
 * 1. Brand DNA: voice attributes and tone -> voice; guardrails and tone to avoid -> negatives;
 *    content pillars -> pillars. Brand strategy voice directives split into directives and negatives.
 *    The brand's guidance package adds directives and negatives.
 * 2. The template's promptDirectives and negativePrompts come first among directives and negatives:
 *    the caller chose it for this request.
 * 3. Metadata (placement context) becomes "key: value" lines.
 */
export function gatherGuidance(
  brand: BrandContext | null,
  template: ContentTemplate | null,
  metadata: Record<string, unknown> = {},
): PromptGuidance {
  const dna = brand?.dna;
  const voice = [
    ...(dna?.voiceAttributes ?? []),
    ...[dna?.toneSpectrum.primary, dna?.toneSpectrum.secondary].filter((t): t is string => !!t),
  ];
  const directives = [
    ...(template?.guidance.promptDirectives ?? []),
    ...(brand?.strategy?.voiceDirectives.filter((d) => d.kind === 'use').map((d) => d.text) ?? []),
    ...(brand?.guidance?.promptDirectives ?? []),
  ];
  const negatives = [
    ...(template?.guidance.negativePrompts ?? []),
    ...(dna?.guardrails ?? []),
    ...(dna?.toneSpectrum.avoid ?? []),
    ...(brand?.strategy?.voiceDirectives.filter((d) => d.kind === 'avoid').map((d) => d.text) ?? []),
    ...(brand?.guidance?.negativePrompts ?? []),
  ];
  const placement = Object.entries(metadata)
    .filter(
      ([k, v]) =>
        k !== 'webhookUrl' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
    )
    .map(([k, v]) => `${k}: ${clipToLength(String(v), 200)}`);
  return {
    voice: top(voice),
    directives: top(directives),
    negatives: top(negatives),
    pillars: top(dna?.contentPillars ?? []),
    placement: top(placement),
  };
}

export const isEmptyGuidance = (g: PromptGuidance) => Object.values(g).every((list) => list.length === 0);

/** The guidance as prompt text: one sentence per kind, braces removed so it can never read as a placeholder. */
export function guidanceText(g: PromptGuidance): string {
  const parts = [
    g.voice.length > 0 ? `Brand voice: ${g.voice.join(', ')}.` : '',
    g.pillars.length > 0 ? `Content pillars: ${g.pillars.join(', ')}.` : '',
    g.directives.length > 0 ? `Follow: ${g.directives.join('; ')}.` : '',
    g.negatives.length > 0 ? `Avoid: ${g.negatives.join(', ')}.` : '',
    g.placement.length > 0 ? `Placement: ${g.placement.join('; ')}.` : '',
  ];
  return parts.filter(Boolean).join(' ').replace(/[{}]/g, '');
}

function top(items: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const key = item.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(item.trim().replace(/[.;]+$/, ''));
    if (out.length === MAX_ITEMS) break;
  }
  return out;
}
