import { percent, type Figures, type Ratio } from './figures';
import type { BriefResult, Group } from './score';

const TITLES: Record<Group, string> = { dev: 'dev', heldout: 'held-out', legacy: 'legacy', probe: 'probe' };

/** Issue 9's bar for the held-out split. */
export const TARGETS: Partial<Record<HeadlineKey, number>> = {
  create: 90,
  discoverTop1: 90,
  discoverTop3: 98,
  requiredRight: 85,
  endToEnd: 80,
  unmatchedRecall: 80,
  unmatchedPrecision: 90,
  stable: 100,
};

type HeadlineKey =
  | 'create'
  | 'discoverTop1'
  | 'discoverTop3'
  | 'requiredRight'
  | 'endToEnd'
  | 'unmatchedRecall'
  | 'unmatchedPrecision'
  | 'stable'
  | 'rightRun'
  | 'wrongRun'
  | 'rightRunOrOffered'
  | 'rightAppAsks'
  | 'clarified'
  | 'clarifiedWithRight'
  | 'noFitRun'
  | 'guessedFields'
  | 'senderFilled'
  | 'ranIs202';

const HEADLINES: [HeadlineKey, string][] = [
  ['create', 'content/create right (no fit -> unmatched)'],
  ['discoverTop1', 'discovery top-1 (fit briefs)'],
  ['discoverTop3', 'discovery top-3 (fit briefs)'],
  ['requiredRight', 'required inputs all right | right app'],
  ['endToEnd', 'right app and all inputs right'],
  ['unmatchedRecall', 'unmatched recall (no-fit briefs)'],
  ['unmatchedPrecision', 'unmatched precision'],
  ['stable', 'same brief twice -> same answer'],
  ['rightRun', 'right app run (fit briefs)'],
  ['wrongRun', 'wrong app run (fit briefs; issue 28: <= 2)'],
  ['rightRunOrOffered', 'right app run or offered (issue 28: >= 97)'],
  ['rightAppAsks', 'right app chosen, asks for inputs it lacks'],
  ['clarified', 'unsure: candidates instead of a run (fit briefs)'],
  ['clarifiedWithRight', '  of those, right app among the candidates'],
  ['noFitRun', 'no-fit briefs that ran an app (issue 28: <= 5)'],
  ['guessedFields', 'right-app runs with a guessed field'],
  ['senderFilled', 'fields holding words kept out of them (sender clause ...)'],
  ['ranIs202', '`ran` answered 202 (CONTRACT.md)'],
];

const cell = (r: Ratio | undefined) => {
  const p = r ? percent(r) : null;
  return p === null ? '-' : `${p.toFixed(1)}% (${r!.n}/${r!.d})`;
};

const row = (label: string, cells: string[], width = 44) =>
  label.padEnd(width) + cells.map((c) => c.padStart(17)).join('');

/** Held-out minus dev, in percentage points. */
function gap(figures: Partial<Record<Group, Figures>>, pick: (f: Figures) => Ratio | undefined): string {
  const dev = figures.dev && pick(figures.dev);
  const held = figures.heldout && pick(figures.heldout);
  const a = dev ? percent(dev) : null;
  const b = held ? percent(held) : null;
  if (a === null || b === null) return '-';
  const d = b - a;
  return `${d >= 0 ? '+' : ''}${d.toFixed(1)} pts`;
}

