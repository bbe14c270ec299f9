import { capWords, generateText } from '../../../../adapters/models/local/text-generator';
import type { TextPurpose } from '../../../../adapters/models/local/text-purpose';

const PURPOSES: TextPurpose[] = ['caption', 'script', 'headline', 'alt_text', 'talking_points', 'generic'];
const PROMPT = 'Our new oat milk latte: creamy, vegan, made with local oats';
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('generateText', () => {
  test.each(PURPOSES)('%s output is non-empty, mentions the subject and is not filler', (purpose) => {
    const { text } = generateText({ prompt: PROMPT, purpose });

    expect(text.trim().length).toBeGreaterThan(5);
    expect(text.toLowerCase()).toContain('oat milk latte');
    expect(text.toLowerCase()).not.toMatch(/lorem|ipsum/);
  });

  test('the same request gives the same text', () => {
    for (const purpose of PURPOSES) {
      expect(generateText({ prompt: PROMPT, purpose })).toEqual(generateText({ prompt: PROMPT, purpose }));
    }
  });

  test('each purpose writes something different', () => {
    const texts = PURPOSES.map((purpose) => generateText({ prompt: PROMPT, purpose }).text);

    expect(new Set(texts).size).toBe(PURPOSES.length);
  });

  test('a caption has a hook and hashtags made from the keywords', () => {
    const { data } = generateText({ prompt: PROMPT, purpose: 'caption' });

    expect(data.hashtags).toEqual(expect.arrayContaining(['#OatMilkLatte', '#Vegan']));
    expect(String(data.caption)).toMatch(/oat milk latte/i);
  });

  test('a script has about one sentence per eleven words asked for', () => {
    const short = generateText({ prompt: PROMPT, purpose: 'script', maxWords: 30 });
    const long = generateText({ prompt: PROMPT, purpose: 'script', maxWords: 80 });

    expect((short.data.sentences as string[]).length).toBe(3);
    expect((long.data.sentences as string[]).length).toBe(7);
    expect(words(long.text)).toBeLessThanOrEqual(80);
  });

  test('a headline is title-cased and short', () => {
    const { text } = generateText({
      prompt: 'A poster announcing our summer launch party',
      purpose: 'headline',
      maxWords: 6,
    });

    expect(text).toBe('Summer Launch Party');
  });

  test('alt text describes the image it is given, from what was measured and drawn, not from the prompt', () => {
    const { text } = generateText({
      prompt: 'Alt text for a calm hero image about yoga',
      purpose: 'alt_text',
      about: [
        {
          modality: 'image',
          madeBy: 'local',
          width: 1920,
          height: 1080,
          colours: [
            { hex: '#0f9b8e', name: 'teal', share: 0.7 },
            { hex: '#fafafa', name: 'white', share: 0.2 },
          ],
          tone: 'mid',
          layout: 'minimal',
          text: [{ role: 'headline', lines: ['Yoga', 'Retreat'] }],
          photo: null,
        },
      ],
    });

    expect(text).toBe(
      'A graphic in teal and white with a plain background with one accent circle. Large text reads “Yoga Retreat”.',
    );
    expect(text).not.toMatch(/calm/);
  });

  test('alt text without an image to look at claims no colours or words', () => {
    const { text } = generateText({ prompt: 'Minimal teal poster for a yoga retreat', purpose: 'alt_text' });

    expect(text).toBe('An image about the yoga retreat.');
  });

  test('talking points are a list that starts with what it is', () => {
    const { text, data } = generateText({ prompt: PROMPT, purpose: 'talking_points' });

    expect(text.split('\n').every((line) => line.startsWith('- '))).toBe(true);
    expect((data.points as string[])[0]).toMatch(/^What it is: Our new oat milk latte/);
  });

  test('maxWords caps every purpose', () => {
    for (const purpose of PURPOSES) {
      expect(words(generateText({ prompt: PROMPT, purpose, maxWords: 8 }).text)).toBeLessThanOrEqual(8);
    }
  });

  test('json format returns a parseable document of the structured result', () => {
    const result = generateText({ prompt: PROMPT, purpose: 'caption', format: 'json' });

    expect(JSON.parse(result.text)).toEqual(result.data);
  });

  test('a tone in the system text changes the voice', () => {
    const playful = generateText({ prompt: PROMPT, purpose: 'caption', system: 'Playful brand voice' });
    const professional = generateText({ prompt: PROMPT, purpose: 'caption', system: 'Professional, formal' });

    expect(playful.text).not.toBe(professional.text);
  });

  test('the purpose is read from the prompt when none is given', () => {
    expect(generateText({ prompt: 'Write a narration script about tide pools' }).purpose).toBe('script');
    expect(generateText({ prompt: 'Alt text for a photo of a lighthouse' }).purpose).toBe('alt_text');
  });

  test('another variation can pick other templates', () => {
    const texts = new Set(
      [1, 2, 3, 4, 5].map(
        (variation) => generateText({ prompt: PROMPT, purpose: 'caption', variation }).text,
      ),
    );

    expect(texts.size).toBeGreaterThan(1);
  });

  test('a prompt of only style words still yields text', () => {
    expect(generateText({ prompt: 'teal gradient', purpose: 'caption' }).text.trim()).not.toBe('');
  });
});

describe('capWords', () => {
  test('cuts at a word boundary and marks the cut', () => {
    expect(capWords('one two three four', 2)).toBe('one two…');
    expect(capWords('One two. Three four', 2)).toBe('One two.');
    expect(capWords('short', 5)).toBe('short');
  });
});
