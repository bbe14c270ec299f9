import { chooseThreshold, wilsonUpper, type Judged } from '../../../bench/judgement/calibration';

const judged = (expected: string | null, first: string, confidence: number): Judged => ({
  id: `${expected}-${first}-${confidence}`,
  expected,
  first,
  offered: [first],
  fit: true,
  confidence,
});

describe('the run threshold', () => {
  test("Wilson's upper bound sits above the rate seen, and closer to it the more briefs there are", () => {
    expect(wilsonUpper(0, 0)).toBe(0);
    expect(wilsonUpper(2, 100)).toBeGreaterThan(0.02);
    expect(wilsonUpper(20, 1000)).toBeGreaterThan(0.02);
    expect(wilsonUpper(20, 1000)).toBeLessThan(wilsonUpper(2, 100));
    expect(wilsonUpper(0, 100)).toBeGreaterThan(0);
  });

  test('is chosen where the upper bound of wrong runs meets the limit, not the rate alone', () => {
    // 200 right runs at 0.9, 3 wrong runs at 0.6, 0.7 and 0.8, and 100 no-fit briefs at 0.1.
    const briefs = [
      ...Array.from({ length: 200 }, () => judged('a', 'a', 0.9)),
      judged('a', 'b', 0.6),
      judged('a', 'b', 0.7),
      judged('a', 'b', 0.8),
      ...Array.from({ length: 100 }, () => judged(null, 'a', 0.1)),
    ];
    const limits = { maxWrong: 0.02, maxNoFit: 0.05 };
    // The rates alone (3 or 2 of 203 wrong) would allow any threshold above 0.1; their bounds do not,
    // while one wrong run in 203 stays under the limit with 90% confidence.
    expect(wilsonUpper(3, 203)).toBeGreaterThan(0.02);
    expect(wilsonUpper(2, 203)).toBeGreaterThan(0.02);
    expect(wilsonUpper(1, 203)).toBeLessThanOrEqual(0.02);
    expect(chooseThreshold(briefs, limits)).toBe(0.71);
  });
});
