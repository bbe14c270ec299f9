import type { DiscoveryCandidate } from './candidate';
import { MODALITIES, type Modality } from '../graph/modality';
import { lexicon } from '../language/lexicon';

export interface DiscoveryConstraints {
  maxCredits?: number;
  outputFormat?: string;
}

/** File extensions and short names callers use for output formats, as MIME types. */
const EXTENSIONS: Readonly<Record<string, string>> = lexicon.mediaKinds.output_extensions.to_mime;
const MODALITY_WORDS = lexicon.mediaKinds.output_modalities.to_modality as Readonly<Record<string, Modality>>;

/**
 * An output format constraint, read as a modality ("video"), a MIME type ("image/png") or an
 * extension ("mp4"). A modality is met by any output of that type; a MIME type or extension only by
 * an output that ends in exactly that MIME type.
 */
export function readOutputFormat(format: string): { modality: Modality } | { mime: string } {
  const f = format.trim().toLowerCase().replace(/^\./, '');
  if ((MODALITIES as readonly string[]).includes(f)) return { modality: f as Modality };
  if (MODALITY_WORDS[f]) return { modality: MODALITY_WORDS[f] };
  if (f.includes('/')) return { mime: f };
  return { mime: EXTENSIONS[f] ?? `unknown/${f}` };
}

export function meetsConstraints(candidate: DiscoveryCandidate, constraints: DiscoveryConstraints): boolean {
  if (constraints.maxCredits !== undefined && candidate.estimatedCredits > constraints.maxCredits)
    return false;
  if (constraints.outputFormat !== undefined) {
    const wanted = readOutputFormat(constraints.outputFormat);
    if ('modality' in wanted) return candidate.outputTypes.includes(wanted.modality);
    return candidate.capabilities.outputFormats.includes(wanted.mime);
  }
  return true;
}
