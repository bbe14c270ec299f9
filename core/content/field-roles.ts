import type { AppParameter } from '../app/app-definition';
import { keyWords } from '../language/structured-brief';
import { letterWords } from '../language/letter-words';
import { lexicon } from '../language/lexicon';
import { listsOf } from '../language/groups';
import { phrasePattern } from '../language/phrases';

/**
 * What a text parameter wants from a brief, read from its key, name, description and catalog role:
 * a name or title, a product, a topic, a prompt, a quote and its author, a call to action, a script,
 * a featured line, a list of points, a line of overlay text. Each role has the cue words a brief (or
 * an agent's field names) uses to say "this is the value for that".
 */
export type FieldRole =
  | 'title'
  | 'product'
  | 'campaign'
  | 'topic'
  | 'prompt'
  | 'quote'
  | 'author'
  | 'cta'
  | 'script'
  | 'excerpt'
  | 'points'
  | 'overlay'
  | 'copy';

const { role_cues, role_in_name, details_after_name, option_cues, naming } = lexicon.fieldRoles;

/** Cue words per role, as they appear in field names and before values ("cta", "episode", "line"). */
export const ROLE_CUES = listsOf(role_cues) as Record<FieldRole, string[]>;

/** The words of a key or name that give a text parameter its role, first role first. */
const ROLE_PATTERNS = Object.entries(listsOf(role_in_name)).map(
  ([role, words]) => [phrasePattern(words, ''), role as FieldRole] as const,
);

/** The role of a text parameter. */
export function roleOf(p: AppParameter): FieldRole {
  const words = `${keyWords(p.key).join(' ')} ${p.name.toLowerCase()}`;
  for (const [pattern, role] of ROLE_PATTERNS) if (pattern.test(words)) return role;
  if (p.role === 'prompt') return 'prompt';
  if (p.role === 'topic') return 'topic';
  return 'copy';
}

const DETAILS_AFTER_NAME = phrasePattern(details_after_name.phrases, 'i');

/**
 * A name-like field that also takes what follows the name, by its own description: "The product,
 * then its selling points", "The product, optionally followed by what people like about it", "The
 * campaign's name and message".
 */
export function takesDetails(p: AppParameter): boolean {
  return DETAILS_AFTER_NAME.test(`${p.name} ${p.description}`);
}

/** Initials of a key's words: "call to action" -> "cta". */
const initials = (words: string[]) => words.map((w) => w[0]).join('');

/**
 * How well an agent's field name (or a "Key:" cue) names a parameter, 0..1.
 * 1. The same key, or the key's words all in the parameter's key or name ("title" -> article_title): 1.
 * 2. Initials ("cta" for call_to_action): 1.
 * 3. A cue word of the parameter's role ("slides" for points, "ratio" for aspect_ratio): 0.8, up
 *    to 0.9 as more of the key's words are its cues or in its description.
 */
export function keyMatch(key: string, p: AppParameter): number {
  const words = keyWords(key);
  if (words.length === 0) return 0;
  const own = new Set([...keyWords(p.key), ...keyWords(p.name)]);
  if (words.join('_') === p.key || words.every((w) => own.has(w) || own.has(singular(w)))) return 1;
  if (
    words.length === 1 &&
    (words[0] === initials(keyWords(p.key)) || words[0] === initials(keyWords(p.name)))
  )
    return 1;
  const cues = p.type === 'text' ? ROLE_CUES[roleOf(p)] : (OPTION_CUES[p.role ?? 'other'] ?? []);
  const phrase = words.join(' ');
  const cued = (w: string) => cues.some((c) => c === w || singular(c) === singular(w));
  const described = descriptionWords(p);
  // Between two parameters a key cues ("End slide": the call to action on the last slide, or the
  // points of the middle one), the one whose cues and description hold more of its words.
  const held = words.filter((w) => cued(w) || described.has(w) || described.has(singular(w))).length;
  if (cues.includes(phrase) || words.some(cued)) return 0.8 + (0.1 * held) / words.length;
  // The parameter's description says it is the title, name or headline ("The carousel's title"); a
  // headline is a title by another name.
  if (words.length === 1 && NAMING.has(words[0]) && described.has(words[0])) return 0.8;
  if (words.length === 1 && TITLES.has(words[0]) && [...TITLES].some((t) => described.has(t))) return 0.8;
  return 0;
}

/** Cue words of options and media parameters by catalog role. */
const OPTION_CUES = listsOf(option_cues);

/** The words of a parameter's description, lower case ("Set on the story and the banner."). */
export const descriptionWords = (p: AppParameter): Set<string> => new Set(letterWords(p.description));

const NAMING = new Set(naming.words);
const TITLES = new Set(naming.titles);

const singular = (w: string) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w);
