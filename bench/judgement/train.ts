/**
 * Fits the judgement models: `npm run bench:train-judgement [-- --semantic] [--write]`.
 * 1. Ranks every brief of the bench's dev split and of the outsider-written training sets (--train)
 *    as content creation does, and records each listed app's features and whether it is the app a
 *    careful person would pick (on a no-fit brief: none is).
 * 2. Fits a logistic regression (L2, fixed-step gradient descent: deterministic) over the apps of
 *    every brief whose verdict is fit: the lexical model, and with --semantic (local embeddings)
 *    the model that adds the similarity.
 * 3. Chooses each run threshold on 5-fold cross-validated confidences (folds by brief): the lowest
 *    at which running the likeliest app would run a wrong app for at most MAX_WRONG of the fit
 *    briefs and an app for at most MAX_NO_FIT of the no-fit briefs.
 * 4. Prints the fit, the threshold curve and a reliability table for the training briefs and, for
 *    reading only, the held-out split. --write stores the models in judgement/weights.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogApps } from '../../adapters/catalog';
import { compileApp } from '../../core/app/compiled-app';
import { DEFAULT_NODE_COSTS } from '../../core/billing/credits';
import { rankForContent, type ContentApp } from '../../core/content/plan-content';
import { gatherGuidance } from '../../core/content/prompt-guidance';
import { toCandidate } from '../../core/discovery/candidate';
import {
  confidenceWith,
  featuresOf,
  type FittedModel,
  type JudgementWeights,
  type ModelKind,
} from '../../core/discovery/judgement/confidence';
import type { AppFeatures } from '../../core/discovery/judgement/features';
import type { SemanticEvidence } from '../../core/discovery/judgement/semantic-evidence';
import { loadBriefs, type BenchBrief } from '../agent/brief-set';
import { splitOf } from '../agent/split';
import { fitLogistic, type Sample } from './fit';
import { chooseThreshold, reliabilityTable, thresholdFigures, type Judged } from './calibration';
import { briefSimilarities } from './similarities';

const MAX_WRONG = 0.02;
const MAX_NO_FIT = 0.05;
const FOLDS = 5;
const WEIGHTS_FILE = join(__dirname, '../../core/discovery/judgement/weights.json');

interface Ranked {
  id: string;
  expected: string | null;
  fit: boolean;
  apps: { appId: string; x: AppFeatures }[];
}

function readArgs(argv: string[]) {
  const train: string[] = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--train') train.push(argv[++i]);
  return { train, write: argv.includes('--write'), semantic: argv.includes('--semantic') };
}

const contentApps: ContentApp[] = loadCatalogApps().map((definition) => {
  const compiled = compileApp(definition);
  return {
    appId: definition.appId,
    compiled,
    candidate: toCandidate(definition.appId, compiled, DEFAULT_NODE_COSTS),
  };
});
const candidates = contentApps.map((a) => a.candidate);

/** The brief as the service receives it (the bench's media placeholder pointed anywhere). */
const textOf = (brief: BenchBrief) => brief.brief.split('{{media}}').join('http://127.0.0.1:9');

/** The ranking content creation makes: the same call, so training sees what the service sees. */
function rank(brief: BenchBrief, semantic?: SemanticEvidence): Ranked {
  const result = rankForContent(
    {
      brief: textOf(brief),
      platform: brief.platform ?? null,
      modality: brief.modality ?? null,
      headless: true,
      guidance: gatherGuidance(null, null),
      semantic,
    },
    contentApps,
  );
  return {
    id: brief.id,
    expected: brief.expected.appId,
    fit: result.verdict.status === 'fit',
    apps: [...result.judgement.features].map(([appId, x]) => ({ appId, x })),
  };
}

const samplesOf = (ranked: Ranked[]): Sample[] =>
  ranked
    .filter((r) => r.fit)
    .flatMap((r) => r.apps.map((a) => ({ x: a.x, y: a.appId === r.expected ? (1 as const) : (0 as const) })));

