import {
  canApply,
  declinedByAll,
  refinementReason,
  refinementSummary,
  type NodeRefinement,
} from '../../../core/refinement/refinement-report';

const image: NodeRefinement = {
  nodeId: 'image',
  label: 'Image',
  chosen: 'the feedback is about image and "Image" produces image',
  support: {
    applied: ['background colour navy (#1b2a4a)'],
    declined: [
      { direction: 'the caption shorter', reason: 'the local renderer draws layouts, colours and type' },
    ],
    verified: true,
  },
  outcome: 'changed',
  now: 'Graphic (1080x1080), dark: mostly navy (#1b2a4a, 80 %).',
};
const caption: NodeRefinement = {
  nodeId: 'caption',
  label: 'Caption',
  chosen: 'the feedback is about text and "Caption" produces text',
  support: {
    applied: ['shorter'],
    declined: [{ direction: 'the background navy', reason: 'the local writer ...' }],
    verified: true,
  },
  outcome: 'unchanged',
};

describe('refinement report', () => {
  test('a direction one node could not read but another applied is not reported as declined', () => {
    const declined = declinedByAll([image, caption]);

    expect(declined.get('image')).toEqual([]);
    expect(declined.get('caption')).toEqual([]);
  });

  test('each node says why it was chosen, what was applied and what it is now, or that it came out the same', () => {
    expect(refinementReason(image, [])).toBe(
      'the feedback is about image and "Image" produces image; applied: background colour navy (#1b2a4a); now: Graphic (1080x1080), dark: mostly navy (#1b2a4a, 80 %).',
    );
    expect(refinementReason(caption, [])).toBe(
      'the feedback is about text and "Caption" produces text; re-ran it with shorter, but the result is identical to the previous revision, so nothing changed and the previous output is kept',
    );
  });

  test('the summary says what changed, what came out the same and how much re-ran', () => {
    expect(
      refinementSummary({
        revision: 2,
        revised: true,
        method: 'rules',
        nodes: [image, caption],
        reran: 4,
        total: 4,
        status: 'completed',
      }),
    ).toBe(
      'Revision 2: applied to "Image": background colour navy (#1b2a4a) (chosen by rules). "Caption" came out identical to the previous revision, so the previous output is kept; re-ran 4 of 4 nodes and reused the other outputs; the run is completed.',
    );
  });

  test('nothing the providers can do: no revision, and every reason', () => {
    const declined: NodeRefinement = {
      ...image,
      support: {
        applied: [],
        declined: [{ direction: '3D', reason: 'needs a generation provider' }],
        verified: true,
      },
      outcome: 'declined',
    };

    expect(canApply(declined.support)).toBe(false);
    expect(canApply({ applied: ['passed to fal in the prompt'], declined: [], verified: false })).toBe(true);
    expect(refinementReason(declined, [])).toBe(
      'the feedback is about image and "Image" produces image; not applied: "3D" (needs a generation provider); the previous output is kept',
    );
    expect(
      refinementSummary({
        revision: 1,
        revised: false,
        method: 'rules',
        nodes: [declined],
        reran: 0,
        total: 2,
        status: 'completed',
      }),
    ).toBe(
      'Nothing in the feedback could be applied, so no revision was made: not applied: "3D" (needs a generation provider). The run stays at revision 1.',
    );
  });
});
