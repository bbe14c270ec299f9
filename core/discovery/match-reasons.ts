import { FIELD_TITLES, INDEX_FIELDS, type IndexField } from './catalog-index';
import type { EvidenceTerm } from './evidence';

export type ReasonSource = 'name' | 'description' | 'frontmatter' | 'capability' | 'semantic';

export interface MatchReason {
  source: ReasonSource;
  field: string;
  terms: string[];
  explanation: string;
}

const SOURCES: Record<IndexField, ReasonSource> = {
  name: 'name',
  description: 'description',
  produces: 'capability',
  aliases: 'frontmatter',
  keywords: 'frontmatter',
  useCases: 'frontmatter',
  formats: 'frontmatter',
  categories: 'frontmatter',
  parameters: 'capability',
  options: 'capability',
  summary: 'frontmatter',
  audiences: 'frontmatter',
};

/** Reasons name, per field, the brief's words that matched there, strongest field first; a phrase found whole is named too. */
export function reasonsOf(
  match: Record<string, string[]>,
  byTerm: Map<string, EvidenceTerm>,
  phrases: string[][],
): MatchReason[] {
  const bestField = new Map<string, IndexField>();
  // Words the brief does not write but implies ("post", for a platform with nothing named to make).
  const impliedBy = new Map<string, string>();
  for (const [docTerm, fields] of Object.entries(match)) {
    const word = byTerm.get(docTerm)?.word ?? docTerm;
    const implied = byTerm.get(docTerm)?.impliedBy;
    if (implied) impliedBy.set(word, implied);
    const best = [...fields].sort(
      (a, b) => INDEX_FIELDS[b as IndexField] - INDEX_FIELDS[a as IndexField],
    )[0] as IndexField;
    const seen = bestField.get(word);
    if (!seen || INDEX_FIELDS[best] > INDEX_FIELDS[seen]) bestField.set(word, best);
  }
  // Each brief word is explained once, by the field where it counts most.
  const perField = new Map<IndexField, Set<string>>();
  for (const [word, field] of bestField) perField.set(field, (perField.get(field) ?? new Set()).add(word));
  const reasons: MatchReason[] = [...perField.entries()]
    .sort((a, b) => INDEX_FIELDS[b[0]] * b[1].size - INDEX_FIELDS[a[0]] * a[1].size)
    .map(([field, words]) => ({
      source: SOURCES[field],
      field,
      terms: [...words],
      explanation: `${[...words].map((w) => (impliedBy.has(w) ? `"${w}" (implied by ${impliedBy.get(w)})` : `"${w}"`)).join(', ')} ${words.size === 1 ? 'matches' : 'match'} the app's ${FIELD_TITLES[field]}`,
    }));
  for (const p of phrases) {
    // Named in the brief's own words ("three slides"), not the index's stems ("thre slid").
    const words = p.map((term) => byTerm.get(term)?.word ?? term).join(' ');
    reasons.push({
      source: 'frontmatter',
      field: 'phrase',
      terms: [words],
      explanation: `the request names "${words}" as a whole`,
    });
  }
  return reasons;
}
