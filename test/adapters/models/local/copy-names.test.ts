import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { HASHTAG_MAX_WORDS } from '../../../../adapters/models/local/hashtags';
import { generateText } from '../../../../adapters/models/local/text-generator';
import type { TextPurpose } from '../../../../adapters/models/local/text-purpose';
import { copySamples } from './copy-samples';

/**
 * Copy that reads (issue 29 item 2): names are kept exactly as given, hashtags are short CamelCase tags and
 * never sentences, and no sentence is cut from the input mid-clause.
 */
const word = fc.constantFrom(
  'Crumb',
  'Elm',
  'Express',
  'Strength',
  'Ser',
  'Estar',
  'Café',
  'Straße',
  'Ñandú',
  'Brot',
  'Łódź',
  'Sol',
  'Luna',
  'Oak',
  'Iron',
  'Bloom',
);
const connector = fc.constantFrom('&', 'vs', 'of', 'and', 'y');
const abbreviation = fc.constantFrom('Co.', 'Inc.', 'Ltd.', 'Bros.');
const digits = fc.constantFrom('6am', '24/7', '5K', '360');
/** Names such as "Crumb & Co.", "Ser vs Estar", "6am Express Strength", "Café y Luna Ltd.". */
const name = fc
  .tuple(
    fc.option(digits, { nil: undefined }),
    word,
    fc.option(fc.tuple(connector, word), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom('&', ''), abbreviation), { nil: undefined }),
  )
  .map(([lead, first, joined, suffix]) =>
    [lead, first, ...(joined ?? []), ...(suffix ? [suffix[0], suffix[1]].filter(Boolean) : [])]
      .filter(Boolean)
      .join(' '),
  );
const detail = fc.constantFrom(
  'opens this Saturday at 9am',
  'a 45-minute class',
  '14 Elm Street',
  'Pre-order for Saturday pickup',
  'naturally leavened',
  'is made with local flour',
);
const purpose = fc.constantFrom<TextPurpose>('caption', 'script', 'headline', 'generic');
const tone = fc.constantFrom('', 'playful', 'professional', 'inspiring', 'urgent');

const hashtagsOf = (text: string) => text.match(/#[^\s#]+/g) ?? [];
/** "#6amExpressStrength" -> 6am, Express, Strength; "#5KRun" -> 5K, Run. */
const camelWords = (tag: string) =>
  tag.slice(1).match(/\p{N}+\p{Lu}?\p{Ll}*|\p{Lu}[\p{Ll}\p{N}]*|\p{Ll}+/gu) ?? [];

describe('the local writer keeps names and writes tags', () => {
  test('a name with "&", ".", digits or non-English words is written exactly as given', () => {
    fc.assert(
      fc.property(name, detail, purpose, tone, (n, d, p, t) => {
        const { text } = generateText({ prompt: `Write a post about ${n}, ${d}`, purpose: p, system: t });
        expect(text).toContain(n);
      }),
      { numRuns: 300 },
    );
  });

  test('a quoted name is kept verbatim, quotes and all inside', () => {
    fc.assert(
      fc.property(name, purpose, (n, p) => {
        const { text } = generateText({ prompt: `A post about "${n}"`, purpose: p });
        expect(text).toContain(n);
      }),
      { numRuns: 100 },
    );
  });

  test('every hashtag is at most three CamelCase words of letters and digits, never a sentence', () => {
    fc.assert(
      fc.property(name, fc.array(detail, { maxLength: 3 }), tone, (n, ds, t) => {
        const { text } = generateText({
          prompt: `Write a caption about our ${n} sourdough launches this Saturday, ${ds.join(', ')}`,
          purpose: 'caption',
          system: t,
        });
        for (const tag of hashtagsOf(text)) {
          expect(tag).toMatch(/^#[\p{L}\p{N}]+$/u);
          expect(camelWords(tag).length).toBeLessThanOrEqual(HASHTAG_MAX_WORDS);
          expect(tag).not.toMatch(/Launches|This|Saturday[A-Z]/);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('no sentence ends twice and none opens with a cut verb ("Meet our ... launches this Saturday")', () => {
    fc.assert(
      fc.property(name, detail, purpose, tone, (n, d, p, t) => {
        const { text } = generateText({
          prompt: `Write a post about our naturally leavened sourdough launches this Saturday at ${n}, ${d}`,
          purpose: p,
          system: t,
        });
        expect(text).not.toMatch(/\.\.(?!\.)/);
        expect(text).not.toMatch(/\b(?:Meet|to|on|at) our naturally leavened sourdough launches\b/);
      }),
      { numRuns: 200 },
    );
  });
});

describe('regressions of issue 29', () => {
  test.each([
    ['Write a caption about Crumb & Co. sourdough, Pre-order for Saturday pickup', 'Crumb & Co.'],
    ['Write a caption about Ser vs Estar', 'Ser vs Estar'],
    ['Write a caption about 6am Express Strength, a 45-minute class', '6am Express Strength'],
  ])('%j keeps %j', (prompt, kept) => {
    for (const p of ['caption', 'script', 'headline'] as const)
      expect(generateText({ prompt, purpose: p }).text).toContain(kept);
  });

  test('"our bakery\'s new sourdough loaf" is tagged #SourdoughLoaf, never #BakerySNewSourdoughLoaf', () => {
    const { data } = generateText({
      prompt: "Write a caption about our bakery's new sourdough loaf",
      purpose: 'caption',
    });
    expect(data.hashtags).toContain('#SourdoughLoaf');
    expect(data.hashtags).not.toContain('#BakerySNewSourdoughLoaf');
  });

  test('a subject with a predicate is written as a subject and a sentence about it', () => {
    const { text } = generateText({
      prompt:
        'Write a caption about our naturally leavened sourdough launches this Saturday at Crumb & Co., 14 Elm Street. Pre-order in store',
      purpose: 'caption',
      system: 'neutral',
    });
    expect(text).toContain('It launches this Saturday at Crumb & Co.');
    expect(text).toContain('Find us at 14 Elm Street.');
    expect(text).toContain('Pre-order in store.');
    expect(text).not.toMatch(/and (Pre-order|store)/);
  });
});

describe('the reviewed samples (test/fixtures/copy/samples.md)', () => {
  test('are what the writer writes now: a change of the writer shows as a diff of that file', () => {
    const file = readFileSync(join(__dirname, '../../../fixtures/copy/samples.md'), 'utf8');

    expect(copySamples()).toBe(file);
  });
});
