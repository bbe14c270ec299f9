/**
 * `atelier/no-word-list`: words the engine reads in briefs, feedback and instructions live in the
 * lexicon (`core/language/lexicon/*.json`), never in code. A word list is:
 * - an array of three or more string literals that are words ("no", "without", "get rid of");
 * - a regular expression that alternates three or more words (/\b(no|not|without)\b/);
 * - an object literal that maps five or more words to strings (a synonym table);
 * - a string of three or more words that code splits into a list ('design craft paint'.split(' ')), or a
 *   string of six or more words with no small word of a sentence among them (a list passed on to be split).
 * Values of a type (parameter roles, statuses, feature names) are not words read in text: declare
 * them `as const`, type them `(keyof T)[]` or pass them to `z.enum`, and the rule leaves them alone;
 * camelCase names are never words.
 */
const WORD = /^[\p{L}][\p{Ll}'’ -]*$/u;
const MIN_ARRAY_WORDS = 3;
const MIN_REGEX_WORDS = 3;
const MIN_MAP_ENTRIES = 5;
const MIN_SPLIT_WORDS = 3;
const MIN_STRING_LIST_WORDS = 6;
/** Words any English sentence is likely to have; a run of words without them is a list, not a message. */
const SENTENCE_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'is',
  'are',
  'and',
  'or',
  'in',
  'on',
  'for',
  'with',
  'it',
  'no',
  'not',
  'be',
  'as',
  'at',
  'by',
  'from',
  'this',
  'that',
]);

function isWord(value) {
  return typeof value === 'string' && WORD.test(value);
}

function stringOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

/** A typed list of values: `[...] as const`, `[...] satisfies ...`, or the argument of `z.enum(...)`. */
function isTypeValues(node) {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'TSAsExpression' && parent.typeAnnotation.type === 'TSTypeReference') {
    return parent.typeAnnotation.typeName?.name === 'const';
  }
  if (parent.type === 'TSSatisfiesExpression') return true;
  if (parent.type === 'VariableDeclarator' && parent.id.typeAnnotation) {
    return JSON.stringify(parent.id.typeAnnotation, (key, value) =>
      key === 'parent' ? undefined : value,
    ).includes('"operator":"keyof"');
  }
  if (parent.type === 'CallExpression' && parent.callee.type === 'MemberExpression') {
    return parent.callee.property.name === 'enum' || parent.callee.property.name === 'literal';
  }
  return false;
}

/** The words of a string that is nothing but lower-case words separated by single spaces, else null. */
function spacedWords(value) {
  if (typeof value !== 'string' || !/^[\p{Ll}][\p{Ll}'’-]*(?: [\p{Ll}][\p{Ll}'’-]*)+$/u.test(value))
    return null;
  return value.split(' ');
}

/** The string is the receiver of `.split(...)`. */
function isSplit(node) {
  const parent = node.parent;
  return (
    parent?.type === 'MemberExpression' &&
    parent.object === node &&
    parent.property.type === 'Identifier' &&
    parent.property.name === 'split'
  );
}

/** The word alternatives of a pattern: the pieces between `|` inside groups, stripped of \b and anchors. */
function alternatedWords(pattern) {
  let most = 0;
  for (const group of pattern.matchAll(/\(((?:\?:)?[^()]*\|[^()]*)\)/g)) {
    const body = group[1].replace(/^\?:/, '');
    const words = body
      .split('|')
      .map((piece) => piece.replace(/\\b|\\s[+*?]?|\^|\$/g, ' ').trim())
      .filter((piece) => /^[a-z][a-z' ]*$/i.test(piece) && piece.length > 1);
    most = Math.max(most, words.length);
  }
  return most;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Words the engine reads live in the lexicon (core/language/lexicon), not in code.' },
    messages: {
      array: 'A list of {{count}} words in code: move it to a group of core/language/lexicon/*.json.',
      regex: 'A pattern that alternates {{count}} words: read them from core/language/lexicon/*.json.',
      map: 'A table of {{count}} words in code: move it to a group of core/language/lexicon/*.json.',
      string:
        'A string of {{count}} words read as a list: move it to a group of core/language/lexicon/*.json.',
    },
    schema: [],
  },
  create(context) {
    return {
      ArrayExpression(node) {
        if (node.elements.length < MIN_ARRAY_WORDS || isTypeValues(node)) return;
        const strings = node.elements.map((element) => (element ? stringOf(element) : null));
        if (strings.some((value) => value === null)) return;
        const words = strings.filter(isWord).length;
        if (words >= MIN_ARRAY_WORDS) context.report({ node, messageId: 'array', data: { count: words } });
      },
      Literal(node) {
        const words = spacedWords(node.value);
        if (words) {
          const isList = isSplit(node)
            ? words.length >= MIN_SPLIT_WORDS
            : words.length >= MIN_STRING_LIST_WORDS && !words.some((w) => SENTENCE_WORDS.has(w));
          if (isList) context.report({ node, messageId: 'string', data: { count: words.length } });
          return;
        }
        if (!node.regex) return;
        const count = alternatedWords(node.regex.pattern);
        if (count >= MIN_REGEX_WORDS) context.report({ node, messageId: 'regex', data: { count } });
      },
      ObjectExpression(node) {
        const entries = node.properties.filter(
          (property) =>
            property.type === 'Property' &&
            !property.computed &&
            isWord(property.key.type === 'Identifier' ? property.key.name : property.key.value) &&
            stringOf(property.value) !== null &&
            isWord(stringOf(property.value)),
        );
        if (entries.length >= MIN_MAP_ENTRIES && entries.length === node.properties.length) {
          context.report({ node, messageId: 'map', data: { count: entries.length } });
        }
      },
    };
  },
};
