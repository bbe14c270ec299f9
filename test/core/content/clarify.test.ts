import { candidatesOf, clarifyingQuestion, MAX_CANDIDATES } from '../../../core/content/clarify';
import { rankApps } from '../../../core/discovery/rank-apps';
import { CATALOG } from '../discovery/catalog-candidates';

describe('clarification', () => {
  const ranked = rankApps('something about our podcast for social media', CATALOG).matches;

  test('offers at most three candidates, best first, each saying what it makes', () => {
    const candidates = candidatesOf(ranked);
    expect(candidates.length).toBeLessThanOrEqual(MAX_CANDIDATES);
    expect(candidates.map((c) => c.appId)).toEqual(ranked.slice(0, MAX_CANDIDATES).map((m) => m.appId));
    for (const c of candidates) expect(c.makes.length).toBeGreaterThan(0);
  });

  test('asks one question naming every candidate', () => {
    const candidates = candidatesOf(ranked);
    const question = clarifyingQuestion(candidates);
    expect(question.endsWith('?')).toBe(true);
    for (const c of candidates) expect(question).toContain(c.name);
  });

  test('with no candidate, asks what to make', () => {
    expect(clarifyingQuestion([])).toBe('What would you like to create, and for which platform?');
  });
});
