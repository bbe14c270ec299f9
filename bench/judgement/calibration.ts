/** One brief as the judgement sees it: what was expected, what ranked first, and how sure it was. */
export interface Judged {
  id: string;
  expected: string | null;
  first: string | null;
  /** The first three matches: what a clarification would offer. */
  offered: string[];
  /** Discovery's verdict said fit (otherwise create answers unmatched whatever the confidence). */
  fit: boolean;
  confidence: number;
}

const runs = (j: Judged, threshold: number) => j.fit && j.first !== null && j.confidence >= threshold;

/** What running at a threshold does, as shares of fit and no-fit briefs. */
export function thresholdFigures(judged: Judged[], threshold: number) {
  const fit = judged.filter((j) => j.expected !== null);
  const noFit = judged.filter((j) => j.expected === null);
  const share = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
  const ranRight = fit.filter((j) => runs(j, threshold) && j.first === j.expected).length;
  const ranWrong = fit.filter((j) => runs(j, threshold) && j.first !== j.expected).length;
  const offered = fit.filter(
    (j) =>
      (runs(j, threshold) && j.first === j.expected) ||
      (!runs(j, threshold) && j.offered.includes(j.expected!)),
  ).length;
  return {
    rightRun: share(ranRight, fit.length),
    wrongRun: share(ranWrong, fit.length),
    rightRunOrOffered: share(offered, fit.length),
    noFitRun: share(noFit.filter((j) => runs(j, threshold)).length, noFit.length),
  };
}

/**
 * How sure the limits must hold: the one-sided 90% upper bound of a rate (z of 1.2816), so a threshold
 * is chosen where unseen briefs stay under the limits with that confidence, not only on average.
 */
const Z_UPPER_90 = 1.2816;

/** Wilson's upper bound of a rate seen as `n` of `d`. */
export function wilsonUpper(n: number, d: number, z = Z_UPPER_90): number {
  if (d === 0) return 0;
  const p = n / d;
  const z2 = z * z;
  const centre = p + z2 / (2 * d);
  const spread = z * Math.sqrt((p * (1 - p)) / d + z2 / (4 * d * d));
  return (centre + spread) / (1 + z2 / d);
}

/**
 * The lowest threshold (in hundredths) at which the upper bounds of both cross-validated rates (wrong
 * app runs over fit briefs, runs over no-fit briefs) meet their limits.
 */
export function chooseThreshold(judged: Judged[], limits: { maxWrong: number; maxNoFit: number }): number {
  const fit = judged.filter((j) => j.expected !== null);
  const noFit = judged.filter((j) => j.expected === null);
  for (let t = 0; t <= 100; t++) {
    const threshold = t / 100;
    const wrong = fit.filter((j) => runs(j, threshold) && j.first !== j.expected).length;
    const noFitRun = noFit.filter((j) => runs(j, threshold)).length;
    if (
      wilsonUpper(wrong, fit.length) <= limits.maxWrong &&
      wilsonUpper(noFitRun, noFit.length) <= limits.maxNoFit
    )
      return threshold;
  }
  return 1;
}

/** Confidence tenths -> how many briefs and the share whose first app was right. */
export function reliabilityTable(judged: Judged[]): string {
  const rows = ['  confidence  briefs  first app right'];
  for (let b = 0; b < 10; b++) {
    const inBucket = judged.filter(
      (j) => j.fit && j.first !== null && Math.min(9, Math.floor(j.confidence * 10)) === b,
    );
    if (inBucket.length === 0) continue;
    const right = inBucket.filter((j) => j.first === j.expected).length;
    rows.push(
      `  ${(b / 10).toFixed(1)}-${((b + 1) / 10).toFixed(1)}  ${String(inBucket.length).padStart(6)}  ${((100 * right) / inBucket.length).toFixed(0).padStart(5)}%`,
    );
  }
  return rows.join('\n');
}