/** The side-by-side tables: headline measures, fields by type and role, per app, per style, per tag. */
export function printReport(figures: Partial<Record<Group, Figures>>, header: string): void {
  const groups = (['dev', 'heldout', 'legacy', 'probe'] as const).filter((g) => figures[g]);
  const both = figures.dev && figures.heldout;
  const heads = [...groups.map((g) => TITLES[g]), ...(both ? ['gap'] : []), 'target'];
  const line = (label: string, pick: (f: Figures) => Ratio | undefined, target?: number) =>
    console.log(
      row(label, [
        ...groups.map((g) => cell(pick(figures[g]!))),
        ...(both ? [gap(figures, pick)] : []),
        target === undefined ? '' : `>= ${target}%`,
      ]),
    );

  console.log(header);
  console.log(
    row(
      'briefs (fit / no fit)',
      groups.map((g) => `${figures[g]!.briefs} (${figures[g]!.fit}/${figures[g]!.noFit})`),
    ),
  );
  console.log(`\n${row('measure', heads)}`);
  for (const [key, label] of HEADLINES) line(label, (f) => f[key], TARGETS[key]);

  console.log(
    `\n${row(
      'reliability: confidence -> first app right',
      groups.map((g) => `${TITLES[g]} right`),
    )}`,
  );
  const buckets = [...new Set(groups.flatMap((g) => figures[g]!.reliability.map((r) => r.bucket)))].sort();
  for (const b of buckets)
    console.log(
      row(
        `  confidence ${b}`,
        groups.map((g) => cell(figures[g]!.reliability.find((r) => r.bucket === b)?.right)),
      ),
    );

  console.log(`\n${row('fields right | right app (all judged fields)', heads.slice(0, -1))}`);
  const types = unionKeys(groups.map((g) => figures[g]!.fieldsByType));
  for (const t of types) line(`  ${t} fields`, (f) => f.fieldsByType[t]);
  for (const r of unionKeys(groups.map((g) => figures[g]!.fieldsByRole)))
    line(`  role ${r}`, (f) => f.fieldsByRole[r]);

  const split = groups.filter((g) => g !== 'legacy');
  const breakdown = (
    title: string,
    table: (f: Figures) => Record<string, Record<string, Ratio>>,
    measures: string[],
  ) => {
    const cols = split.flatMap((g) => measures.map((m) => `${TITLES[g]} ${m}`));
    console.log(`\n${row(title, cols)}`);
    for (const name of unionKeys(split.map((g) => table(figures[g]!))))
      console.log(
        row(
          `  ${name}`.slice(0, 43),
          split.flatMap((g) => measures.map((m) => cell(table(figures[g]!)[name]?.[m]))),
        ),
      );
  };
  breakdown('per app (expected)', (f) => f.perApp, ['create', 'top1', 'e2e']);
  breakdown('per style', (f) => f.perStyle, ['create', 'e2e']);
  breakdown('per tag', (f) => f.perTag, ['create', 'e2e']);

  for (const g of groups) {
    const errors = Object.entries(figures[g]!.errors);
    if (errors.length > 0)
      console.log(
        `\n${TITLES[g]}: create answered an error for ${errors.map(([c, n]) => `${n} x ${c}`).join(', ')}`,
      );
  }
}

/** What went wrong on one brief, in a line or three; only ever called for dev and legacy briefs. */
export function describeMiss(r: BriefResult, appName: (appId: string | null) => string): string | null {
  const wrongFields = (r.fields ?? []).filter((f) => !f.right);
  if (r.createRight && r.discoverTop1 !== false && wrongFields.length === 0 && r.stable) return null;
  const got =
    r.create.status === 'ran'
      ? appName(r.create.appId)
      : r.create.status === 'error'
        ? `error ${r.create.errorCode}`
        : r.create.status === 'unmatched' || r.create.status === 'needs_input'
          ? `${r.create.status} (${unmatchedDetail(r.create)})`
          : r.create.status;
  const lines = [
    `  ${r.id} [${r.style}] wanted ${appName(r.expectedAppId)}; create ${got}; discovery ${appName(r.discoverFirst)}`,
  ];
  for (const f of wrongFields) lines.push(`      ${f.key} (${f.type}): ${JSON.stringify(f.drafted)}`);
  if (!r.stable) lines.push('      answered differently the second time');
  lines.push(`      <- ${r.brief.replace(/\s+/g, ' ').slice(0, 160)}`);
  return lines.join('\n');
}

/** Why create did not run: its cause, its confidence, what it asks for and what it offered. */
function unmatchedDetail(c: BriefResult['create']): string {
  return [
    c.cause,
    c.confidence === null ? null : `confidence ${c.confidence.toFixed(2)}`,
    c.unmet.length > 0 ? `asks ${c.unmet.join(', ')}` : null,
    c.offered.length > 0 ? `offered ${c.offered.length}` : 'offered none',
  ]
    .filter(Boolean)
    .join('; ');
}

function unionKeys(records: Record<string, unknown>[]): string[] {
  return [...new Set(records.flatMap((r) => Object.keys(r)))].sort();
}
