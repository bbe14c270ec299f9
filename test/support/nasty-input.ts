import fc from 'fast-check';

/**
 * Generators of the input an outside probe throws at an API: NUL and unpaired surrogates (PostgreSQL
 * refuses both), control characters, emoji and combining sequences placed across every cut point, very
 * long words, numerals in other bases, wrong JSON types, huge numbers and deep nesting.
 */

/** A value nested `depth` arrays deep. jsonText writes it out flat: JSON.stringify would recurse. */
export class Deep {
  constructor(readonly depth: number) {}
}

/** JSON text of a value that may hold Deep values. */
export function jsonText(value: unknown): string {
  if (value instanceof Deep) return '['.repeat(value.depth) + ']'.repeat(value.depth);
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL cannot store: what the API must refuse with `invalid_character`. */
export const unstorable = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Graphemes of one or more UTF-16 units: a cut by `.slice()` inside any of them breaks the text. */
const GRAPHEMES = ['😀', '👍🏽', '👩‍👩‍👧', '🇫🇷', '❤️', 'é', '𝔸', 'ก์', '\u200f', '\u{e0067}'];
const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ufffe',
  '\uffff',
];

/** `k` plain characters, then graphemes: with k around a limit, the limit falls inside a grapheme. */
function acrossCut(maxLength: number): fc.Arbitrary<string> {
  const cuts = [80, 100, 120, 200, maxLength].filter((n) => n <= maxLength);
  return fc
    .tuple(fc.constantFrom(...cuts), fc.integer({ min: -3, max: 1 }), fc.constantFrom(...GRAPHEMES))
    .map(([cut, shift, g]) => 'a'.repeat(Math.max(0, cut + shift)) + g.repeat(4));
}

export interface StringOptions {
  /** The longest string to make (query strings and paths must fit in a request line). */
  maxLength: number;
}

/** Any of the hard strings; none holds a host name, so no generated URL makes a DNS lookup. */
export function nastyString({ maxLength }: StringOptions): fc.Arbitrary<string> {
  const short = Math.min(maxLength, 60);
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: short }),
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udfff', '\udbff'))
      .chain(([s, bad]) => fc.nat({ max: s.length }).map((at) => s.slice(0, at) + bad + s.slice(at))),
    fc.array(fc.constantFrom(...CONTROLS), { minLength: 1, maxLength: 20 }).map((a) => a.join('')),
    fc.array(fc.constantFrom(...GRAPHEMES), { minLength: 1, maxLength: 60 }).map((a) => a.join('')),
    acrossCut(maxLength),
    fc.integer({ min: 50, max: maxLength }).map((n) => 'w'.repeat(n)),
    fc.constantFrom(
      '',
      ' ',
      '0x10',
      '0o17',
      '0b11',
      '017',
      '1e3',
      '-1',
      '+1',
      ' 1',
      '1.5',
      'Infinity',
      'NaN',
      '9'.repeat(30),
      'abc',
      '00000000-0000-0000-0000-000000000000',
      "1' OR '1'='1",
      '../../etc/passwd',
      '%00',
      '{{prompt}}',
      'http://127.0.0.1:9/x.png',
      'javascript:alert(1)',
    ),
    fc.uuid(),
  );
}

/** Any JSON value a field should not expect: hard strings, wrong types, huge numbers, deep nesting. */
export function nastyValue(options: StringOptions): fc.Arbitrary<unknown> {
  const text = nastyString(options);
  return fc.oneof(
    { weight: 4, arbitrary: text },
    fc.constantFrom(null, true, false, 0, -1, [], {}, [null], { a: null }),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 1.5, -0, 1e-300, 4294967296),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: 2, max: 6000 }).map((depth) => new Deep(depth)),
    fc.array(text, { minLength: 1, maxLength: 3 }),
    fc.dictionary(text, text, { minKeys: 1, maxKeys: 3 }),
  );
}

/** Percent-encodes any string, unpaired surrogates included (as the WTF-8 bytes encodeURIComponent refuses). */
export function percentEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

/** The problem the API must name for `value` placed `level` containers deep in a body, if one is certain. */
export function expectedRefusal(value: unknown, level: number, maxDepth: number): string | null {
  if (value instanceof Deep) return level + value.depth - 1 >= maxDepth ? 'too_deep' : null;
  if (typeof value === 'string') return unstorable(value) ? 'invalid_character' : null;
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (unstorable(k)) return 'invalid_character';
      const inner = expectedRefusal(v, level + 1, maxDepth);
      if (inner) return inner;
    }
  return null;
}

/**
 * Text every text parameter must accept and every run must render: controls, emoji and combining
 * sequences across the cut points of labels and captions (80, 100, 120 ...), bidirectional marks, words
 * up to the longest-word limit. Nothing in it may fail a run (issue 12 item 7).
 */
export function hardValidText(maxWord: number): fc.Arbitrary<string> {
  const word = fc.oneof(
    fc.array(fc.constantFrom(...GRAPHEMES), { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
    fc
      .array(fc.constantFrom(...CONTROLS.filter((c) => c !== '\u0000')), { minLength: 1, maxLength: 4 })
      .map((a) => `ring${a.join('')}bell`),
    fc.integer({ min: 1, max: maxWord }).map((n) => 'w'.repeat(n)),
    fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !unstorable(s) && !/\s/.test(s)),
  );
  return fc
    .tuple(fc.integer({ min: 76, max: 82 }), fc.array(word, { minLength: 1, maxLength: 20 }))
    .map(([cut, words]) => `${'a '.repeat(cut >> 1)}${words.join(' ')}`);
}
