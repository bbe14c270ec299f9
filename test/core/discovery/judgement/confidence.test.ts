import fc from 'fast-check';
import weights from '../../../../core/discovery/judgement/weights.json';
import {
  confidenceOf,
  confidenceWith,
  JudgementWeights,
  RUN_THRESHOLD,
} from '../../../../core/discovery/judgement/confidence';
import { FEATURE_NAMES, judgementFeatures } from '../../../../core/discovery/judgement/features';
import { rankApps } from '../../../../core/discovery/rank-apps';
import { CATALOG } from '../catalog-candidates';

const features = (scores: number[]) =>
  judgementFeatures({
    scores,
    fitThreshold: 0.2,
    first: { requestMatched: true, coverage: 0.8, nameCoverage: 0.5, outputs: ['image'] },
    medium: 'image',
    excluded: 0,
    candidates: 13,
    requestWords: 4,
    unknownWords: 0,
    impliedOnly: false,
    verdictFit: true,
  });

describe('judgement confidence', () => {
  test('the shipped weights are valid and name every feature', () => {
    expect(() => JudgementWeights.parse(weights)).not.toThrow();
    expect(RUN_THRESHOLD).toBeGreaterThan(0);
    expect(RUN_THRESHOLD).toBeLessThan(1);
  });

  test('features stay bounded for any ranking', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 13 }), (raw) => {
        const f = features([...raw].sort((a, b) => b - a));
        for (const name of FEATURE_NAMES) {
          expect(f[name]).toBeGreaterThanOrEqual(0);
          expect(f[name]).toBeLessThanOrEqual(1);
        }
        const c = confidenceOf(f);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1);
      }),
    );
  });

  test('under weights that reward the lead, a wider margin is more confident', () => {
    const model = { bias: -1, weights: { margin: 4, runnerShare: -2 } };
    expect(confidenceWith(model, features([0.8, 0.2]))).toBeGreaterThan(
      confidenceWith(model, features([0.8, 0.7])),
    );
  });

  test('is deterministic and present on every ranking', () => {
    const a = rankApps(
      'a quote card of "Luck is what happens when preparation meets opportunity" by Seneca',
      CATALOG,
    );
    const b = rankApps(
      'a quote card of "Luck is what happens when preparation meets opportunity" by Seneca',
      CATALOG,
    );
    expect(a.judgement).toEqual(b.judgement);
    expect(a.judgement.confidence).toBeGreaterThanOrEqual(RUN_THRESHOLD);
    expect(rankApps('qwzx blorf', CATALOG).judgement.confidence).toBe(0);
  });
});
