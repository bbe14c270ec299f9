import { readBrief, termOf, type BriefReading, type Zone } from '../../../core/discovery/brief-reading';
import { evidenceOf } from '../../../core/discovery/evidence';
import { analyze } from '../../../core/language/nlp';
import { readStructured } from '../../../core/language/structured-brief';
import { correctWord, editDistance } from '../../../core/language/typos';

const VOCABULARY = new Set([
  'carousel',
  'instagram',
  'video',
  'script',
  'about',
  'quote',
  'podcast',
  'audiogram',
]);
const read = (brief: string) => readBrief(brief, VOCABULARY);
const zoneOf = (r: BriefReading, word: string): Zone | undefined =>
  r.tokens.find((t) => t.lower === word)?.zone;

describe('readBrief', () => {
  test('a leading label is the request; what follows its colon is content', () => {
    const r = read('Vertical video ad: the Pebble speaker, waterproof');
    expect(r.spans.label?.text).toBe('Vertical video ad');
    expect(zoneOf(r, 'video')).toBe('label');
    expect(zoneOf(r, 'pebble')).toBe('content');
  });

  test('quotes and URLs are carried content, never the request', () => {
    const r = read('Make a quote card of "Ship it" from https://example.com/a.png');
    expect(r.spans.quotes.map((q) => q.text)).toEqual(['Ship it']);
    expect(zoneOf(r, 'ship')).toBe('quote');
    expect(r.tokens.some((t) => t.zone === 'url')).toBe(true);
  });

  test('aspect ratios, orientations and platforms are constraints, read apart', () => {
    const r = read('Square post for Instagram, 4:5, about our new menu');
    expect(r.ratios).toEqual(['4:5']);
    expect(r.platforms).toEqual(['instagram']);
    expect(r.tokens.find((t) => t.lower === 'square')?.ratio).toBe(true);
    expect(r.tokens.find((t) => t.lower === 'instagram')?.platform).toBe('instagram');
  });

  test('what follows a topic cue is topic; a statement of the situation is context', () => {
    const r = read('Our bakery won a prize this year. Need a post about the new croissant');
    expect(zoneOf(r, 'bakery')).toBe('context');
    expect(zoneOf(r, 'post')).toBe('ask');
    expect(zoneOf(r, 'croissant')).toBe('topic');
  });

  test('negation and media the caller already has are marked', () => {
    const r = read('Just a picture of a fox, no caption, from my photo');
    expect(r.tokens.find((t) => t.lower === 'caption')?.negated).toBe(true);
    expect(r.tokens.find((t) => t.lower === 'photo')?.input).toBe(true);
  });

  test('unknown words near a vocabulary word are corrected; names and real words stay', () => {
    const r = read('instagarm carousel abuot NoiseZero');
    expect(r.tokens.map((t) => t.word)).toEqual(['instagram', 'carousel', 'about', 'noisezero']);
    expect(correctWord('vidoe', VOCABULARY)).toBe('video');
    expect(correctWord('scritp', VOCABULARY)).toBe('script');
    expect(correctWord('lyon', VOCABULARY)).toBeNull();
    expect(editDistance('abuot', 'about')).toBe(1);
    // A letter left out is likelier than one swapped for a far key: "explainr" is "explainer".
    expect(correctWord('explainr', new Set(['explainer', 'explains']))).toBe('explainer');
  });

  test('a capitalised word is a name unless its fix keeps the first letter', () => {
    const r = readBrief('The Leeds pop-up needs a post for Instagarm', new Set(['feeds', 'instagram']));
    expect(r.tokens.map((t) => t.word)).toContain('leeds');
    expect(r.tokens.map((t) => t.word)).toContain('instagram');
  });
});

