/**
 * Fits the judgement models: `npm run bench:train-judgement [-- --semantic] [--write]`.
 * 1. Ranks every brief of the bench's dev split and of the outsider-written training sets (--train)
 *    as content creation does, and records each listed app's features and whether it is the app a
 *    careful person would pick (on a no-fit brief: none is).
 * 2. Fits the two stages (logistic regressions, L2, fixed-step gradient descent: deterministic): the
 *    app model over the apps of every brief an app fits, then the run model over the likeliest app
 *    of every brief discovery calls fit (label: running it is right). Lexical models, and with
 *    --semantic (local embeddings) the ones that add the similarity.
 * 3. Chooses each run threshold on 5-fold cross-validated run confidences (folds by brief): the
 *    lowest at which running the likeliest app would run a wrong app for at most MAX_WRONG of the fit
 *    briefs and an app for at most MAX_NO_FIT of the no-fit briefs, each read as the one-sided 90%
 *    upper bound of the cross-validated rate (calibration.ts), so the limits hold on unseen briefs.
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
  runFeaturesFor,
  type FittedModel,
  type JudgementWeights,
  type ModelKind,
} from '../../core/discovery/judgement/confidence';
import type { AppFeatures } from '../../core/discovery/judgement/features';
import { runFeaturesOf, type RunFeatures } from '../../core/discovery/judgement/run-features';
import type { SemanticEvidence } from '../../core/discovery/judgement/semantic-evidence';
import { loadBriefs, type BenchBrief } from '../agent/brief-set';
import { splitOf } from '../agent/split';
import { fitLogistic, type Sample } from './fit';
import { chooseThreshold, reliabilityTable, thresholdFigures, type Judged } from './calibration';
import { briefSimilarities, type SourcedExample } from './similarities';

/**
 * How each stage is fitted: the app model on raw features (as it always was: its bounded features
 * share a scale), the run model on standardised ones (its likelihoods and leads do not) and held
 * tighter, as it has one sample per brief where the app model has one per listed app.
 */
const APP_FIT = { l2: 0.002, standardise: false };
const RUN_FIT = { l2: 0.02, standardise: true };
const MAX_WRONG = 0.02;
const MAX_NO_FIT = 0.05;
const FOLDS = 5;
const WEIGHTS_FILE = join(__dirname, '../../core/discovery/judgement/weights.json');
const EXAMPLES_FILE = join(__dirname, '../../core/discovery/judgement/examples.json');

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

/** The app model learns from briefs an app fits: which listed app is the one. */
const appSamplesOf = (ranked: Ranked[]): Sample<AppFeatures>[] =>
  ranked
    .filter((r) => r.fit && r.expected !== null)
    .flatMap((r) => r.apps.map((a) => ({ x: a.x, y: a.appId === r.expected ? (1 as const) : (0 as const) })));

interface Stages {
  app: FittedModel;
  run: FittedModel;
}

/** The apps of a brief by the app model's likelihood, likeliest first (ties by appId). */
function byLikelihood(r: Ranked, app: FittedModel, kind: ModelKind) {
  return r.apps
    .map((a) => ({ appId: a.appId, x: a.x, p: confidenceWith(app, a.x, featuresOf(kind)) }))
    .sort((a, b) => b.p - a.p || a.appId.localeCompare(b.appId));
}

/** What the run model sees of a brief: its likeliest app's run features, or null with no app listed. */
function runFeaturesOfBrief(r: Ranked, app: FittedModel, kind: ModelKind) {
  const [first, runnerUp] = byLikelihood(r, app, kind);
  return first ? { first, x: runFeaturesOf(first.x, first.p, runnerUp?.p ?? 0) } : null;
}

/** The run model learns from every brief discovery calls fit: is running the likeliest app right. */
function runSamplesOf(ranked: Ranked[], app: FittedModel, kind: ModelKind): Sample<RunFeatures>[] {
  return ranked.flatMap((r) => {
    const seen = r.fit ? runFeaturesOfBrief(r, app, kind) : null;
    return seen ? [{ x: seen.x, y: seen.first.appId === r.expected ? (1 as const) : (0 as const) }] : [];
  });
}

function fitStages(ranked: Ranked[], kind: ModelKind): Stages {
  const app = fitLogistic(appSamplesOf(ranked), featuresOf(kind), APP_FIT);
  return { app, run: fitLogistic(runSamplesOf(ranked, app, kind), runFeaturesFor(kind), RUN_FIT) };
}

