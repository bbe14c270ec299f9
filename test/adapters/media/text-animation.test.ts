import { textLayers } from '../../../adapters/media/text-animation';

const frame = { width: 400, height: 300, seconds: 4 };
const fitted = { lines: ['ab', 'cde'], fontSize: 20, lineHeight: 25 };

describe('textLayers', () => {
  test('fade centres each line of a vertically centred block and fades it in and out', () => {
    const layers = textLayers(fitted, 'fade', frame);

    expect(layers.map(({ text, y }) => ({ text, y }))).toEqual([
      { text: 'ab', y: '125' },
      { text: 'cde', y: '150' },
    ]);
    expect(layers[0]).toMatchObject({ x: '(w-text_w)/2', alpha: 'if(lt(t,0.6),t/0.6,min(1,(4-t)/0.6))' });
  });

  test('slide-up moves each line up into place while it appears', () => {
    const [first] = textLayers(fitted, 'slide-up', frame);

    expect(first.y).toBe('125+24*pow(1-min(1,max(0,(t-0.00)/0.7)),3)');
    expect(first.alpha).toBe('min(1,max(0,(t-0.00)/0.7))');
  });

  test('typewriter shows each prefix only until the next one, and keeps every finished line', () => {
    const layers = textLayers(fitted, 'typewriter', frame);

    expect(layers.map((l) => [l.text, l.enable])).toEqual([
      ['a', 'gte(t,0.000)*lt(t,0.060)'],
      ['ab', 'gte(t,0.060)'],
      ['c', 'gte(t,0.120)*lt(t,0.180)'],
      ['cd', 'gte(t,0.180)*lt(t,0.240)'],
      ['cde', 'gte(t,0.240)'],
    ]);
    // One left edge for the block, so typing grows rightwards from a fixed point.
    expect(new Set(layers.map((l) => l.x)).size).toBe(1);
  });

  test('types emoji whole: no layer ends in half a surrogate pair (emoji script failed the run)', () => {
    const layers = textLayers({ lines: ['😀👍🏽👨‍👩‍👧'], fontSize: 20, lineHeight: 25 }, 'typewriter', frame);

    expect(layers.map((l) => l.text)).toEqual(['😀', '😀👍🏽', '😀👍🏽👨‍👩‍👧']);
  });
});