describe('analyze', () => {
  test('a lower-case word and its full stop before a capital end a sentence ("fig. Three")', () => {
    const tokens = analyze('how to care for a fiddle leaf fig. Three slides maybe');
    const fig = tokens.findIndex((t) => t.text === 'fig');
    expect(tokens[fig + 1]).toMatchObject({ text: '.', type: 'punctuation' });
    expect(tokens[fig + 2].sentence).toBe(tokens[fig].sentence + 1);
    expect(analyze('Dr. Smith says hi').map((t) => t.text)).toContain('Dr.');
  });

  test('a plural possessive\'s apostrophe is the possessive particle, not punctuation ("my parents\' farm")', () => {
    const apostrophe = (text: string) => analyze(text).find((t) => /^['’]$/.test(t.text));
    expect(apostrophe("the shop of my parents' olive oil farm")).toMatchObject({ pos: 'PART', lemma: "'s" });
    expect(apostrophe('the kids’ menu is new')).toMatchObject({ pos: 'PART' });
    // A closing quote is still punctuation: after a word not ending in s, or before the end.
    expect(apostrophe("say 'come by today' now")).toMatchObject({ pos: 'PUNCT' });
    expect(apostrophe("a line about 'the classics'")).toMatchObject({ pos: 'PUNCT' });
    const closing = analyze("name it 'Oat & Honey Bars' and make a white one").filter((t) => t.text === "'");
    expect(closing.map((t) => t.pos)).toEqual(['PUNCT', 'PUNCT']);
  });
});

describe('readStructured', () => {
  test('reads JSON, function calls and key=value or key: value | pairs into fields', () => {
    expect(readStructured('{"intent":"image","prompt":"a fox","tags":["a","b"]}')).toMatchObject({
      kind: 'json',
      fields: [
        { key: 'intent', value: 'image' },
        { key: 'prompt', value: 'a fox' },
        { key: 'tags', items: ['a', 'b'] },
      ],
    });
    expect(readStructured('video_ad(product="Fizz, zero sugar", cta="Drink up")')).toMatchObject({
      kind: 'call',
      name: 'video_ad',
      fields: [
        { key: 'product', value: 'Fizz, zero sugar' },
        { key: 'cta', words: ['cta'], value: 'Drink up' },
      ],
    });
    expect(readStructured('tool=quote_card; quote="Be kind"; author=Anon')?.fields).toHaveLength(3);
    expect(readStructured('task: social image | topic: opening day | style: bold')?.fields).toHaveLength(3);
    expect(readStructured('A post about our opening day')).toBeNull();
  });

  test('reads an object literal as agents write one, after the name of what is asked', () => {
    expect(
      readStructured(
        "POST explainer {topic: 'How returns work', points: ['print the label', 'drop it off',],}",
      ),
    ).toEqual({
      kind: 'json',
      name: 'POST explainer',
      fields: [
        { key: 'topic', words: ['topic'], value: 'How returns work', items: ['How returns work'] },
        {
          key: 'points',
          words: ['points'],
          value: 'print the label, drop it off',
          items: ['print the label', 'drop it off'],
        },
      ],
    });
    expect(readStructured('Please make {something nice} for us')).toBeNull();
    expect(readStructured('A post about {our} opening day {soon}')).toBeNull();
  });

  test('a phrase stands for its word with its object inside it ("walks new customers through")', () => {
    const terms = (brief: string) =>
      evidenceOf(read(brief))
        .terms.filter((e) => !e.synonym)
        .map((e) => e.term);
    expect(terms('A short video that walks new customers through returns')).toContain(termOf('walkthrough'));
    expect(terms('A short video that walks through returns')).toContain(termOf('walkthrough'));
    expect(terms('A video of us walking to the park through the rain')).not.toContain(termOf('walkthrough'));
  });

  test('a cue verb that opens the request stays the request; what it is asked about is the topic', () => {
    const r = read('Explain photosynthesis to 10-year-olds, narrated and widescreen');
    expect(zoneOf(r, 'explain')).toBe('ask');
    expect(zoneOf(r, 'photosynthesis')).toBe('topic');
    expect(zoneOf(r, 'narrated')).toBe('ask');
    // "Explain to new customers how ...": the purpose after it is no topic of its own.
    expect(zoneOf(read('Explain to new customers how refunds work'), 'explain')).toBe('ask');
  });

  test('the text after a colon ends at a later sentence that asks, even when "want" comes a few words in', () => {
    const r = read(
      'The brand is called Slow Burn: soy wax, hand-poured. We finally saved a little money and want to try TikTok ads with a voice over.',
    );
    expect(zoneOf(r, 'soy')).toBe('content');
    expect(zoneOf(r, 'ads')).toBe('ask');
  });

  test('a clause opening on "So" with an aside inside still states the situation', () => {
    const r = read(
      "So I run a little bookshop called Dog Ears. We're shut on Thursday (tedious, I know) and I want a post.",
    );
    expect(zoneOf(r, 'bookshop')).toBe('context');
    expect(zoneOf(r, 'shut')).toBe('context');
    expect(zoneOf(r, 'post')).toBe('ask');
  });
});
