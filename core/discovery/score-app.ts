import type { AppField, ReasonSource } from './app-fields';
import { SYNONYM_WEIGHT, synonymsOf } from './synonyms';

export interface MatchReason {
  source: ReasonSource;
  field: string;
  terms: string[];
  explanation: string;
}

/** The intent's terms: unique stems in order, the word each came from, and the full sequence for phrases. */
export interface IntentTerms {
  unique: string[];
  sequence: string[];
  display: Map<string, string>;
}

export interface FieldScore {
  /** Sum over matched terms of idf x best field weight (plus a little for every other field hit). */
  raw: number;
  /** Share of the intent's known terms (idf-weighted) that the app matches, 0..1. */
  coverage: number;
  reasons: MatchReason[];
}

/** Extra credit for a term found in more fields than the best one. */
const SPREAD = 0.15;
/** A multi-word tag found as a phrase in the intent ("blog header") counts again, per word. */
const PHRASE_BONUS = 1;
/** The field weight (keywords, use cases) at which a hit covers a term fully. */
const FULL_COVER_WEIGHT = 2;

interface Hit {
  field: AppField;
  weight: number;
  synonym: boolean;
}

/**
 * Lexical score of one app for an intent.
 * 1. For each intent term, find every field that holds it, or failing that a synonym of it (x0.6).
 * 2. The term scores idf x (best field weight + 0.15 x the other hits' weights).
 * 3. Multi-word tags of weighty fields found as a contiguous phrase in the intent add a bonus.
 * 4. Coverage is the idf-weighted share of known intent terms matched, each by min(1, best hit weight / 2); unknown terms (the subject
 *    matter, "oat milk") are left out so they neither help nor hurt.
 * 5. Reasons gather each matched word under the field where it counts most, strongest field first.
 */
export function scoreFields(
  intent: IntentTerms,
  fields: AppField[],
  idf: (term: string) => number,
): FieldScore {
  let raw = 0;
  let matched = 0;
  let known = 0;
  const perField = new Map<AppField, { score: number; terms: Set<string>; synonym: boolean }>();
  const note = (field: AppField, score: number, word: string, synonym: boolean) => {
    const entry = perField.get(field) ?? { score: 0, terms: new Set<string>(), synonym: false };
    entry.score += score;
    entry.terms.add(word);
    entry.synonym ||= synonym;
    perField.set(field, entry);
  };

  for (const term of intent.unique) {
    const weight = idf(term);
    if (weight <= 0) continue;
    known += weight;
    const hits = fields
      .map((f) => hitIn(f, term))
      .filter((h): h is Hit => h !== null)
      .sort((a, b) => b.weight - a.weight);
    if (hits.length === 0) continue;
    const spread = hits.slice(1).reduce((sum, h) => sum + h.weight, 0) * SPREAD;
    raw += weight * (hits[0].weight + spread);
    // A term found only in prose or a minor field is half covered; a tag or the name covers it fully.
    matched += weight * Math.min(1, hits[0].weight / FULL_COVER_WEIGHT);
    // A term is explained once, by the field where it counts most.
    note(
      hits[0].field,
      weight * (hits[0].weight + spread),
      intent.display.get(term) ?? term,
      hits[0].synonym,
    );
  }

  for (const field of fields.filter((f) => f.weight >= 2)) {
    for (const phrase of field.phrases) {
      if (phrase.length < 2 || !containsSequence(intent.sequence, phrase)) continue;
      const bonus = field.weight * PHRASE_BONUS * phrase.length * Math.max(...phrase.map(idf), 0);
      raw += bonus;
      note(field, bonus, phrase.map((t) => intent.display.get(t) ?? t).join(' '), false);
    }
  }

  const reasons = [...perField.entries()]
    .sort((a, b) => b[1].score - a[1].score)
    .map(([field, entry]) => ({
      source: field.source,
      field: field.field,
      terms: [...entry.terms],
      explanation: `${quoteList([...entry.terms])} ${entry.terms.size === 1 ? 'matches' : 'match'} the app's ${field.title}${entry.synonym ? ' (some through synonyms)' : ''}`,
    }));
  return { raw, coverage: known > 0 ? matched / known : 0, reasons };
}

function hitIn(field: AppField, term: string): Hit | null {
  if (field.terms.has(term)) return { field, weight: field.weight, synonym: false };
  if (synonymsOf(term).some((s) => field.terms.has(s)))
    return { field, weight: field.weight * SYNONYM_WEIGHT, synonym: true };
  return null;
}

export function containsSequence(sequence: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= sequence.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (sequence[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

const quoteList = (items: string[]) => items.map((t) => `"${t}"`).join(', ');
