import { confidenceOf, confidenceWeight, growthOf, parseGrowth } from '../../../core/intelligence/growth';

describe('growthOf', () => {
  test.each([
    [5, 2, { label: '+150%', value: 1 }],
    [4, 5, { label: '-20%', value: -1 / 6 }],
    [3, 3, { label: '+0%', value: 0 }],
    [0, 4, { label: '-100%', value: -0.8 }],
    [1, 0, { label: 'new', value: 1 }],
    [3, 0, { label: 'new', value: 3 }],
    [40, 0, { label: 'new', value: 5 }],
    [0, 0, { label: '+0%', value: 0 }],
  ])('%i now against %i before is %j', (current, previous, expected) => {
    const got = growthOf(current, previous);
    expect(got.label).toBe(expected.label);
    expect(got.value).toBeCloseTo(expected.value, 10);
  });
});

describe('parseGrowth', () => {
  test.each([
    ['+150%', 1.5],
    ['150%', 1.5],
    ['-20%', -0.2],
    ['+12.5 %', 0.125],
    ['new', 1],
    ['NEW', 1],
    ['3x', 2],
    ['+900%', 5],
    ['-300%', -1],
    ['rising', 0],
  ])('%s ranks as %d', (text, value) => {
    expect(parseGrowth(text)).toBeCloseTo(value, 10);
  });
});

describe('confidenceOf and confidenceWeight', () => {
  test('labels follow the sample size', () => {
    expect([0, 4, 5, 19, 20, 500].map(confidenceOf)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
    ]);
  });

  test('weights read labels and 0..1 numbers; anything else counts as low', () => {
    expect(['high', 'Medium', 'low', '0.9', '0.5', '0.1', '7', '', 'sure'].map(confidenceWeight)).toEqual([
      1, 0.7, 0.4, 1, 0.7, 0.4, 0.4, 0.4, 0.4,
    ]);
  });
});
