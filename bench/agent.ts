/**
 * Agent benchmark: how often discovery and content creation pick the app a person would, and how
 * many required inputs they fill as that person would. Pure and offline: the built-in catalog,
 * the real ranker and slot filler, no database or Temporal. `npm run bench:agent`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogApps } from '../adapters/catalog';
import { compileApp } from '../core/app/compiled-app';
import { draftInputs } from '../core/content/draft-inputs';
import {
  planContent,
  rankForContent,
  type ContentApp,
  type ContentRequest,
} from '../core/content/plan-content';
import { gatherGuidance } from '../core/content/prompt-guidance';
import { DEFAULT_NODE_COSTS } from '../core/billing/credits';
import { toCandidate } from '../core/discovery/candidate';
import { rankApps } from '../core/discovery/rank-apps';

interface BenchBrief {
  brief: string;
  platform?: string;
  appId: string;
  inputs: Record<string, string>;
}

const { briefs } = JSON.parse(readFileSync(join(__dirname, 'agent-briefs.json'), 'utf8')) as {
  briefs: BenchBrief[];
};
const apps: ContentApp[] = loadCatalogApps().map((d) => {
  const compiled = compileApp(d);
  return { appId: d.appId, compiled, candidate: toCandidate(d.appId, compiled, DEFAULT_NODE_COSTS) };
});
const byId = new Map(apps.map((a) => [a.appId, a]));
const verbose = process.argv.includes('--verbose');

const unknown = briefs.filter((b) => !byId.has(b.appId));
if (unknown.length > 0)
  throw new Error(`briefs name apps that are not in the catalog: ${unknown.map((b) => b.appId).join(', ')}`);

/** A text counts when the drafted value contains the person's value; options and URLs must be equal. */
function filledCorrectly(app: ContentApp, key: string, expected: string, actual: unknown): boolean {
  const p = app.compiled.definition.parameters.find((q) => q.key === key)!;
  if (typeof actual !== 'string') return false;
  if (p.type !== 'text') return actual === expected;
  return actual.toLowerCase().includes(expected.toLowerCase());
}

const tally = {
  discover1: 0,
  discover3: 0,
  content1: 0,
  content3: 0,
  required: 0,
  requiredOk: 0,
  requiredOkRightApp: 0,
  all: 0,
  allOk: 0,
  ran: 0,
  unmatched: 0,
};
const misses: string[] = [];
for (const b of briefs) {
  const discovered = rankApps(
    [b.brief, b.platform].filter(Boolean).join(' '),
    apps.map((a) => a.candidate),
    { limit: 3 },
  ).matches.map((m) => m.appId);
  if (discovered[0] === b.appId) tally.discover1++;
  if (discovered.includes(b.appId)) tally.discover3++;

  const request: ContentRequest = {
    brief: b.brief,
    platform: b.platform,
    headless: true,
    guidance: gatherGuidance(null, null),
  };
  const plan = planContent(request, apps);
  const chosen = plan.status === 'ran' ? plan.selectedApp.appId : null;
  tally.ran += plan.status === 'ran' ? 1 : 0;
  tally.unmatched += plan.status === 'unmatched' ? 1 : 0;
  if (chosen === b.appId) tally.content1++;
  if (
    rankForContent(request, apps)
      .slice(0, 3)
      .some((m) => m.appId === b.appId)
  )
    tally.content3++;

  const app = byId.get(b.appId)!;
  const required = app.compiled.definition.parameters
    .filter((p) => p.default === undefined)
    .map((p) => p.key);
  const endToEnd = plan.status === 'ran' && chosen === b.appId ? plan.draft.inputs : {};
  const rightApp = draftInputs(app.compiled.definition.parameters, {
    brief: b.brief,
    platform: b.platform,
    bestEffort: false,
  }).inputs;
  for (const [key, expected] of Object.entries(b.inputs)) {
    const isRequired = required.includes(key);
    tally.all++;
    if (filledCorrectly(app, key, expected, endToEnd[key])) tally.allOk++;
    if (!isRequired) continue;
    tally.required++;
    if (filledCorrectly(app, key, expected, endToEnd[key])) tally.requiredOk++;
    if (filledCorrectly(app, key, expected, rightApp[key])) tally.requiredOkRightApp++;
    else if (verbose)
      misses.push(
        `  input ${key}: wanted "${expected}", drafted ${JSON.stringify(rightApp[key])} <- ${b.brief}`,
      );
  }
  if (verbose && (discovered[0] !== b.appId || chosen !== b.appId))
    misses.push(
      `  app: wanted ${app.compiled.definition.name}; discovery ${byId.get(discovered[0])?.compiled.definition.name ?? '-'}; content ${chosen ? byId.get(chosen)!.compiled.definition.name : plan.status} <- ${b.brief}`,
    );
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}% (${n}/${d})`;
console.log(`agent bench: ${briefs.length} briefs over ${apps.length} catalog apps`);
console.log(
  `discovery         top-1 ${pct(tally.discover1, briefs.length)}   top-3 ${pct(tally.discover3, briefs.length)}`,
);
console.log(
  `content creation  top-1 ${pct(tally.content1, briefs.length)}   top-3 ${pct(tally.content3, briefs.length)}   (headless: ${tally.ran} ran, ${tally.unmatched} unmatched)`,
);
console.log(
  `required inputs filled correctly: end to end ${pct(tally.requiredOk, tally.required)}; given the right app ${pct(tally.requiredOkRightApp, tally.required)}`,
);
console.log(`all listed inputs (required and optional) end to end: ${pct(tally.allOk, tally.all)}`);
if (verbose) console.log(misses.join('\n'));
