/**
 * Fits the judgement model: `npm run bench:train-judgement [-- --train <file> ...] [--write]`.
 * 1. Ranks every brief of the bench's dev split (and of any extra outsider-written sets given with
 *    --train) exactly as content creation does, and records the ranking's features and whether its
 *    first app is the one a careful person would pick (a no-fit brief: never).
 * 2. Fits a logistic regression (L2, fixed-step gradient descent: deterministic) on them.
 * 3. Chooses the run threshold on 5-fold cross-validated confidences: the lowest at which running
 *    the first app would run a wrong app for at most MAX_WRONG of the fit briefs and an app for at
 *    most MAX_NO_FIT of the no-fit briefs.
 * 4. Prints the fit, the threshold's figures and a reliability table for the training briefs and,
 *    for reading only, the held-out split (never used to fit or choose). --write stores the weights
 *    in core/discovery/judgement/weights.json.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalogApps } from '../../adapters/catalog';
import { compileApp } from '../../core/app/compiled-app';
import { DEFAULT_NODE_COSTS } from '../../core/billing/credits';
import { toCandidate } from '../../core/discovery/candidate';
import { confidenceWith } from '../../core/discovery/judgement/confidence';
import { FEATURE_NAMES, type JudgementFeatures } from '../../core/discovery/judgement/features';
import { rankApps } from '../../core/discovery/rank-apps';
import { loadBriefs, type BenchBrief } from '../agent/brief-set';
import { splitOf } from '../agent/split';
import { fitLogistic, type Sample } from './fit';
import { chooseThreshold, reliabilityTable, thresholdFigures, type Judged } from './calibration';

const MAX_WRONG = 0.015;
const MAX_NO_FIT = 0.04;
const FOLDS = 5;

function readArgs(argv: string[]) {
  const train: string[] = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--train') train.push(argv[++i]);
  return { train, write: argv.includes('--write') };
}

const candidates = loadCatalogApps().map((d) => toCandidate(d.appId, compileApp(d), DEFAULT_NODE_COSTS));

/** The ranking content creation makes for a brief, with its platform and modality read as words. */
function judge(brief: BenchBrief): Judged & { features: JudgementFeatures } {
  const text = brief.brief.split('{{media}}').join('http://127.0.0.1:9');
  const intent = [text, brief.platform, brief.modality].filter(Boolean).join(' ');
  const result = rankApps(intent, candidates, {
    limit: 10,
    modality: brief.modality?.toLowerCase() ?? null,
    platform: brief.platform ?? null,
  });
  const first = result.matches[0]?.appId ?? null;
  return {
    id: brief.id,
    expected: brief.expected.appId,
    first,
    offered: result.matches.slice(0, 3).map((m) => m.appId),
    fit: result.verdict.status === 'fit',
    confidence: result.judgement.confidence,
    features: result.judgement.features,
  };
}

const labelOf = (j: Judged) => (j.expected !== null && j.first === j.expected ? 1 : 0);

function crossValidated(judged: (Judged & { features: JudgementFeatures })[]): Judged[] {
  return judged.map((j, i) => {
    const fold = i % FOLDS;
    const rest = judged.filter((_, k) => k % FOLDS !== fold && judged[k].fit);
    const model = fitLogistic(rest.map((r) => ({ x: r.features, y: labelOf(r) })));
    return { ...j, confidence: confidenceWith(model, j.features) };
  });
}

function main(): void {
  const args = readArgs(process.argv.slice(2));
  const all = loadBriefs();
  const sets: [string, BenchBrief[]][] = [
    ['bench dev split', all.filter((b) => splitOf(b.id) === 'dev')],
    ...args.train.map((f): [string, BenchBrief[]] => [f, loadBriefs(f)]),
  ];
  const training = sets.flatMap(([, briefs]) => briefs.map(judge));
  // Only rankings whose verdict is fit are decided by confidence: the rest are unmatched already.
  const samples: Sample[] = training.filter((j) => j.fit).map((j) => ({ x: j.features, y: labelOf(j) }));
  const model = fitLogistic(samples);
  const validated = crossValidated(training);
  const threshold = chooseThreshold(validated, { maxWrong: MAX_WRONG, maxNoFit: MAX_NO_FIT });
  const heldout = all
    .filter((b) => splitOf(b.id) === 'heldout')
    .map(judge)
    .map((j) => ({ ...j, confidence: confidenceWith(model, j.features) }));

  console.log(`trained on ${training.length} briefs (${samples.length} with a fit verdict)`);
  for (const [name, briefs] of sets) console.log(`  ${name}: ${briefs.length}`);
  console.log('\nweights:');
  console.log(`  bias ${model.bias.toFixed(3)}`);
  for (const f of FEATURE_NAMES) console.log(`  ${f.padEnd(16)} ${model.weights[f].toFixed(3)}`);
  console.log(`\nrun threshold ${threshold} (cross-validated on the training briefs)`);
  console.log('  training (5-fold):', thresholdFigures(validated, threshold));
  console.log('  held-out (read only):', thresholdFigures(heldout, threshold));
  console.log('\nthreshold curve, training (5-fold):');
  for (let t = 0.5; t < 0.96; t += 0.05)
    console.log(`  ${t.toFixed(2)}`, JSON.stringify(thresholdFigures(validated, Math.round(t * 100) / 100)));
  console.log('\nreliability, training (5-fold):');
  console.log(reliabilityTable(validated));
  console.log('reliability, held-out (read only):');
  console.log(reliabilityTable(heldout));

  if (args.write) {
    const file = join(__dirname, '../../core/discovery/judgement/weights.json');
    const weights = Object.fromEntries(FEATURE_NAMES.map((f) => [f, round(model.weights[f])]));
    const stored = {
      comment:
        'Written by npm run bench:train-judgement -- --write: a logistic regression over the ranking features, fitted on the bench dev split and outsider-written training sets; the run threshold keeps cross-validated wrong-app runs and no-fit runs under the limits.',
      bias: round(model.bias),
      weights,
      runThreshold: threshold,
      trainedOn: { briefs: training.length, sets: sets.map(([name]) => name.replace(/^.*\//, '')) },
    };
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`);
    console.log(`\nwrote ${file}`);
  }
}

const round = (n: number) => Math.round(n * 10000) / 10000;

main();