/** A brief judged by a model: its likeliest app, that app's confidence, the three it would offer. */
function judged(r: Ranked, model: FittedModel, kind: ModelKind): Judged {
  const scored = r.apps
    .map((a) => ({ appId: a.appId, p: confidenceWith(model, a.x, featuresOf(kind)) }))
    .sort((a, b) => b.p - a.p || a.appId.localeCompare(b.appId));
  return {
    id: r.id,
    expected: r.expected,
    first: scored[0]?.appId ?? null,
    offered: scored.slice(0, 3).map((s) => s.appId),
    fit: r.fit,
    confidence: scored[0]?.p ?? 0,
  };
}

function crossValidated(ranked: Ranked[], kind: ModelKind): Judged[] {
  const models = Array.from({ length: FOLDS }, (_, fold) =>
    fitLogistic(samplesOf(ranked.filter((_, k) => k % FOLDS !== fold)), featuresOf(kind)),
  );
  return ranked.map((r, i) => judged(r, models[i % FOLDS], kind));
}

/** Fits one model and prints what it does; returns it with its threshold. */
function train(kind: ModelKind, training: Ranked[], heldout: Ranked[]) {
  const model = fitLogistic(samplesOf(training), featuresOf(kind));
  const validated = crossValidated(training, kind);
  const runThreshold = chooseThreshold(validated, { maxWrong: MAX_WRONG, maxNoFit: MAX_NO_FIT });
  const held = heldout.map((r) => judged(r, model, kind));
  console.log(`\n== ${kind} model: ${samplesOf(training).length} app samples`);
  console.log(`  bias ${model.bias.toFixed(3)}`);
  for (const f of featuresOf(kind)) console.log(`  ${f.padEnd(16)} ${model.weights[f].toFixed(3)}`);
  console.log(`run threshold ${runThreshold} (5-fold cross-validated on the training briefs)`);
  console.log('  training (5-fold):', JSON.stringify(thresholdFigures(validated, runThreshold)));
  console.log('  held-out (read only):', JSON.stringify(thresholdFigures(held, runThreshold)));
  console.log('threshold curve, training (5-fold):');
  for (let t = 50; t <= 95; t += 5)
    console.log(`  ${(t / 100).toFixed(2)}`, JSON.stringify(thresholdFigures(validated, t / 100)));
  console.log('reliability, training (5-fold):');
  console.log(reliabilityTable(validated));
  console.log('reliability, held-out (read only):');
  console.log(reliabilityTable(held));
  return { bias: round(model.bias), weights: roundAll(model.weights), runThreshold };
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  const all = loadBriefs();
  const sets: [string, BenchBrief[]][] = [
    ['bench dev split', all.filter((b) => splitOf(b.id) === 'dev')],
    ...args.train.map((f): [string, BenchBrief[]] => [f, loadBriefs(f)]),
  ];
  const trainingBriefs = sets.flatMap(([, briefs]) => briefs);
  const heldoutBriefs = all.filter((b) => splitOf(b.id) === 'heldout');
  console.log(`training briefs: ${trainingBriefs.length}`);
  for (const [name, briefs] of sets) console.log(`  ${name}: ${briefs.length}`);

  const lexical = train(
    'lexical',
    trainingBriefs.map((b) => rank(b)),
    heldoutBriefs.map((b) => rank(b)),
  );
  const stored = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as JudgementWeights;
  let semantic = stored.semantic;
  if (args.semantic) {
    const similar = await briefSimilarities([...trainingBriefs, ...heldoutBriefs].map(textOf), candidates);
    const rankWith = (b: BenchBrief) => rank(b, similar.get(textOf(b)));
    semantic = train('semantic', trainingBriefs.map(rankWith), heldoutBriefs.map(rankWith));
  }
  if (args.write) {
    const out: JudgementWeights = {
      comment:
        "Written by npm run bench:train-judgement -- --semantic --write: logistic regressions over each listed app's features, fitted on the bench dev split and the outsider-written training sets; each run threshold keeps cross-validated wrong-app runs and no-fit runs under the limits.",
      lexical,
      semantic,
      trainedOn: { briefs: trainingBriefs.length, sets: sets.map(([name]) => name.replace(/^.*\//, '')) },
    };
    writeFileSync(WEIGHTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nwrote ${WEIGHTS_FILE}`);
  }
}

const round = (n: number) => Math.round(n * 10000) / 10000;
const roundAll = (w: Record<string, number>) =>
  Object.fromEntries(Object.entries(w).map(([k, v]) => [k, round(v)]));

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
