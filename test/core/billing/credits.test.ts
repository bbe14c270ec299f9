import { DEFAULT_NODE_COSTS, estimateCredits, nodeCosts, nodeCredits } from '../../../core/billing/credits';
import { compileGraph } from '../../../core/graph/compile-graph';

describe('nodeCosts', () => {
  test('each type costs what its configured provider charges', () => {
    const costs = nodeCosts(undefined, { image: 'fal', video: 'comfyui', text: 'local', speech: 'local' });

    expect(costs['image.generate']).toBe(6);
    expect(costs['video.generate']).toBe(20);
    expect(costs['text.generate']).toBe(DEFAULT_NODE_COSTS['text.generate']);
  });

  test('NODE_COSTS overrides a type (its configured provider) or a type on one provider', () => {
    const costs = nodeCosts('{"image.generate": 5, "video.generate@fal": 30}', { image: 'replicate' });

    expect(costs['image.generate']).toBe(5);
    expect(nodeCredits(costs, 'image.generate', 'replicate')).toBe(5);
    expect(nodeCredits(costs, 'video.generate', 'fal')).toBe(30);
    expect(() => nodeCosts('{"image.generate@nowhere": 1}')).toThrow('bad entry "image.generate@nowhere"');
  });

  test('a node is charged at the price of the provider that made it', () => {
    const costs = nodeCosts();

    expect(nodeCredits(costs, 'video.generate', 'replicate')).toBe(40);
    expect(nodeCredits(costs, 'video.generate', 'local')).toBe(DEFAULT_NODE_COSTS['video.generate']);
    expect(nodeCredits(costs, 'video.generate', undefined)).toBe(DEFAULT_NODE_COSTS['video.generate']);
  });
});

describe('estimateCredits', () => {
  test("a node that names its provider is estimated at that provider's price", () => {
    /*
     *   clip (video.generate, provider fal) ─> out
     */
    const plan = compileGraph(
      {
        nodes: [
          { id: 'clip', type: 'video.generate', label: 'Clip', config: { prompt: 'waves', provider: 'fal' } },
          { id: 'out', type: 'output', label: 'Clip', config: { label: 'Clip' } },
        ],
        edges: [{ source: 'clip', target: 'out' }],
      },
      [],
    );

    expect(estimateCredits(plan, ['clip', 'out'], nodeCosts()).breakdown).toEqual([
      { nodeId: 'clip', nodeType: 'video.generate', credits: 40 },
      { nodeId: 'out', nodeType: 'output', credits: 0 },
    ]);
  });
});
