import {
  assText,
  assTime,
  estimateCaptionCues,
  estimateWordTimings,
  toAss,
} from '../../../adapters/media/captions';

describe('estimateWordTimings', () => {
  test('spreads words over the duration in proportion to their length', () => {
    const words = estimateWordTimings('a bbb', 6);

    // weights: "a" 1+1 = 2, "bbb" 3+1 = 4; total 6
    expect(words).toEqual([
      { word: 'a', start: 0, end: 2 },
      { word: 'bbb', start: 2, end: 6 },
    ]);
  });

  test('leaves a pause after a sentence end', () => {
    const [first, second] = estimateWordTimings('Stop. Go', 10);

    expect(second.start - first.end).toBeGreaterThan(0);
  });
});

describe('estimateCaptionCues', () => {
  test('splits at sentence ends and word limits, covering the whole duration in order', () => {
    const text = 'Make videos with agents. One command starts everything you need on a laptop today.';
    const cues = estimateCaptionCues(text, 8, { maxWords: 6, maxChars: 30 });

    expect(cues.map((c) => c.text)).toEqual([
      'Make videos with agents.',
      'One command starts everything',
      'you need on a laptop today.',
    ]);
    expect(cues[0].start).toBe(0);
    expect(cues[cues.length - 1].end).toBeCloseTo(8 * (1 - 4 / totalWeight(text)), 2);
    cues.forEach((cue, i) => {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1].end);
    });
  });

  test('shows a word longer than a cue in pieces, whole emoji each (long words ran off the frame)', () => {
    const cues = estimateCaptionCues(`${'a'.repeat(100)} ${'😀'.repeat(40)}`, 10);

    expect(
      cues
        .map((c) => c.text)
        .join('')
        .replace(/ /g, ''),
    ).toBe('a'.repeat(100) + '😀'.repeat(40));
    for (const cue of cues) {
      expect(cue.text.length).toBeLessThanOrEqual(64);
      expect(/[\uD800-\uDFFF]/u.test(cue.text)).toBe(false);
    }
  });

  test('returns no cues for empty text', () => {
    expect(estimateCaptionCues('  ', 3)).toEqual([]);
  });
});

function totalWeight(text: string): number {
  const words = text.split(' ');
  return words.reduce((sum, w) => sum + w.length + 1 + (w.endsWith('.') ? 4 : 0), 0);
}

describe('toAss', () => {
  test('writes a bottom-centred style sized from the frame and one event per cue', () => {
    const ass = toAss([{ start: 0.5, end: 2.25, text: 'Hello {world}\nnext' }], {
      width: 1080,
      height: 1920,
    });

    expect(ass).toContain('PlayResX: 1080\nPlayResY: 1920');
    expect(ass).toMatch(/^Style: Caption,DejaVu Sans,67,.*,2,86,86,192,1$/m);
    expect(ass).toContain('Dialogue: 0,0:00:00.50,0:00:02.25,Caption,,0,0,0,,Hello (world)\\Nnext');
  });

  test('formats times as h:mm:ss.cc', () => {
    expect(assTime(3723.456)).toBe('1:02:03.46');
  });

  test('neutralises override blocks and backslashes', () => {
    expect(assText('{\\b1}x\\N')).toBe('(/b1)x/N');
  });

  test('drops controls and lone surrogates that a quote or script may carry, keeping emoji', () => {
    expect(assText('bell\u0007 esc\u001b \ud800end\uffff 😀')).toBe('bell esc end 😀');
  });
});
