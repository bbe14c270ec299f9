import type { RefinementCandidate } from '../../../core/refinement/candidates';
import type { DirectionSupport } from '../../../core/refinement/refinement-report';
import { widenSelection } from '../../../core/refinement/select-refinement';

/**
 *   caption (text) ──> out_caption
 *   image (image)  ──> out_image
 * "make the text serif" names text; only the picture sets type.
 */
const candidate = (nodeId: string, label: string, produces: 'text' | 'image'): RefinementCandidate => ({
  nodeId,
  type: produces === 'text' ? 'text.generate' : 'image.generate',
  label,
  prompt: `A ${label} about bread`,
  produces,
  feeds: [],
  outputLabels: [label],
});
const CANDIDATES = [candidate('caption', 'Caption', 'text'), candidate('image', 'Image', 'image')];
const declines: DirectionSupport = {
  applied: [],
  declined: [{ direction: 'make the text serif', reason: 'the writer sets no type' }],
  verified: true,
};
const serif: DirectionSupport = { applied: ['serif type'], declined: [], verified: true };
const byRules = (nodeId: string) => ({
  method: 'rules' as const,
  choices: [{ nodeId, reason: 'the feedback is about text', prompt: 'x' }],
});

describe('widenSelection', () => {
  test('a direction the chosen node cannot apply goes to the candidate that can, saying why', () => {
    const supports: Record<string, DirectionSupport> = { caption: declines, image: serif };

    const widened = widenSelection(
      byRules('caption'),
      CANDIDATES,
      'make the text serif',
      (id) => supports[id],
    );

    expect(widened).toEqual({
      method: 'rules',
      choices: [
        {
          nodeId: 'image',
          reason:
            'the feedback\'s words pointed at "Caption", which cannot apply it; "Image" can (serif type)',
          prompt: 'A Image about bread. Revision: make the text serif',
        },
      ],
    });
  });

  test('a selection with a node that can apply something is kept as it is', () => {
    const selection = byRules('image');
    expect(widenSelection(selection, CANDIDATES, 'serif', () => serif)).toBe(selection);
  });

  test('nothing applicable anywhere keeps the selection, so its declines are reported', () => {
    const selection = byRules('caption');
    expect(widenSelection(selection, CANDIDATES, 'add a cat', () => declines)).toBe(selection);
  });

  test('an unverified reading (a remote provider) is never a reason to widen to it', () => {
    const remote: DirectionSupport = {
      applied: ['passed to fal in the prompt'],
      declined: [],
      verified: false,
    };
    const selection = byRules('caption');
    const supports: Record<string, DirectionSupport> = { caption: declines, image: remote };
    expect(widenSelection(selection, CANDIDATES, 'serif', (id) => supports[id])).toBe(selection);
  });
});
