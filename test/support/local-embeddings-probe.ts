/**
 * Runs EMBEDDINGS_PROVIDER=local for real, outside Jest (node-llama-cpp is an ES module with top-level
 * await, which Jest's CommonJS runtime does not load): the semantic scorer over the shipped catalog for
 * a few briefs, twice, and prints one JSON line for test/adapters/models/local-embeddings.test.ts.
 */
import { loadCatalogApps } from '../../adapters/catalog';
import { sharedLocalEmbeddings } from '../../adapters/models/local-embeddings';
import { localModelPath, semanticScorer } from '../../api/commands/semantic-scorer';
import { compileApp } from '../../core/app/compiled-app';
import { DEFAULT_NODE_COSTS } from '../../core/billing/credits';
import { loadConfig } from '../../core/config';
import { toCandidate } from '../../core/discovery/candidate';
import { capturingLogger } from './log-capture';

export const PROBE_BRIEFS = [
  "a quote card of Seneca's line on luck",
  'turn my podcast episode into a short clip with a waveform and captions',
  'put our product photo on a clean studio background',
];

export interface ProbeResult {
  /** Per brief: the three apps most similar to it, and the app its nearest example requests vote for most. */
  ranked: {
    brief: string;
    top: { name: string; score: number }[];
    exampleVote: { name: string | null; share: number; none: number };
  }[];
  sameTwice: boolean;
  vectorNorm: number;
  /** A text with no word pieces: a zero vector of the model's size. */
  emptyText: { length: number; norm: number };
  /** 800 word pieces, past the model's 512 positions: cut to 254 and embedded. */
  longTextNorm: number;
  warnings: string[];
}

async function main(): Promise<void> {
  const config = loadConfig({ EMBEDDINGS_PROVIDER: 'local' });
  const { logger, lines } = capturingLogger('local-embeddings-probe');
  const candidates = loadCatalogApps().map((d) => toCandidate(d.appId, compileApp(d), DEFAULT_NODE_COSTS));
  const nameOf = new Map(candidates.map((c) => [c.appId, c.name]));
  const score = semanticScorer(config, logger);
  const ranked: ProbeResult['ranked'] = [];
  let sameTwice = true;
  for (const brief of PROBE_BRIEFS) {
    const firstEvidence = await score(brief, candidates);
    const againEvidence = await score(brief, candidates);
    const first = firstEvidence?.apps;
    const again = againEvidence?.apps;
    const votes = firstEvidence?.examples;
    if (!first || !again || !votes) throw new Error(`no semantic scores for "${brief}"`);
    sameTwice &&= [...first].every(([appId, s]) => again.get(appId) === s);
    sameTwice &&= JSON.stringify([...votes.apps]) === JSON.stringify([...againEvidence.examples!.apps]);
    const [votedId, share] = [...votes.apps].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    const top = [...first]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([appId, s]) => ({ name: nameOf.get(appId)!, score: s }));
    ranked.push({
      brief,
      top,
      exampleVote: { name: votedId ? nameOf.get(votedId)! : null, share, none: votes.none },
    });
  }
  const model = sharedLocalEmbeddings({ modelPath: localModelPath(config) });
  const [vector, empty, long] = await model.embed(['a vector', '   ', 'quote card '.repeat(400)]);
  const result: ProbeResult = {
    ranked,
    sameTwice,
    vectorNorm: Math.hypot(...vector),
    emptyText: { length: empty.length, norm: Math.hypot(...empty) },
    longTextNorm: Math.hypot(...long),
    warnings: lines.filter((l) => (l.level as number) >= 40).map((l) => String(l.msg)),
  };
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
