import fc from 'fast-check';
import { planContent } from '../../../core/content/plan-content';
import { gatherGuidance } from '../../../core/content/prompt-guidance';
import { rankApps } from '../../../core/discovery/rank-apps';
import { readStructured } from '../../../core/language/structured-brief';
import { CATALOG, CATALOG_APPS } from '../discovery/catalog-candidates';

/**
 * Briefs generated from the pieces the reading rules look for (key: value lines, bullets, quotes with
 * apostrophes, colons, asides with links, greetings, ratios, platforms), and from arbitrary text:
 * reading them never throws, the answer is one of the contract's, and the same brief gives the same one.
 */
const WORDS = [
  'our',
  'bakery',
  'video',
  'post',
  'script',
  'line',
  'read',
  'it',
  'So',
  'called',
  'Nova',
  'want',
  'explain',
];
const word = fc.constantFrom(...WORDS);
const phrase = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => w.join(' '));
const piece = fc.oneof(
  phrase,
  phrase.map((p) => `${p}:`),
  fc
    .tuple(fc.constantFrom('title', 'headline', 'slide 2', 'Featured line', 'tips', 'shape'), phrase)
    .map(([k, v]) => `\n${k}: ${v}`),
  phrase.map((p) => `\n- ${p}`),
  phrase.map((p) => `"${p}."`),
  phrase.map((p) => `'${p} don't'`),
  phrase.map((p) => `(${p} https://example.com/a.png if that helps)`),
  fc.constantFrom(
    'Good morning,',
    'Hi!',
    '16:9',
    'vertical',
    'Instagram',
    '.',
    ',',
    ' - ',
    'none',
    "I'd love",
    '(Priya, Leeds)',
  ),
);
const brief = fc.oneof(
  fc.array(piece, { minLength: 1, maxLength: 12 }).map((p) => p.join(' ').trim() || 'post'),
  fc.string({ minLength: 1, maxLength: 300 }).filter((s) => s.trim().length > 0),
);
const plan = (text: string) =>
  planContent(
    { brief: text, headless: true, guidance: gatherGuidance(null, null), catalog: CATALOG },
    CATALOG_APPS,
  );

describe('generated briefs', () => {
  test('headless content creation answers ran or unmatched, the same each time', () => {
    fc.assert(
      fc.property(brief, (text) => {
        const first = plan(text);
        expect(['ran', 'unmatched']).toContain(first.status);
        expect(plan(text)).toEqual(first);
        if (first.status === 'ran')
          for (const value of Object.values(first.draft.inputs))
            if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(1000);
      }),
      { seed: 20261124, numRuns: 150 },
    );
  });

  test('discovery scores and confidences stay within 0..1, likeliest first', () => {
    fc.assert(
      fc.property(brief, (text) => {
        const { matches } = rankApps(text, CATALOG);
        for (const m of matches) expect(m.relevanceScore >= 0 && m.relevanceScore <= 1).toBe(true);
        const scores = matches.map((m) => m.confidence);
        for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
        expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      }),
      { seed: 20261124, numRuns: 150 },
    );
  });

  test("an agent's key: value lines are read back as the fields written", () => {
    const key = fc.constantFrom('topic', 'product_name', 'call_to_action', 'palette', 'slide 2', 'headline');
    const value = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(key, value), { minLength: 2, maxLength: 5, selector: ([k]) => k }),
        (pairs) => {
          const read = readStructured(pairs.map(([k, v]) => `${k}: ${v}`).join('\n'));
          expect(read?.fields.map((f) => [f.key, f.value])).toEqual(pairs);
        },
      ),
      { seed: 20261124, numRuns: 100 },
    );
  });
});
