import fc from 'fast-check';
import weights from '../../../../core/discovery/judgement/weights.json';
import {
  confidenceOf,
  confidenceWith,
  JudgementWeights,
  runConfidenceOf,
  runThresholdOf,
} from '../../../../core/discovery/judgement/confidence';
import {
  appFeatures,
  SEMANTIC_FEATURES,
  type ScoredApp,
} from '../../../../core/discovery/judgement/features';
import { rankApps } from '../../../../core/discovery/rank-apps';
import { CATALOG } from '../catalog-candidates';

const BRIEF = {
  medium: 'image' as const,
  excluded: 0,
  candidates: 13,
  requestWords: 4,
  unknownWords: 0,
  verdictFit: true,
};
const scored = (appId: string, relevance: number): ScoredApp => ({
  appId,
  relevance,
  requestMatched: true,
  coverage: 0.8,
  nameCoverage: 0.5,
  outputs: ['image'],
  impliedOnly: false,
});

describe('judgement confidence', () => {
  test('the shipped weights are valid, with a run threshold per model', () => {
    expect(() => JudgementWeights.parse(weights)).not.toThrow();
    for (const kind of ['lexical', 'semantic'] as const) {
      expect(runThresholdOf(kind)).toBeGreaterThan(0);
      expect(runThresholdOf(kind)).toBeLessThan(1);
    }
  });

  test('features stay bounded and confidences in 0..1 for any ranking and similarities', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })),
          {
            minLength: 1,
            maxLength: 13,
          },
        ),
        (rows) => {
          const apps = rows.map(([relevance], i) => scored(`app-${i}`, relevance));
          const semantic = new Map(rows.map(([, similarity], i) => [`app-${i}`, similarity]));
          for (const f of appFeatures(apps, BRIEF, semantic).values()) {
            for (const name of SEMANTIC_FEATURES) {
              expect(f[name]).toBeGreaterThanOrEqual(-2);
              expect(f[name]).toBeLessThanOrEqual(1);
            }
            for (const kind of ['lexical', 'semantic'] as const) {
              const c = confidenceOf(f, kind);
              expect(c).toBeGreaterThanOrEqual(0);
              expect(c).toBeLessThanOrEqual(1);
            }
          }
        },
      ),
    );
  });

  test('under weights that reward the lead, the leading app is the more likely', () => {
    const model = { bias: -1, weights: { relevanceLead: 4 } };
    const features = appFeatures([scored('a', 0.8), scored('b', 0.3)], BRIEF);
    expect(confidenceWith(model, features.get('a')!, ['relevanceLead'])).toBeGreaterThan(
      confidenceWith(model, features.get('b')!, ['relevanceLead']),
    );
  });

  test('is deterministic, orders the matches and is 0 when nothing matches', () => {
    const brief = 'a quote card of "Luck is what happens when preparation meets opportunity" by Seneca';
    const a = rankApps(brief, CATALOG);
    expect(rankApps(brief, CATALOG).judgement).toEqual(a.judgement);
    expect(a.matches[0].name).toBe('Quote Card');
    expect(a.judgement.confidence).toBeGreaterThanOrEqual(runThresholdOf('lexical'));
    const order = a.matches.map((m) => m.confidence);
    expect(order).toEqual([...order].sort((x, y) => y - x));
    expect(rankApps('qwzx blorf', CATALOG).judgement.confidence).toBe(0);
  });

  test('the run confidence stays in 0..1 and falls as the runner-up closes in', () => {
    const first = appFeatures([scored('a', 0.8), scored('b', 0.5)], BRIEF).get('a')!;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (p, q) => {
          const [likelihood, runnerUp] = p >= q ? [p, q] : [q, p];
          for (const kind of ['lexical', 'semantic'] as const) {
            const c = runConfidenceOf(first, likelihood, runnerUp, kind);
            expect(c).toBeGreaterThanOrEqual(0);
            expect(c).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
    for (const kind of ['lexical', 'semantic'] as const) {
      expect(runConfidenceOf(first, 0.9, 0.1, kind)).toBeGreaterThan(runConfidenceOf(first, 0.9, 0.85, kind));
    }
  });
});
