import type { BriefResult } from './score';

/** n right out of d. */
export interface Ratio {
  n: number;
  d: number;
}

export interface Figures {
  briefs: number;
  fit: number;
  noFit: number;
  /** Headless create does the right thing, over every brief (no fit: unmatched). */
  create: Ratio;
  discoverTop1: Ratio;
  discoverTop3: Ratio;
  /** Briefs whose required inputs are all right, among those where create ran the right app. */
  requiredRight: Ratio;
  /** Every judged field (required and clearly set optional ones), by parameter type and catalog role. */
  fieldsByType: Record<string, Ratio>;
  fieldsByRole: Record<string, Ratio>;
  /** Right app and every expected input right, over every brief. */
  endToEnd: Ratio;
  /** No-fit briefs answered unmatched / every no-fit brief. */
  unmatchedRecall: Ratio;
  /** Unmatched answers on no-fit briefs / unmatched answers on briefs where unmatched is not allowed or is right. */
  unmatchedPrecision: Ratio;
  stable: Ratio;
  /** Fit briefs: the expected app ran / another app ran / the expected app ran or was offered. */
  rightRun: Ratio;
  wrongRun: Ratio;
  rightRunOrOffered: Ratio;
  /** Fit briefs where the right app was chosen but cannot run yet: it asks for inputs the brief lacks. */
  rightAppAsks: Ratio;
  /** Fit briefs answered unmatched because the router was unsure, and those offering the right app. */
  clarified: Ratio;
  clarifiedWithRight: Ratio;
  /** No-fit briefs on which an app ran. */
  noFitRun: Ratio;
  /** Runs of the right app whose unmet asks list a guessed (auto-filled) field. */
  guessedFields: Ratio;
  /**
   * Judged fields with words they must not hold (`excludes`: in probes, a clause about the sender; in the
   * bench's own briefs, also labels and the rest of the brief) that hold one anyway.
   */
  senderFilled: Ratio;
  /** Confidence tenth -> judged answers in it, and the share whose first app (ran or offered) is right. */
  reliability: { bucket: string; right: Ratio }[];
  /** `ran` answers with HTTP 202, as CONTRACT.md says. */
  ranIs202: Ratio;
  /** Non-2xx answers from create, by code. */
  errors: Record<string, number>;
  /** By expected app, style and tag: create right, discovery top-1 (apps only), end to end (e2e). */
  perApp: Record<string, Record<'create' | 'top1' | 'e2e', Ratio>>;
  perStyle: Record<string, Record<'create' | 'e2e', Ratio>>;
  perTag: Record<string, Record<'create' | 'e2e', Ratio>>;
}

const ratio = (items: boolean[]): Ratio => ({ n: items.filter(Boolean).length, d: items.length });

