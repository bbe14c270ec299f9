import { planContent } from '../../../core/content/plan-content';
import { gatherGuidance } from '../../../core/content/prompt-guidance';
import { NEAR_MISS_VOTE, nearMissesByExamples } from '../../../core/discovery/near-misses';
import { rankApps } from '../../../core/discovery/rank-apps';
import type { SemanticEvidence } from '../../../core/discovery/judgement/semantic-evidence';
import { CATALOG, CATALOG_APPS } from './catalog-candidates';
import { CAROUSEL, EXPLAINER } from './own-briefs';

/** A brief told as a situation, sharing no word with any app. */
const SITUATION = 'Grandma keeps forgetting which button does what on her tablet.';

const evidence = (votes: [string, number][], none: number): SemanticEvidence => ({
  apps: new Map(CATALOG.map((c) => [c.appId, 0.2])),
  outOfScope: 0.1,
  examples: { apps: new Map(votes), none },
});

describe('near misses from the nearest example requests', () => {
  test('with no app listed, the apps the examples voted for are offered, best first, never run', () => {
    const semantic = evidence(
      [
        [CAROUSEL, 0.2],
        [EXPLAINER, 0.6],
      ],
      0.2,
    );
    const result = rankApps(SITUATION, CATALOG, { semantic });
    expect(result.matches).toEqual([]);
    expect(result.nearMisses.map((m) => m.appId)).toEqual([EXPLAINER]);
    expect(result.nearMisses[0].whyMatch).toMatch(/nearest examples/);

    const plan = planContent(
      { brief: SITUATION, headless: true, guidance: gatherGuidance(null, null), catalog: CATALOG, semantic },
      CATALOG_APPS,
    );
    expect(plan).toMatchObject({ status: 'unmatched', cause: 'no_fit', candidates: [{ appId: EXPLAINER }] });
  });

  test('votes below the share, no votes, or apps the caller cannot use offer nothing', () => {
    const votes = { apps: new Map([[EXPLAINER, NEAR_MISS_VOTE - 0.01]]), none: 0.7 };
    expect(nearMissesByExamples(votes, CATALOG, new Map())).toEqual([]);
    expect(nearMissesByExamples(undefined, CATALOG, new Map())).toEqual([]);
    const usable = CATALOG.filter((c) => c.appId !== EXPLAINER);
    expect(nearMissesByExamples({ apps: new Map([[EXPLAINER, 0.9]]), none: 0 }, usable, new Map())).toEqual(
      [],
    );
  });

  test('a brief an app is listed for keeps its listed candidates', () => {
    const semantic = evidence([[EXPLAINER, 0.9]], 0);
    const result = rankApps('A square Instagram post announcing our spring sale', CATALOG, { semantic });
    expect(result.matches.length).toBeGreaterThan(0);
    expect(result.nearMisses).toEqual([]);
  });
});
