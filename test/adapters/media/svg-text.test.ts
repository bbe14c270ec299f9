import { escapeXml, fitText, textSvg, textWidthEm } from '../../../adapters/media/svg-text';

const box = { width: 600, height: 400 };
const opts = { maxSize: 60, minSize: 20, maxLines: 4 };

describe('fitText', () => {
  test('keeps whole words on their lines when the text fits', () => {
    const fitted = fitText('to be or not to be', box, opts);

    expect(fitted.lines.join(' ')).toBe('to be or not to be');
    expect(fitted.fontSize).toBe(60);
  });

  test('breaks a 102,400-character word into lines no wider than the box (CPU lock on long words)', () => {
    const fitted = fitText('a'.repeat(102_400), box, opts);

    expect(fitted.lines).toHaveLength(opts.maxLines);
    expect(fitted.lines[opts.maxLines - 1].endsWith('…')).toBe(true);
    for (const line of fitted.lines) {
      expect(textWidthEm(line) * fitted.fontSize).toBeLessThanOrEqual(box.width);
    }
  });

  test('breaks a long word of emoji between graphemes', () => {
    const fitted = fitText('👍🏽'.repeat(200), box, opts);

    expect(fitted.lines.every((line) => !/[\uD800-\uDFFF]/u.test(line))).toBe(true);
    expect(fitted.lines.every((line) => line.replace('…', '').length % '👍🏽'.length === 0)).toBe(true);
  });
});

describe('escapeXml', () => {
  test('escapes markup and drops what XML 1.0 cannot carry (librsvg: invalid Char value 27)', () => {
    expect(escapeXml('<b>"Tom" & \'Jerry\'</b>')).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;',
    );
    expect(escapeXml('bell\u0007 esc\u001b end\uffff')).toBe('bell esc end');
  });

  test('textSvg never writes a control character into the SVG', () => {
    const svg = textSvg(
      { lines: ['a\u001bb', 'c\u0000d'], fontSize: 20, lineHeight: 1.2 },
      { x: 0, y: 0, anchor: 'start', fill: '#fff' },
    );

    // eslint-disable-next-line no-control-regex
    expect(svg).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(svg).toContain('>ab</tspan>');
  });
});