/** A brief judged by both stages: its likeliest app, the run confidence, the three it would offer. */
function judged(r: Ranked, stages: Stages, kind: ModelKind): Judged {
  const ordered = byLikelihood(r, stages.app, kind);
  const seen = runFeaturesOfBrief(r, stages.app, kind);
  return {
    id: r.id,
    expected: r.expected,
    first: ordered[0]?.appId ?? null,
    offered: ordered.slice(0, 3).map((s) => s.appId),
    fit: r.fit,
    confidence: seen ? confidenceWith(stages.run, seen.x, runFeaturesFor(kind)) : 0,
  };
}

function crossValidated(ranked: Ranked[], kind: ModelKind): Judged[] {
  const folds = Array.from({ length: FOLDS }, (_, fold) =>
    fitStages(
      ranked.filter((_, k) => k % FOLDS !== fold),
      kind,
    ),
  );
  return ranked.map((r, i) => judged(r, folds[i % FOLDS], kind));
}

function printModel(name: string, model: FittedModel): void {
  console.log(`  ${name}: bias ${model.bias.toFixed(3)}`);
  for (const [f, w] of Object.entries(model.weights)) console.log(`    ${f.padEnd(16)} ${w.toFixed(3)}`);
}

/** Fits one kind's two stages and prints what they do; returns them with the run threshold. */
function train(kind: ModelKind, training: Ranked[], heldout: Ranked[]) {
  const stages = fitStages(training, kind);
  const validated = crossValidated(training, kind);
  const runThreshold = chooseThreshold(validated, { maxWrong: MAX_WRONG, maxNoFit: MAX_NO_FIT });
  const held = heldout.map((r) => judged(r, stages, kind));
  console.log(
    `\n== ${kind} models: ${appSamplesOf(training).length} app samples, ${runSamplesOf(training, stages.app, kind).length} run samples`,
  );
  printModel('app model', stages.app);
  printModel('run model', stages.run);
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
  const stored = (m: FittedModel) => ({ bias: round(m.bias), weights: roundAll(m.weights) });
  return { app: stored(stages.app), run: stored(stages.run), runThreshold };
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
    const examples: SourcedExample[] = sets.flatMap(([set, briefs]) =>
      briefs.map((b) => ({ text: textOf(b), appId: b.expected.appId, set })),
    );
    const setOf = new Map(examples.map((e) => [e.text, e.set]));
    const similar = await briefSimilarities(
      [...trainingBriefs, ...heldoutBriefs].map(textOf),
      candidates,
      examples,
      (text) => setOf.get(text),
    );
    const rankWith = (b: BenchBrief) => rank(b, similar.get(textOf(b)));
    semantic = train('semantic', trainingBriefs.map(rankWith), heldoutBriefs.map(rankWith));
  }
  if (args.write) {
    const out: JudgementWeights = {
      comment:
        'Written by npm run bench:train-judgement -- --semantic --write: per kind, the app model (which listed app the brief wants) and the run model (is running the likeliest app right), logistic regressions fitted on the bench dev split and the outsider-written training sets; each run threshold keeps cross-validated wrong-app runs and no-fit runs under the limits.',
      lexical,
      semantic,
      trainedOn: { briefs: trainingBriefs.length, sets: sets.map(([name]) => name.replace(/^.*\//, '')) },
    };
    writeFileSync(WEIGHTS_FILE, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\nwrote ${WEIGHTS_FILE}`);
    writeExamples(trainingBriefs);
  }
}

/** The labelled examples discovery's nearest-example vote reads: every training brief, as the service receives it. */
function writeExamples(briefs: BenchBrief[]): void {
  const examples = briefs.map((b) => ({ text: textOf(b), appId: b.expected.appId }));
  const file = {
    comment:
      "Written by npm run bench:train-judgement -- --semantic --write: the training briefs (bench dev split and outsider-written sets) as labelled example requests; discovery weighs the votes of a brief's nearest ones (core/discovery/judgement/example-votes.ts).",
    examples,
  };
  writeFileSync(EXAMPLES_FILE, `${JSON.stringify(file, null, 1)}\n`);
  console.log(`wrote ${EXAMPLES_FILE} (${examples.length} examples)`);
}

const round = (n: number) => Math.round(n * 10000) / 10000;
const roundAll = (w: Record<string, number>) =>
  Object.fromEntries(Object.entries(w).map(([k, v]) => [k, round(v)]));

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
