import fc from 'fast-check';
import { exampleVotes, NEAREST_EXAMPLES } from '../../../../core/discovery/judgement/example-votes';

/** A unit vector at `degrees` in the plane: cosine between two is the cosine of their angle. */
const at = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

describe('exampleVotes', () => {
  test('the nearest examples outvote the far ones, and a no-fit example votes none', () => {
    const votes = exampleVotes(
      at(0),
      [
        { vector: at(2), appId: 'quote' },
        { vector: at(4), appId: 'quote' },
        { vector: at(6), appId: null },
        { vector: at(80), appId: 'video' },
      ],
      new Set(['quote', 'video']),
    )!;
    expect(votes.apps.get('quote')).toBeGreaterThan(0.6);
    expect(votes.none).toBeGreaterThan(0.2);
    expect(votes.apps.get('video')).toBeLessThan(0.001);
  });

  test('examples of apps the caller cannot use are left out, not counted as none', () => {
    const votes = exampleVotes(
      at(0),
      [
        { vector: at(1), appId: 'private-of-another' },
        { vector: at(30), appId: 'quote' },
      ],
      new Set(['quote']),
    )!;
    expect(votes.apps.get('quote')).toBe(1);
    expect(votes.none).toBe(0);
    expect(votes.apps.has('private-of-another')).toBe(false);
  });

  test('no usable example: no votes', () => {
    expect(exampleVotes(at(0), [], new Set(['quote']))).toBeUndefined();
    expect(exampleVotes(at(0), [{ vector: at(0), appId: 'gone' }], new Set(['quote']))).toBeUndefined();
  });

  test('only the nearest examples vote', () => {
    const far = Array.from({ length: NEAREST_EXAMPLES }, (_, i) => ({
      vector: at(1 + i / 10),
      appId: 'near',
    }));
    const votes = exampleVotes(
      at(0),
      [...far, { vector: at(1.05), appId: 'late' }],
      new Set(['near', 'late']),
    )!;
    expect(votes.apps.get('near')).toBeGreaterThan(0.85);
    expect(votes.apps.get('late')).toBeGreaterThan(0);
    const beyond = exampleVotes(
      at(0),
      [...far, { vector: at(90), appId: 'late' }],
      new Set(['near', 'late']),
    )!;
    expect(beyond.apps.get('late')).toBeUndefined();
  });

  test('votes are shares that sum to one, and the same examples in any order vote the same', () => {
    const example = fc.record({
      degrees: fc.integer({ min: 0, max: 180 }),
      appId: fc.constantFrom('a', 'b', 'c', null),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 180 }),
        fc.array(example, { minLength: 1, maxLength: 30 }),
        (brief, items) => {
          const examples = items.map((e) => ({ vector: at(e.degrees), appId: e.appId }));
          const votes = exampleVotes(at(brief), examples, new Set(['a', 'b', 'c']))!;
          const total = [...votes.apps.values()].reduce((s, v) => s + v, votes.none);
          expect(total).toBeCloseTo(1, 3);
          const reversed = exampleVotes(at(brief), [...examples].reverse(), new Set(['a', 'b', 'c']))!;
          // Equal similarities may swap which tied example is cut at the tenth place; shares stay close.
          if (new Set(items.map((e) => e.degrees)).size === items.length)
            expect([...reversed.apps].sort()).toEqual([...votes.apps].sort());
        },
      ),
    );
  });
});
