/**
 * Agent benchmark: `npm run bench:agent [-- --split dev|heldout|all] [--json] [--verbose]`.
 * How often headless content/create does what a person would (the right app, or unmatched when no
 * app fits), how often discovery ranks that app first, and whether the inputs are filled as that
 * person would, on briefs written from the user's side (bench/agent/briefs.json) and on the 47
 * older briefs written beside the code (legacy-briefs.json, reported apart).
 * 1. Starts the real API in this process over PGlite, with a local media server for photo URLs,
 *    and calls it over HTTP in sandbox mode: nothing runs, no model is called, no credit is spent.
 * 2. Sends every brief to content/create twice (headless) and once to apps/discover.
 * 3. Prints the dev and held-out splits side by side, with the gap between them, per app, per style
 *    and per tag. `--verbose` lists the misses of the dev split and legacy only: held-out briefs are
 *    never shown, so nobody tunes on them (STYLE.md item 20). It prints figures; it asserts nothing.
 * `--probe <file>` measures a brief set kept outside the bench instead (same shape as briefs.json),
 * every brief shown: fresh briefs to find failure classes on without touching either split. Its photo
 * links are served by the bench's media server (withPhotosServed): their writers meant photos that exist.
 */
import { loadCatalogApps } from '../adapters/catalog';
import {
  loadBriefs,
  loadLegacyBriefs,
  mediaPaths,
  withMediaBase,
  withPhotosServed,
  type BenchBrief,
} from './agent/brief-set';
import { summarize, type Figures } from './agent/figures';
import { describeMiss, printReport } from './agent/report';
import { judgeBrief, type BriefResult, type Group } from './agent/score';
import { startBenchService } from './agent/service';
import { splitOf } from './agent/split';

interface Options {
  split: 'dev' | 'heldout' | 'all';
  probe?: string;
  json: boolean;
  verbose: boolean;
}

function readOptions(argv: string[]): Options {
  const at = argv.indexOf('--split');
  const split = at >= 0 ? argv[at + 1] : (argv.find((a) => a.startsWith('--split='))?.slice(8) ?? 'all');
  if (split !== 'dev' && split !== 'heldout' && split !== 'all')
    throw new Error(`--split takes dev, heldout or all, not ${JSON.stringify(split)}`);
  const probeAt = argv.indexOf('--probe');
  const probe = probeAt >= 0 ? argv[probeAt + 1] : undefined;
  return { split, probe, json: argv.includes('--json'), verbose: argv.includes('--verbose') };
}

/** The dev and held-out splits of the bench, and the legacy briefs beside dev, as asked. */
function splitGroups(
  briefs: BenchBrief[],
  options: Options,
  catalog: ReturnType<typeof loadCatalogApps>,
): [Group, BenchBrief[]][] {
  const groups: [Group, BenchBrief[]][] = [];
  if (options.split !== 'heldout') groups.push(['dev', briefs.filter((b) => splitOf(b.id) === 'dev')]);
  if (options.split !== 'dev') groups.push(['heldout', briefs.filter((b) => splitOf(b.id) === 'heldout')]);
  if (options.split !== 'heldout') groups.push(['legacy', loadLegacyBriefs(catalog)]);
  return groups;
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const catalog = loadCatalogApps();
  const apps = new Map(catalog.map((a) => [a.appId, a]));
  const appName = (id: string | null) => (id === null ? '(no fit)' : (apps.get(id)?.name ?? id));

  const briefs = options.probe ? loadBriefs(options.probe).map(withPhotosServed) : loadBriefs();
  const groups = options.probe
    ? [['probe', briefs] as [Group, BenchBrief[]]]
    : splitGroups(briefs, options, catalog);

  // The embeddings signal as the environment names it (EMBEDDINGS_PROVIDER=local|openai|none), local by default as in the service.
  const embeddings = process.env.EMBEDDINGS_PROVIDER ?? 'local';
  const service = await startBenchService(mediaPaths(briefs), { EMBEDDINGS_PROVIDER: embeddings });
  const results: BriefResult[] = [];
  const createMs: number[] = [];
  try {
    for (const [group, list] of groups)
      for (const raw of list) {
        const brief = withMediaBase(raw, service.mediaBase);
        const started = performance.now();
        const first = await service.create(brief);
        createMs.push(performance.now() - started);
        const second = await service.create(brief);
        const discover = await service.discover(brief);
        results.push(judgeBrief(brief, group, apps, { first, second, discover }));
      }
  } finally {
    await service.close();
  }

  const figures: Partial<Record<Group, Figures>> = Object.fromEntries(
    groups.map(([g]) => [
      g,
      summarize(
        results.filter((r) => r.group === g),
        appName,
      ),
    ]),
  );
  const shown = results.filter((r) => r.group !== 'heldout');
  if (options.json) {
    const misses = options.verbose ? shown.filter((r) => describeMiss(r, appName) !== null) : undefined;
    console.log(
      JSON.stringify({ catalogApps: catalog.length, figures, ...(misses ? { misses } : {}) }, null, 2),
    );
    return;
  }
  printReport(
    figures,
    `agent bench: ${briefs.length} briefs written from the user's side (split ${options.split})` +
      `${groups.some(([g]) => g === 'legacy') ? ' + 47 legacy' : ''}, ` +
      `${catalog.length} catalog apps; headless content/create and apps/discover over HTTP, sandbox mode; embeddings ${embeddings}`,
  );
  console.log(`\ncontent/create over HTTP (sandbox, embeddings ${embeddings}): ${latency(createMs)}`);
  if (embeddings !== 'none' && groups.some(([g]) => g === 'dev'))
    console.log(
      "note: the dev split and the training sets are the judgement's labelled examples (examples.json), so with embeddings a dev brief is voted on by itself: dev figures are in-sample; held-out and probes are not.",
    );
  if (options.verbose) {
    console.log('\nmisses (dev, legacy and probe only; held-out briefs are never listed):');
    for (const r of shown) {
      const miss = describeMiss(r, appName);
      if (miss) console.log(miss);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/** p50 and p95 of the create calls, in ms (the first call, which loads the models, included). */
function latency(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms over ${ms.length} briefs`;
}
