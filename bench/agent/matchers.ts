import type { InputMatcher } from './brief-set';

/**
 * Lower case, no accents, curly quotes made straight, then every run of characters other than
 * letters, digits and % becomes one space: "Oat-milk LATTE!" -> "oat milk latte".
 */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

/** Whole-word containment on normalized text: "sam" is not in "samsung". */
export function containsWords(haystack: string, needle: string): boolean {
  const n = normalizeText(needle);
  return n !== '' && ` ${normalizeText(haystack)} `.includes(` ${n} `);
}

/** What the service did with one parameter. */
export interface DraftedField {
  /** The value the run gets (drafted, or the parameter's default when nothing was drafted). */
  value: unknown;
  /** The field came back among the unmet asks. */
  unmet: boolean;
}

/** Whether a drafted field is what a careful person would have put there (see InputMatcher). */
export function matchesInput(matcher: InputMatcher, field: DraftedField): boolean {
  if ('unmet' in matcher) return field.unmet && !isUrl(field.value);
  if (!('contains' in matcher) && 'excludes' in matcher)
    return !matcher.excludes.some((x) => containsWords(String(field.value ?? ''), x));
  if (field.value === undefined || field.value === null) return false;
  const value = String(field.value);
  if ('equals' in matcher) return value.trim() === matcher.equals;
  if ('oneOf' in matcher) return matcher.oneOf.some((o) => normalizeText(o) === normalizeText(value));
  const present = matcher.contains.every((needle) =>
    (Array.isArray(needle) ? needle : [needle]).some((n) => containsWords(value, n)),
  );
  return present && !(matcher.excludes ?? []).some((x) => containsWords(value, x));
}

const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\//i.test(value.trim());
