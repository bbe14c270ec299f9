import fc from 'fast-check';
import {
  chunkGraphemes,
  clipToLength,
  exceedsGraphemes,
  graphemes,
  longestWordLength,
  sliceGraphemes,
  truncateText,
  xmlSafeText,
} from '../../../core/text/graphemes';

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
// eslint-disable-next-line no-control-regex
const XML_UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/u;

/** Any UTF-16 code unit, so strings with lone surrogates and controls come up. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: codeUnit, maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('👍🏽', '👨‍👩‍👧', 'é', 'a', ' ', '\u0007', '\u001b', '\uffff'),
    maxLength: 60,
  }),
);
/** Text a caller can send through JSON that PostgreSQL stores: no lone surrogates. */
const wellFormedText = fc.string({ unit: 'grapheme', maxLength: 60 });

describe('sliceGraphemes', () => {
  test('keeps 40 whole emoji where .slice(0, 80) would count code units (emoji script failed the run)', () => {
    const script = '😀'.repeat(40) + ' and more';

    const cut = sliceGraphemes(script, 80);

    expect(cut.startsWith('😀'.repeat(40))).toBe(true);
    expect(sliceGraphemes('😀'.repeat(41), 40)).toBe('😀'.repeat(40));
    expect(LONE_SURROGATE.test(sliceGraphemes('😀'.repeat(41), 40))).toBe(false);
  });

  test('never splits an emoji sequence or a combining mark', () => {
    expect(sliceGraphemes('👨‍👩‍👧👨‍👩‍👧', 1)).toBe('👨‍👩‍👧');
    expect(sliceGraphemes('e\u0301e\u0301', 1)).toBe('e\u0301');
    expect(sliceGraphemes('🇫🇷🇩🇪', 1)).toBe('🇫🇷');
  });

  test('is a prefix of at most max graphemes and keeps well-formed text well-formed', () => {
    fc.assert(
      fc.property(wellFormedText, fc.nat(80), (text, max) => {
        const cut = sliceGraphemes(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(graphemes(cut).length).toBeLessThanOrEqual(max);
        // Half a pair is what PostgreSQL refused as JSON.
        expect(LONE_SURROGATE.test(cut)).toBe(false);
      }),
    );
  });

  test('reads only as far as it needs in a huge text', () => {
    expect(sliceGraphemes('a'.repeat(1_000_000), 3)).toBe('aaa');
  });
});

describe('clipToLength', () => {
  test('fits a length limit counted in code units without splitting a grapheme', () => {
    expect(clipToLength('😀'.repeat(40), 79)).toBe('😀'.repeat(39));
    expect(clipToLength('ab👨‍👩‍👧', 5)).toBe('ab');
    expect(clipToLength('short', 80)).toBe('short');
  });

  test('is the longest whole-grapheme prefix within the limit', () => {
    fc.assert(
      fc.property(wellFormedText, fc.nat(80), (text, max) => {
        const cut = clipToLength(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(LONE_SURROGATE.test(cut)).toBe(false);
        const next = graphemes(text.slice(cut.length))[0];
        if (next !== undefined) expect(cut.length + next.length).toBeGreaterThan(max);
      }),
    );
  });
});

describe('chunkGraphemes', () => {
  test('cuts a word into pieces of whole graphemes that join back into it', () => {
    expect(chunkGraphemes('😀😀😀😀😀', 2)).toEqual(['😀😀', '😀😀', '😀']);
    expect(chunkGraphemes('abc', 5)).toEqual(['abc']);
    fc.assert(
      fc.property(wellFormedText, fc.integer({ min: 1, max: 10 }), (text, size) => {
        const pieces = chunkGraphemes(text, size);
        expect(pieces.join('')).toBe(text);
        expect(pieces.every((p) => graphemes(p).length <= size && !LONE_SURROGATE.test(p))).toBe(true);
      }),
    );
  });
});

describe('truncateText', () => {
  test('ends a cut text with an ellipsis and leaves a short one alone', () => {
    expect(truncateText('😀'.repeat(100), 80)).toBe(`${'😀'.repeat(79)}…`);
    expect(truncateText('short', 80)).toBe('short');
  });

  test('never returns more than max graphemes', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 80 }), (text, max) => {
        expect(graphemes(truncateText(text, max)).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('exceedsGraphemes', () => {
  test('counts graphemes, not code units', () => {
    expect(exceedsGraphemes('😀'.repeat(10), 10)).toBe(false);
    expect(exceedsGraphemes('😀'.repeat(11), 10)).toBe(true);
    expect(exceedsGraphemes('a'.repeat(102_400), 5000)).toBe(true);
  });
});

describe('longestWordLength', () => {
  test('measures words by Unicode word boundaries, in graphemes', () => {
    expect(longestWordLength('to be or not')).toBe(3);
    expect(longestWordLength('a'.repeat(150))).toBe(150);
    // Chinese has no spaces; a sentence is still many short words.
    expect(longestWordLength('我们今天去公园玩。我们今天去公园玩。我们今天去公园玩。')).toBeLessThan(5);
    expect(longestWordLength('👍🏽👍🏽👍🏽 ...')).toBe(0);
  });
});

describe('xmlSafeText', () => {
  test('drops the controls and non-characters XML 1.0 cannot carry (quote failed in librsvg)', () => {
    expect(xmlSafeText('bell\u0007 escape\u001b end\uffff\ufffe')).toBe('bell escape end');
    expect(xmlSafeText('tab\tnewline\ncr\r')).toBe('tab\tnewline\ncr\r');
    expect(xmlSafeText('lone \ud800 pair 😀')).toBe('lone  pair 😀');
  });

  test('leaves nothing XML cannot carry and keeps every character it can', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const safe = xmlSafeText(text);
        expect(XML_UNSAFE.test(safe)).toBe(false);
        expect(Array.from(text).filter((c) => !XML_UNSAFE.test(c))).toEqual(Array.from(safe));
      }),
    );
  });
});
