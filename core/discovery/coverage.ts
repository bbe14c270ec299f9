import { INDEX_FIELDS, type IndexField } from './catalog-index';
import type { EvidenceTerm } from './evidence';
import { editDistance } from '../language/typos';

/** Fuzzy and prefix matching only for words long enough not to collide ("post" is not "poster"). */
export const FUZZY_MIN = 5;

/** How fully a hit in a field covers a word: a tag or the name fully, prose or audiences partly. */
const fieldQuality = (fields: string[]) =>
  Math.min(1, Math.max(...fields.map((f) => INDEX_FIELDS[f as IndexField] ?? 0)) / FULL_COVER_BOOST);
const FULL_COVER_BOOST = 2;
/** A fuzzy or prefix hit is less sure than the word itself. */
const INEXACT_SHARE = 0.7;
const ALIAS_UNORDERED = 0.5;

export const containsPhrase = (sequence: string[], phrase: string[]) =>
  sequence.some((_, i) => phrase.every((w, j) => sequence[i + j] === w));

/**
 * Per brief word, the evidence an app covers: the word's weight (or its synonym's) x the quality of
 * the best field it was found in; inexact (fuzzy, prefix) hits count INEXACT_SHARE.
 */
export function creditsOf(
  match: Record<string, string[]>,
  evidence: EvidenceTerm[],
  idf: (term: string) => number,
): Map<string, number> {
  const perWord = new Map<string, number>();
  for (const e of evidence) {
    let best = 0;
    for (const [docTerm, fields] of Object.entries(match)) {
      const exact = docTerm === e.term;
      if (!exact && (e.synonym || !looselyMatches(e.term, docTerm, e.unknown))) continue;
      best = Math.max(best, fieldQuality(fields) * (exact ? 1 : INEXACT_SHARE) * idf(docTerm));
    }
    if (best === 0) continue;
    const word = e.word.toLowerCase();
    perWord.set(word, Math.max(perWord.get(word) ?? 0, best * e.weight));
  }
  return perWord;
}

export function looselyMatches(term: string, docTerm: string, withEdits = true): boolean {
  if (term.length < FUZZY_MIN) return false;
  if (docTerm.startsWith(term)) return true;
  const edits = Math.min(2, Math.round(term.length * 0.2));
  return withEdits === true && editDistance(term, docTerm, edits) <= edits;
}

/**
 * How much of what an app is the brief asks for: for its name and each alias, the mean over their
 * terms of the best evidence weight for the term (inexact hits at INEXACT_SHARE); the best of them.
 * A specialised app ("Blog Hero Image with Alt Text") needs more of its own words than a general
 * one ("Image from Prompt") to rank first on a plain request for an image.
 */
export function nameCoverageOf(
  names: string[][],
  evidence: EvidenceTerm[],
  request: string[],
  idf: (term: string) => number,
): number {
  let best = 0;
  for (const [i, name] of names.entries()) {
    const credit = name.map((term) =>
      Math.max(
        0,
        ...evidence.map((e) =>
          e.term === term
            ? e.weight
            : !e.synonym && looselyMatches(e.term, term, e.unknown)
              ? e.weight * INEXACT_SHARE
              : 0,
        ),
      ),
    );
    // The name is read as words; an alias is a phrase people say ("text to image"): not said as
    // that phrase, it counts half.
    const order = i === 0 || containsPhrase(request, name) ? 1 : ALIAS_UNORDERED;
    // An alias whose words from the app's name the brief lacks ("quote image" for a plain image) says nothing.
    const named = name.map((term, j) => (names[0].includes(term) ? j : -1)).filter((j) => j >= 0);
    if (i > 0 && order < 1 && named.length > 0 && named.every((j) => credit[j] === 0)) continue;
    const mass = name.reduce((sum, term) => sum + idf(term), 0);
    const covered = credit.reduce((sum, c, j) => sum + c * idf(name[j]), 0);
    if (mass > 0) best = Math.max(best, (order * covered) / mass);
  }
  return best;
}

export function withoutFields(match: Record<string, string[]>, drop: Set<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [term, fields] of Object.entries(match)) {
    const kept = fields.filter((f) => !drop.has(f));
    if (kept.length > 0) out[term] = kept;
  }
  return out;
}

/** The weight of a brief word: that of its own term (not its synonyms'), times the term's rarity. */
export function wordWeight(evidence: EvidenceTerm[], word: string, idf: (term: string) => number): number {
  const own = evidence.filter((e) => e.word.toLowerCase() === word && !e.synonym);
  return Math.max(
    0,
    ...own.map((e) => e.weight * Math.max(idf(e.term), ...synonymIdf(evidence, e.word, idf))),
  );
}

/** Rarity of the synonyms a word brought, for words the catalog only knows through a synonym. */
const synonymIdf = (evidence: EvidenceTerm[], word: string, idf: (term: string) => number) =>
  evidence.filter((e) => e.synonym && e.word === word).map((e) => idf(e.term));
