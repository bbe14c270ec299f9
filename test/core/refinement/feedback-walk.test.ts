import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const source = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/**
 * The feedback walk (docs/feedback-walk.md, issue 23 item 5): each stay is a file the feedback is handed to,
 * the function it enters there, and the call that hands it on.
 */
const WALK = [
  { file: 'api/commands/refine-run.ts', enters: 'refineRun', handsOn: 'readRefinement' },
  { file: 'adapters/models/direction-support.ts', enters: 'readRefinement', handsOn: 'sanitizeFeedback' },
  { file: 'core/refinement/prompt.ts', enters: 'sanitizeFeedback' },
  { file: 'core/refinement/select-refinement.ts', enters: 'chooseByRules', handsOn: 'rewritePrompt' },
  { file: 'core/refinement/prompt.ts', enters: 'rewritePrompt' },
  { file: 'adapters/models/direction-support.ts', enters: 'directionSupport', handsOn: 'readDirections' },
  { file: 'adapters/models/local/directions.ts', enters: 'readDirections', handsOn: 'feedbackClauses' },
  { file: 'core/language/clause-marks.ts', enters: 'feedbackClauses' },
];

describe('the feedback walk from refineRun to the chosen nodes and their directions', () => {
  it('takes at most 8 stays', () => {
    expect(WALK.length).toBeLessThanOrEqual(8);
  });

  it('enters api/ only at refineRun, and nothing after it imports api/', () => {
    expect(WALK.filter((stay) => stay.file.startsWith('api/')).map((s) => s.file)).toEqual([
      'api/commands/refine-run.ts',
    ]);
    for (const { file } of WALK.slice(1)) expect(source(file)).not.toMatch(/from '(?:\.\.\/)+api\//);
  });

  it('is the code: each stay defines the function it enters and calls the next', () => {
    for (const { file, enters, handsOn } of WALK) {
      expect(source(file)).toMatch(new RegExp(`(?:function|const) ${enters}\\b`));
      if (handsOn) expect(source(file)).toMatch(new RegExp(`\\b${handsOn}[()]`));
    }
    // select-refinement hands each node to the reader readRefinement gave it, not to a callback in api/.
    expect(source('adapters/models/direction-support.ts')).toMatch(
      /chooseByRules\(candidates, feedback, supportOf\)/,
    );
    expect(source('api/commands/refine-run.ts')).not.toMatch(/nodeSupport|directionSupports|widenSelection/);
  });

  it('is what docs/feedback-walk.md says', () => {
    const rows = source('docs/feedback-walk.md')
      .split('\n')
      .filter((line) => /^\|\s*\d+\s*\|/.test(line))
      .map((line) => line.match(/`([^`]+\.ts)`/)![1]);
    expect(rows).toEqual(WALK.map((stay) => stay.file));
  });
});
