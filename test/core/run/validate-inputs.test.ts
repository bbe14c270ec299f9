import { AppParameter } from '../../../core/app/app-definition';
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
});