function groupBy<T>(items: T[], keys: (item: T) => string[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) for (const key of keys(item)) out.set(key, [...(out.get(key) ?? []), item]);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

/** The figures for one group of judged briefs; `appName` turns an expected app id (or null) into a label. */
export function summarize(results: BriefResult[], appName: (appId: string | null) => string): Figures {
  const fit = results.filter((r) => r.expectedAppId !== null);
  const noFit = results.filter((r) => r.expectedAppId === null);
  const judged = results.filter((r) => r.fields !== null);
  const fields = judged.flatMap((r) => r.fields!);
  const unmatched = results.filter((r) => r.create.status === 'unmatched');
  const ran = results.filter((r) => r.create.status === 'ran');
  const errors: Record<string, number> = {};
  for (const r of results)
    if (r.create.status === 'error') errors[r.create.errorCode!] = (errors[r.create.errorCode!] ?? 0) + 1;
  const pair = (rs: BriefResult[]) => ({
    create: ratio(rs.map((r) => r.createRight)),
    e2e: ratio(rs.map((r) => r.endToEnd)),
  });
  return {
    briefs: results.length,
    fit: fit.length,
    noFit: noFit.length,
    create: ratio(results.map((r) => r.createRight)),
    discoverTop1: ratio(fit.map((r) => r.discoverTop1!)),
    discoverTop3: ratio(fit.map((r) => r.discoverTop3!)),
    requiredRight: ratio(judged.map((r) => r.requiredRight!)),
    fieldsByType: Object.fromEntries(
      [...groupBy(fields, (f) => [f.type])].map(([k, fs]) => [k, ratio(fs.map((f) => f.right))]),
    ),
    fieldsByRole: Object.fromEntries(
      [...groupBy(fields, (f) => [f.role])].map(([k, fs]) => [k, ratio(fs.map((f) => f.right))]),
    ),
    endToEnd: ratio(results.map((r) => r.endToEnd)),
    unmatchedRecall: ratio(noFit.map((r) => r.create.status === 'unmatched')),
    // An unmatched answer on a brief whose media is missing is neither right nor wrong here.
    unmatchedPrecision: ratio(
      unmatched
        .filter((r) => r.expectedAppId === null || !r.createRight)
        .map((r) => r.expectedAppId === null),
    ),
    stable: ratio(results.map((r) => r.stable)),
    ...judgementFigures(fit, noFit),
    senderFilled: ratio(fields.filter((f) => f.fromSender !== null).map((f) => f.fromSender!)),
    ranIs202: ratio(ran.map((r) => r.create.httpStatus === 202)),
    errors,
    perApp: Object.fromEntries(
      [...groupBy(results, (r) => [appName(r.expectedAppId)])].map(([k, rs]) => [
        k,
        { ...pair(rs), top1: ratio(rs.filter((r) => r.discoverTop1 !== null).map((r) => r.discoverTop1!)) },
      ]),
    ),
    perStyle: Object.fromEntries([...groupBy(results, (r) => [r.style])].map(([k, rs]) => [k, pair(rs)])),
    perTag: Object.fromEntries([...groupBy(results, (r) => r.tags)].map(([k, rs]) => [k, pair(rs)])),
  };
}

export const percent = (r: Ratio): number | null => (r.d === 0 ? null : (100 * r.n) / r.d);

const ranApp = (r: BriefResult) => r.create.status === 'ran';
const offersRight = (r: BriefResult) =>
  r.create.status !== 'ran' && r.expectedAppId !== null && r.create.offered.includes(r.expectedAppId);

/** What the router's confidence did: right and wrong runs, clarifications, runs on no-fit briefs. */
function judgementFigures(fit: BriefResult[], noFit: BriefResult[]) {
  const rightRun = (r: BriefResult) => ranApp(r) && r.create.appId === r.expectedAppId;
  const unsure = fit.filter((r) => r.create.status === 'unmatched' && r.create.cause === 'unsure');
  const ranRight = fit.filter(rightRun);
  // Every answer the router judged: its first app is the one it ran, or the first candidate it offered.
  const judged = [...fit, ...noFit].filter((r) => r.create.confidence !== null);
  const firstRight = (r: BriefResult) =>
    r.expectedAppId !== null && (r.create.appId ?? r.create.offered[0]) === r.expectedAppId;
  const reliability = Array.from({ length: 10 }, (_, b) => {
    const inBucket = judged.filter((r) => Math.min(9, Math.floor(r.create.confidence! * 10)) === b);
    return {
      bucket: `${(b / 10).toFixed(1)}-${((b + 1) / 10).toFixed(1)}`,
      right: ratio(inBucket.map(firstRight)),
    };
  }).filter((row) => row.right.d > 0);
  return {
    rightRun: ratio(fit.map(rightRun)),
    wrongRun: ratio(fit.map((r) => ranApp(r) && r.create.appId !== r.expectedAppId)),
    rightRunOrOffered: ratio(fit.map((r) => rightRun(r) || offersRight(r))),
    rightAppAsks: ratio(
      fit.map(
        (r) =>
          r.create.status === 'unmatched' &&
          r.create.cause === 'cannot_run' &&
          r.create.offered[0] === r.expectedAppId,
      ),
    ),
    clarified: ratio(fit.map((r) => unsure.includes(r))),
    clarifiedWithRight: ratio(unsure.map(offersRight)),
    noFitRun: ratio(noFit.map(ranApp)),
    guessedFields: ratio(ranRight.map((r) => r.create.unmet.length > 0)),
    reliability,
  };
}
