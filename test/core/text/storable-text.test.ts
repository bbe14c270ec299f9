import fc from 'fast-check';
import { findUnstorable, unstorableText } from '../../../core/text/storable-text';

describe('unstorableText', () => {
  test.each([
    ['a\u0000b', 'U+0000'],
    ['\ud800', 'U+D800'],
    ['x\udfff', 'U+DFFF'],
    ['\udbff\u0000', 'U+0000'],
    ['ok \ud83d', 'U+D83D'],
  ])('names what PostgreSQL cannot store in %j', (text, named) => {
    expect(unstorableText(text)).toContain(named);
  });

  test('accepts paired surrogates, controls other than NUL, U+FFFF and empty text', () => {
    for (const text of ['😀👩‍👩‍👧', '\u0007\u001b', '\uffff\ufffe', '', 'é'])
      expect(unstorableText(text)).toBeNull();
  });

  test('accepts every well-formed string without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(unstorableText(text.replaceAll('\u0000', ''))).toBeNull();
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('findUnstorable', () => {
  test('finds a bad string or key at any depth, with its path', () => {
    expect(findUnstorable({ inputs: { topic: ['ok', 'a\u0000'] } }, 32)).toEqual({
      path: ['inputs', 'topic', 1],
      code: 'invalid_character',
      problem: expect.stringContaining('U+0000'),
    });
    expect(findUnstorable({ spec: { 'k\ud800': 1 } }, 32)).toEqual({
      path: ['spec'],
      code: 'invalid_character',
      problem: expect.stringMatching(/^has a key that .*U\+D800/),
    });
  });

  test('refuses nesting past the limit without recursing: 100,000 levels take one pass (RangeError on deep JSON)', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];

    expect(findUnstorable({ spec: deep }, 32)).toMatchObject({ code: 'too_deep', path: expect.any(Array) });
    expect((findUnstorable({ spec: deep }, 32)!.path as unknown[]).length).toBe(32);
    expect(findUnstorable([[[['ok']]]], 3)).toMatchObject({ code: 'too_deep' });
    expect(findUnstorable([[['ok']]], 3)).toBeNull();
  });
});
