import type { AppGraph } from '../../../core/app/app-definition';
import { compileGraph } from '../../../core/graph/compile-graph';
import { refinementCandidates } from '../../../core/refinement/candidates';
import { readModelRefinement } from '../../../core/refinement/model-refinement';
import { captionNode, topicParameter } from '../../support/refinement-fixtures';

const topic = topicParameter;
const graph: AppGraph = {
  nodes: [captionNode, { id: 'out', type: 'output', label: 'Caption', config: { label: 'Caption' } }],
  edges: [{ source: 'caption', target: 'out' }],
};
const candidates = refinementCandidates(compileGraph(graph, [topic]));
const read = (answer: unknown) =>
  readModelRefinement(
    typeof answer === 'string' ? answer : JSON.stringify(answer),
    candidates,
    'fewer hashtags',
  );

describe('readModelRefinement (what a chat model answered to refinement feedback)', () => {
  test.each<[string, unknown, string]>([
    ['not JSON', 'Sure, I will make fewer hashtags.', 'the answer is not JSON'],
    ['empty', '', 'the answer is not JSON'],
    ['JSON null', 'null', 'the answer has no "nodes" array'],
    ['no nodes array', { nodes: 'caption' }, 'the answer has no "nodes" array'],
    ['an empty choice', { nodes: [] }, 'the answer chose no node'],
    [
      'only nodes the run does not have',
      { nodes: [{ nodeId: 'hashtags', prompt: 'x' }] },
      'the answer chose no node of this run',
    ],
    [
      'node ids that are not strings',
      { nodes: [{ nodeId: 7 }, null] },
      'the answer chose no node of this run',
    ],
  ])('%s is not usable: %s', (_, answer, error) => {
    expect(read(answer)).toEqual({ error });
  });

  test.each<[string, unknown]>([
    ['a prompt that drops a placeholder', 'A caption with two hashtags'],
    ['a prompt that adds a placeholder', 'A caption about {{topic}} for {{brand}}'],
    ['an empty prompt', '  '],
    ['a prompt that is not a string', { text: 'x' }],
  ])('%s is replaced by the rule rewrite, and noted', (_, prompt) => {
    expect(read({ nodes: [{ nodeId: 'caption', reason: 'hashtags', prompt }] })).toEqual({
      selection: {
        method: 'model',
        choices: [
          {
            nodeId: 'caption',
            reason: 'hashtags',
            prompt: 'A caption with hashtags about {{topic}}. Revision: fewer hashtags',
          },
        ],
      },
      notes: ['caption: the rewritten prompt was unusable; the rules rewrote it'],
    });
  });

  test('a usable answer: unknown nodes and repeats are set aside, the reason is clipped', () => {
    const result = read({
      nodes: [
        { nodeId: 'caption', reason: 'r'.repeat(900), prompt: 'A caption with two hashtags about {{topic}}' },
        { nodeId: 'caption', reason: 'again', prompt: 'Another {{topic}}' },
        { nodeId: 'out', reason: 'the output', prompt: 'x' },
      ],
    });
    expect(result).toEqual({
      selection: {
        method: 'model',
        choices: [
          {
            nodeId: 'caption',
            reason: 'r'.repeat(500),
            prompt: 'A caption with two hashtags about {{topic}}',
          },
        ],
      },
      notes: ['skipped "out": not a node feedback can change'],
    });
  });
});
