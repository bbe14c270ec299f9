import { lexicon as words } from '../../../core/language/lexicon';

const lexicon = words.copyWords;

const set = (words: readonly string[]) => new Set(words.map((w) => w.toLowerCase()));

/** Small words inside a name, kept as written by title case ("vs", "&", "of"). */
export const NAME_CONNECTORS = set(lexicon.name_connectors.words);
/** Auxiliaries and copulas: a noun phrase ends before them. */
export const VERB_SIGNALS = set(lexicon.verb_signals.words);
/** Words after which a preceding -s word is a verb ("launches this"). */
export const DETERMINERS = set(lexicon.determiners.words);
/** Verbs that open an instruction ("Pre-order in store"). */
export const IMPERATIVES = set(lexicon.imperatives.words);
/** Last words of an address ("Elm Street"). */
export const STREET_WORDS = set(lexicon.street_words.words);
/** First words of a detail that says when ("Sunday at 10am", "every morning"). */
export const WHEN_WORDS = set(lexicon.when_words.words);
