import { containsWords, matchesInput, normalizeText } from '../../../bench/agent/matchers';

describe('normalizeText', () => {
  test('lowers case, drops accents and turns punctuation runs into single spaces', () => {
    expect(normalizeText('Oat-milk LATTE, café!')).toBe('oat milk latte cafe');
    expect(normalizeText('20% off 10,000 items')).toBe('20% off 10 000 items');
  });
});

describe('containsWords', () => {
  test('matches whole words only', () => {
    expect(containsWords('Sam from Leeds', 'sam')).toBe(true);
    expect(containsWords('Samsung phones', 'sam')).toBe(false);
  });
});

describe('matchesInput', () => {
  const field = (value: unknown, unmet = false) => ({ value, unmet });

  test('equals compares the exact string, numbers included', () => {
    expect(matchesInput({ equals: '8' }, field(8))).toBe(true);
    expect(matchesInput({ equals: '4:5' }, field('4:5 '))).toBe(true);
    expect(matchesInput({ equals: 'Warm' }, field('warm'))).toBe(false);
  });

  test('contains wants every needle, any spelling of a listed alternative, and none of the excludes', () => {
    const m = { contains: ['trailblazer bottle', ['24 hours', '24h']], excludes: ['vertical video ad'] };
    expect(matchesInput(m, field('The Trailblazer bottle, cold for 24h'))).toBe(true);
    expect(matchesInput(m, field('Vertical video ad: the Trailblazer bottle, 24 hours'))).toBe(false);
    expect(matchesInput(m, field('The Trailblazer bottle'))).toBe(false);
    expect(matchesInput(m, field(undefined))).toBe(false);
  });

  test('oneOf compares normalized values', () => {
    expect(matchesInput({ oneOf: ['Maya Angelou'] }, field('maya angelou.'))).toBe(true);
    expect(matchesInput({ oneOf: ['Maya Angelou'] }, field('Maya Angelou, poet'))).toBe(false);
  });

  test('unmet wants the field among the unmet asks and no URL drafted into it', () => {
    expect(matchesInput({ unmet: true }, field(undefined, true))).toBe(true);
    expect(matchesInput({ unmet: true }, field('https://example.invalid/photo.jpg', true))).toBe(false);
    expect(matchesInput({ unmet: true }, field(undefined, false))).toBe(false);
  });
});
