import { locateGraphIssue } from '../../../core/app/locate-graph-issue';

/**
 *   a(text.generate) --> out1(output "Copy")
 *   b(text.generate) --> out2(output "copy")
 */
const graph = {
  nodes: [
    { id: 'a', type: 'text.generate', config: {} },
    { id: 'b', type: 'text.generate', config: {} },
    { id: 'out1', type: 'output', config: { label: 'Copy' } },
    { id: 'out2', type: 'output', config: { label: 'copy' } },
  ],
  edges: [
    { source: 'a', target: 'out1' },
    { source: 'b', target: 'out2' },
  ],
};

describe('locateGraphIssue', () => {
  test.each([
    ['graph.nodes[1].config.prompt', 'x', { nodeIds: ['b'] }],
    ['graph.nodes.2.label', 'x', { nodeIds: ['out1'] }],
    ['graph.nodes[9]', 'x', {}],
    ['graph.edges[1].target', 'dangling edge: no node "c"', { edgeIndex: 1 }],
    ['graph.edges', 'cycle through nodes a, out1', { nodeIds: ['a', 'out1'] }],
    ['graph.nodes', 'output labels must be unique', { nodeIds: ['out1', 'out2'] }],
    ['graph.nodes', 'the graph has no output node', {}],
    ['parameters[0]', 'parameter "x" is declared but nothing uses it', {}],
  ])('%s (%s) is located at %j', (field, message, expected) => {
    expect(locateGraphIssue(graph, field, message)).toEqual(expected);
  });

  test('a body that is not a graph locates nothing', () => {
    expect(locateGraphIssue('nonsense', 'graph.nodes[0].id', 'x')).toEqual({});
    expect(locateGraphIssue({ nodes: 'x' }, 'graph.nodes[0].id', 'x')).toEqual({});
  });
});
