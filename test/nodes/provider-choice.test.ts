import { compileGraph, GraphCompileError } from '../../core/graph/compile-graph';

/**
 *   clip (video.generate) ─> out
 */
const graph = (config: Record<string, unknown>) => ({
  nodes: [
    { id: 'clip', type: 'video.generate', label: 'Clip', config: { prompt: 'waves', ...config } },
    { id: 'out', type: 'output', label: 'Clip', config: { label: 'Clip' } },
  ],
  edges: [{ source: 'clip', target: 'out' }],
});

describe('a node names its provider and model in its config', () => {
  test('a provider of its kind and a model id compile into the plan', () => {
    const plan = compileGraph(graph({ provider: 'comfyui', model: 'text-to-video-wan' }), []);

    expect(plan.nodes[0].config).toMatchObject({ provider: 'comfyui', model: 'text-to-video-wan' });
  });

  test('a provider that makes no such media, or a malformed model id, is a compile error', () => {
    expect(() => compileGraph(graph({ provider: 'openai' }), [])).toThrow(GraphCompileError);
    expect(() => compileGraph(graph({ model: 'wan video; rm -rf' }), [])).toThrow(GraphCompileError);
  });
});
