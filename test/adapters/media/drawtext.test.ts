import { drawtext, fitText, wrapText } from '../../../adapters/media/drawtext';

describe('wrapText', () => {
  test('cuts a long word of emoji between graphemes, never inside a surrogate pair', () => {
    const lines = wrapText('😀'.repeat(40), 9);

    expect(lines.every((line) => !/[\uD800-\uDFFF]/u.test(line))).toBe(true);
    expect(lines.join('')).toBe('😀'.repeat(40));
  });

  test('wraps words greedily, keeps paragraphs and cuts words longer than a line', () => {
    expect(wrapText('one two three four\nfive abcdefghijkl', 9)).toEqual([
      'one two',
      'three',
      'four',
      'five',
      'abcdefghi',
      'jkl',
    ]);
  });
});

describe('fitText', () => {
  test('keeps the largest size when the text fits', () => {
    expect(fitText('Hi', 300, 300, 40)).toMatchObject({ lines: ['Hi'], fontSize: 40, lineHeight: 50 });
  });

  test('shrinks the font until every line fits the box height', () => {
    const fitted = fitText('word '.repeat(60), 300, 200, 60);

    expect(fitted.fontSize).toBeLessThan(60);
    expect(fitted.lines.length * fitted.lineHeight).toBeLessThanOrEqual(200);
  });

  test('refuses empty text and text that cannot fit', () => {
    expect(() => fitText('  ', 300, 300, 40)).toThrow(expect.objectContaining({ name: 'MediaInputError' }));
    expect(() => fitText('x'.repeat(5000), 100, 30, 40)).toThrow(
      expect.objectContaining({ name: 'MediaInputError' }),
    );
  });

  test('refuses a 102,400-character word before wrapping it (CPU lock on long words)', () => {
    expect(() => fitText('a'.repeat(102_400), 1000, 1000, 40)).toThrow(
      expect.objectContaining({ name: 'MediaInputError', message: 'text is too long to fit the frame' }),
    );
  });
});

describe('drawtext', () => {
  test('reads literal text from a file and quotes its expressions', () => {
    const filter = drawtext({
      textFile: '/tmp/a/line-0.txt',
      fontSize: 40,
      x: '(w-text_w)/2',
      y: '10',
      alpha: 'min(1,t)',
    });

    expect(filter).toMatch(/^drawtext=/);
    expect(filter).toContain(':textfile=/tmp/a/line-0.txt:expansion=none:');
    expect(filter).toContain(":x='(w-text_w)/2':y='10':alpha='min(1,t)'");
  });

  test('refuses a text file path that would need escaping in a filter graph', () => {
    expect(() => drawtext({ textFile: "/tmp/it's:here.txt", fontSize: 40, x: '0', y: '0' })).toThrow();
  });
});
