import { compileGraph } from '../../../core/graph/compile-graph';
import { withQualityGates } from '../../../core/content/graph-variants';
import type { AppDefinition } from '../../../core/app/app-definition';
import { SOCIAL_POST } from './content-fixtures';

describe('withQualityGates', () => {
  test('inserts one gate between each output and its parent', () => {
    //   image ──> out_image         image ──> qc_out_image ──> out_image
    //   caption ──> out_caption     caption ──> qc_out_caption ──> out_caption
    const gated = withQualityGates(SOCIAL_POST, { minScore: 0.7, maxRetries: 2 });
    const plan = compileGraph(gated.graph, gated.parameters);
    expect(plan.nodes.map((n) => [n.id, n.parents])).toEqual([
      ['image', []],
      ['caption', []],
      ['qc_out_image', ['image']],
      ['out_image', ['qc_out_image']],
      ['qc_out_caption', ['caption']],
      ['out_caption', ['qc_out_caption']],
    ]);
    expect(plan.outputs.map((o) => [o.label, o.type])).toEqual([
      ['Image', 'image'],
      ['Caption', 'text'],
    ]);
  });

  test('leaves existing gates alone and keeps new ids unique', () => {
    //   a ──> qc_out ──> out      (already gated)       b ──> out2 (qc_out2 exists as a name)
    const app: AppDefinition = {
      ...SOCIAL_POST,
      parameters: [],
      graph: {
        nodes: [
          { id: 'a', type: 'text.generate', label: 'A', config: { prompt: 'x' } },
          { id: 'qc_out', type: 'quality.check', label: 'Q', config: {} },
          { id: 'out', type: 'output', label: 'A', config: { label: 'A' } },
          { id: 'qc_out2', type: 'text.generate', label: 'B', config: { prompt: 'y' } },
          { id: 'out2', type: 'output', label: 'B', config: { label: 'B' } },
        ],
        edges: [
          { source: 'a', target: 'qc_out' },
          { source: 'qc_out', target: 'out' },
          { source: 'qc_out2', target: 'out2' },
        ],
      },
    };
    const gated = withQualityGates(app, { minScore: 0.5, maxRetries: 1 });
    expect(gated.graph.nodes.filter((n) => n.type === 'quality.check').map((n) => n.id)).toEqual([
      'qc_out',
      'qc_out2_2',
    ]);
    expect(() => compileGraph(gated.graph, gated.parameters)).not.toThrow();
  });
});
