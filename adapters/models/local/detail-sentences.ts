import { analyze } from '../../../core/language/nlp';
import { IMPERATIVES, STREET_WORDS, VERB_SIGNALS, WHEN_WORDS } from './copy-words';
import { sentenceCase, startsPredicate, tokens } from './prompt-words';

/** The sentence a detail goes in: its own (a clause or an instruction), an address line, or the "It is" list. */
type DetailKind = 'clause' | 'predicate' | 'instruction' | 'address' | 'when' | 'description';

const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function kindOf(detail: string): DetailKind {
  const words = tokens(detail);
  const first = words[0]?.toLowerCase() ?? '';
  if (first === 'it' || words.some((w) => VERB_SIGNALS.has(w.toLowerCase()))) return 'clause';
  if (words.length > 1 && startsPredicate(words, 0)) return 'predicate';
  if (IMPERATIVES.has(first)) return 'instruction';
  if (WHEN_WORDS.has(first)) return 'when';
  const last = words[words.length - 1]?.replace(/\.$/, '').toLowerCase() ?? '';
  if (/\d/.test(detail) && STREET_WORDS.has(last)) return 'address';
  return 'description';
}

/**
 * "a 45-minute class": a description of several words ending in a singular noun takes an article, so it can
 * follow "It is"; adjectives and plurals ("creamy", "made with local oats") do not.
 */
function withArticle(description: string): string {
  if (/\b(?:and|or)\b|&|,/.test(description)) return description;
  const tagged = analyze(description).filter((t) => t.pos !== 'PUNCT');
  if (tagged.length < 2 || /ed$/i.test(tagged[0].text)) return description;
  // The head noun is the last word before a preposition ("class" of "Spanish class for travellers").
  const preposition = tagged.findIndex((t, i) => i > 0 && t.pos === 'ADP');
  const headAt = (preposition > 0 ? preposition : tagged.length) - 1;
  const head = tagged[headAt];
  if (tagged.slice(0, headAt + 1).some((t) => t.pos === 'VERB')) return description;
  if (head.pos !== 'NOUN' || head.lemma !== head.lower) return description;
  if (['DET', 'PRON'].includes(tagged[0].pos)) return description;
  return `${/^[aeiou]/i.test(description) && !/^u[bcfhjkqrstnl]i/i.test(description) ? 'an' : 'a'} ${description}`;
}

/** A time as it reads after "See you": weekdays capitalised ("Sunday at 10am"), other words lower case ("every morning"). */
function whenPhrase(detail: string): string {
  const [first, ...rest] = detail.split(/\s+/);
  const word = /day$/i.test(first) ? sentenceCase(first.toLowerCase()) : first.toLowerCase();
  return [word, ...rest].join(' ');
}

const joinList = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * The brief's details as whole sentences (issue 29 item 2), each kind in the slot that takes it:
 * 1. a clause ("it launches this Saturday", "is made with local flour") is its own sentence, and a
 *    predicate without its subject ("opens this Saturday") is said of it ("It opens this Saturday.");
 * 2. an instruction ("Pre-order in store") is its own sentence, never a list item;
 * 3. an address ("14 Elm Street") is "Find us at 14 Elm Street.", a time ("Sunday at 10am") "See you
 *    Sunday at 10am.";
 * 4. descriptions ("creamy", "vegan", "a 45-minute class") share one "It is ..." sentence.
 * Order: clauses, descriptions, addresses, instructions (an instruction reads best last).
 */
export function detailSentences(details: string[]): string[] {
  const by = (kind: DetailKind) => details.filter((d) => kindOf(d) === kind);
  const descriptions = by('description').map(withArticle);
  return [
    ...by('clause').map((d) => endSentence(sentenceCase(d))),
    ...by('predicate').map((d) => endSentence(`It ${d}`)),
    ...(descriptions.length ? [endSentence(`It is ${joinList(descriptions)}`)] : []),
    ...by('when').map((d) => endSentence(`See you ${whenPhrase(d)}`)),
    ...by('address').map((d) => endSentence(`Find us at ${d}`)),
    ...by('instruction').map((d) => endSentence(sentenceCase(d))),
  ];
}
