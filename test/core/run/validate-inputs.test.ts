import { AppParameter } from '../../../core/app/app-definition';
import { TEXT_INPUT_MAX_LENGTH, TEXT_INPUT_MAX_WORD_LENGTH } from '../../../core/limits';
import { validateInputs } from '../../../core/run/validate-inputs';

const parameters = [
  AppParameter.parse({ id: 'p1', key: 'topic', name: 'Topic', type: 'text' }),
  AppParameter.parse({
    id: 'p2',
    key: 'style',
    name: 'Style',
    type: 'options',
    options: ['Bold', 'Calm'],
    default: 'Calm',
  }),
  AppParameter.parse({
    id: 'p3',
    key: 'photos',
    name: 'Photos',
    type: 'url',
    accept: ['image'],
    multiple: true,
    default: [],
  }),
  AppParameter.parse({ id: 'p4', key: 'caption_tone', name: 'Caption tone', type: 'text', default: '' }),
];

describe('validateInputs', () => {
  test('values keyed by key or by name resolve to keys, defaults fill the rest', () => {
    const resolved = validateInputs(parameters, { topic: 'tea', 'Caption tone': 'warm' });

    expect(resolved).toEqual({
      values: { topic: 'tea', style: 'Calm', photos: [], caption_tone: 'warm' },
      details: [],
    });
  });

  test('a single value of a multiple parameter becomes a list', () => {
    const resolved = validateInputs(parameters, { topic: 'tea', photos: 'https://example.com/a.png' });

    expect(resolved.values.photos).toEqual(['https://example.com/a.png']);
    expect(resolved.details).toEqual([]);
  });

  test('names match case-sensitively, so a differently cased name is an unknown parameter', () => {
    const resolved = validateInputs(parameters, { Topic: 'tea', topic: 'coffee', STYLE: 'Bold' });

    expect(resolved).toEqual({
      values: { topic: 'coffee', style: 'Calm', photos: [], caption_tone: '' },
      details: [
        { param: 'STYLE', code: 'unknown_parameter', message: '"STYLE" matches no parameter of this app' },
      ],
    });
  });

  test('overrides win over inputs', () => {
    const resolved = validateInputs(parameters, { topic: 'tea', style: 'Bold' }, { style: 'Calm' });

    expect(resolved.values.style).toBe('Calm');
  });

  test('every problem is reported: unknown keys first, then in parameter order', () => {
    const resolved = validateInputs(parameters, {
      style: 'Loud',
      photos: ['https://example.com/a.png', 'ftp://x/y'],
      caption_tone: 7,
      extra: 1,
    });

    expect(resolved).toEqual({
      values: {},
      details: [
        { param: 'extra', code: 'unknown_parameter', message: '"extra" matches no parameter of this app' },
        {
          param: 'Topic',
          code: 'missing_no_default',
          message: '"Topic" (key "topic") has no default and no value was supplied',
        },
        {
          param: 'Style',
          code: 'invalid_option',
          message: 'Style: "Loud" is not allowed; allowed: "Bold", "Calm"',
        },
        { param: 'Photos', code: 'invalid_media', message: 'Photos: "ftp://x/y" is not an http(s) URL' },
        {
          param: 'Caption tone',
          code: 'invalid_type',
          message: 'Caption tone: expects a string, got number',
        },
      ],
    });
  });

  test('null counts as not supplied, so the default applies or the value is missing', () => {
    const resolved = validateInputs(parameters, { topic: null, style: null });

    expect(resolved.values).toEqual({ style: 'Calm', photos: [], caption_tone: '' });
    expect(resolved.details.map((d) => [d.param, d.code])).toEqual([['Topic', 'missing_no_default']]);
  });

  test('an array for a single-valued parameter and an empty list for a multiple one are invalid types', () => {
    const resolved = validateInputs(parameters, { topic: ['a', 'b'], photos: [] });

    expect(resolved.details).toEqual([
      { param: 'Topic', code: 'invalid_type', message: 'Topic: expects a string, got array' },
      { param: 'Photos', code: 'invalid_type', message: 'Photos: expects at least one value' },
    ]);
  });

  test('refuses a 102,400-character word, naming the field and the limit (quote held librsvg 16 minutes)', () => {
    const resolved = validateInputs(parameters, { topic: 'a'.repeat(102_400) });

    expect(resolved.details).toEqual([
      {
        param: 'Topic',
        code: 'too_long',
        message: `Topic: is longer than ${TEXT_INPUT_MAX_LENGTH} characters, the limit for text`,
      },
    ]);
  });

  test('refuses a word past the longest-word limit in text of an allowed length', () => {
    const word = 'x'.repeat(TEXT_INPUT_MAX_WORD_LENGTH + 1);

    const resolved = validateInputs(parameters, { topic: `a quote with ${word} in it` });

    expect(resolved.details).toEqual([
      {
        param: 'Topic',
        code: 'word_too_long',
        message: `Topic: has a word of ${TEXT_INPUT_MAX_WORD_LENGTH + 1} characters; words are limited to ${TEXT_INPUT_MAX_WORD_LENGTH}`,
      },
    ]);
  });

  test('checks each value of a multiple text parameter against the limits', () => {
    const tags = AppParameter.parse({ id: 'p5', key: 'tags', name: 'Tags', type: 'text', multiple: true });

    const resolved = validateInputs([tags], { tags: ['fine', 'y'.repeat(TEXT_INPUT_MAX_LENGTH + 1)] });

    expect(resolved.details.map((d) => [d.param, d.code])).toEqual([['Tags', 'too_long']]);
  });

  test('accepts text at the limits: counted in characters as read, emoji and CJK included', () => {
    const emoji = '👍🏽'.repeat(TEXT_INPUT_MAX_LENGTH);
    const chinese = '我们今天去公园玩。'.repeat(500);
    const longWord = 'w'.repeat(TEXT_INPUT_MAX_WORD_LENGTH);

    for (const topic of [emoji, chinese, `a ${longWord} b`]) {
      expect(validateInputs(parameters, { topic }).details).toEqual([]);
    }
  });
});
