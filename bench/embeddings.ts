/**
 * Local embeddings benchmark: `npm run bench:embeddings`. What EMBEDDINGS_PROVIDER=local costs and what
 * it knows on its own (not blended with the lexical scores):
 * 1. MB on disk: the GGUF model and the node-llama-cpp package with the binaries setup keeps.
 * 2. Seconds to load (import node-llama-cpp, load the model, create the embedding context) and RSS added.
 * 3. Milliseconds per brief, p50/p95, over the first 100 briefs of bench/agent/briefs.json, each embedded
 *    alone (uncached: the app texts are embedded once before, as the scorer caches them).
 * 4. Alone as a router: top-1 and top-3 (cosine of brief and appEmbeddingText) over the briefs that have
 *    a fitting app, per split, and the mean top score of no-fit briefs beside fit ones.
 * 5. A few briefs with their three nearest apps, and a check that the same text gives the same vector.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { localEmbeddings } from '../adapters/models/local-embeddings';
import { localModelPath } from '../api/commands/semantic-scorer';
import { loadConfig } from '../core/config';
import { appEmbeddingText, cosine } from '../core/discovery/cosine';
import { splitOf } from './agent/split';
import { percentile } from './timing';

const ROOT = path.resolve(__dirname, '..');
const TIMED_BRIEFS = 100;
const SHOWN_BRIEFS = [
  "a quote card of Seneca's line on luck",
  'turn my podcast episode into a short clip with a waveform and captions',
  'a 30-second vertical ad for our new running shoes for TikTok',
  'put our product photo on a clean studio background',
  'three slides for LinkedIn explaining our pricing change',
  'a hero image for my blog post about remote work',
];

interface CatalogApp {
  appId: string;
  name: string;
  description: string | null;
  frontmatter: { summary: string; useCases: string[]; keywords: string[]; aliases: string[] };
}

interface Brief {
  id: string;
  brief: string;
  expected: { appId: string | null };
}

function catalogApps(): CatalogApp[] {
  const dir = path.join(ROOT, 'catalog', 'apps');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CatalogApp);
}

function briefs(): Brief[] {
  const file = path.join(ROOT, 'bench', 'agent', 'briefs.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { briefs: Brief[] }).briefs;
}

function bytesUnder(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, entry) => sum + bytesUnder(path.join(target, entry)), 0);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const rss = () => process.memoryUsage().rss;

function ranked(vector: number[], apps: CatalogApp[], appVectors: number[][]) {
  return apps
    .map((app, i) => ({ app, score: cosine(vector, appVectors[i]) }))
    .sort((a, b) => b.score - a.score || a.app.name.localeCompare(b.app.name));
}

async function main(): Promise<void> {
  const modelPath = localModelPath(loadConfig(process.env));
  const disk = {
    model: bytesUnder(modelPath),
    binding: bytesUnder(path.join(ROOT, 'node_modules', 'node-llama-cpp')),
    binaries: bytesUnder(path.join(ROOT, 'node_modules', '@node-llama-cpp')),
  };
  if (disk.model === 0) throw new Error(`no model at ${modelPath}: run \`npm run setup\``);

  const model = localEmbeddings({ modelPath });
  const rssBefore = rss();
  const loadStart = performance.now();
  await model.ready();
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const rssLoaded = rss();

  const apps = catalogApps();
  const appVectors = await model.embed(apps.map(appEmbeddingText));
  const all = briefs();
  const timings: number[] = [];
  const vectors = new Map<string, number[]>();
  const embedBrief = async (b: Brief) => vectors.set(b.id, (await model.embed([b.brief]))[0]);
  const cpuStart = process.cpuUsage();
  for (const b of all.slice(0, TIMED_BRIEFS)) {
    const start = performance.now();
    await embedBrief(b);
    timings.push(performance.now() - start);
  }
  // CPU time is what a brief costs whatever else the machine is doing; wall time also waits for a core.
  const cpu = process.cpuUsage(cpuStart);
  const cpuMsPerBrief = (cpu.user + cpu.system) / 1000 / timings.length;
  for (const b of all.slice(TIMED_BRIEFS)) await embedBrief(b);
  const rssAfter = rss();

  console.log('\nLocal embeddings (all-MiniLM-L6-v2, GGUF f16, node-llama-cpp on the CPU)');
  console.log(`  model file            ${mb(disk.model)} MB  (${path.relative(ROOT, modelPath)})`);
  console.log(`  node-llama-cpp        ${mb(disk.binding)} MB  + binaries ${mb(disk.binaries)} MB`);
  console.log(`  on disk in all        ${mb(disk.model + disk.binding + disk.binaries)} MB`);
  console.log(`  load                  ${loadSeconds.toFixed(2)} s`);
  console.log(
    `  RSS added             ${mb(rssLoaded - rssBefore)} MB loaded, ${mb(rssAfter - rssBefore)} MB after ${all.length} briefs`,
  );
  console.log(
    `  ms per brief          p50 ${percentile(timings, 50).toFixed(1)}  p95 ${percentile(timings, 95).toFixed(1)}  (${timings.length} briefs, one text each)`,
  );
  console.log(
    `  CPU ms per brief      ${cpuMsPerBrief.toFixed(1)}  (user + system, one thread; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
  );

  console.log('\nAlone as a router (cosine of brief and app text; not blended)');
  for (const split of ['dev', 'heldout', 'all'] as const) {
    const fit = all.filter((b) => b.expected.appId !== null && (split === 'all' || splitOf(b.id) === split));
    let top1 = 0;
    let top3 = 0;
    for (const b of fit) {
      const order = ranked(vectors.get(b.id)!, apps, appVectors).map((r) => r.app.appId);
      if (order[0] === b.expected.appId) top1++;
      if (order.slice(0, 3).includes(b.expected.appId!)) top3++;
    }
    const pct = (n: number) => `${((100 * n) / fit.length).toFixed(1)}%`;
    console.log(
      `  ${split.padEnd(8)} ${String(fit.length).padStart(3)} fit briefs  top-1 ${pct(top1)}  top-3 ${pct(top3)}`,
    );
  }
  const topScore = (b: Brief) => ranked(vectors.get(b.id)!, apps, appVectors)[0].score;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const fitTop = all.filter((b) => b.expected.appId !== null).map(topScore);
  const noFitTop = all.filter((b) => b.expected.appId === null).map(topScore);
  console.log(
    `  top cosine, mean      fit ${mean(fitTop).toFixed(3)}  no-fit ${mean(noFitTop).toFixed(3)}  (${noFitTop.length} no-fit briefs)`,
  );

  console.log('\nNearest apps for a few briefs');
  const shown = await model.embed(SHOWN_BRIEFS);
  SHOWN_BRIEFS.forEach((text, i) => {
    const top = ranked(shown[i], apps, appVectors).slice(0, 3);
    console.log(`  "${text}"`);
    console.log(`      ${top.map((r) => `${r.app.name} ${r.score.toFixed(3)}`).join('   ')}`);
  });

  const [again] = await model.embed([SHOWN_BRIEFS[0]]);
  const same = again.every((x, i) => x === shown[0][i]);
  console.log(`\nDeterministic: the same text twice gives ${same ? 'the same vector' : 'DIFFERENT vectors'}`);
  await model.dispose();
  if (!same) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
