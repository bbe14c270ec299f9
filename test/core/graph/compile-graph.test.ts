import { compileGraph, GraphCompileError, type CompileIssue } from '../../../core/graph/compile-graph';
import type { AppGraph, AppParameter } from '../../../core/app/app-definition';
import { graph, textParameter } from './graph-fixtures';

function issuesOf(g: AppGraph, parameters: AppParameter[] = []): CompileIssue[] {
  try {
    compileGraph(g, parameters);
  } catch (err) {
    if (err instanceof GraphCompileError) return err.issues;
    throw err;
  }
  throw new Error('the graph compiled');
}

describe('compileGraph', () => {
  test('a single chain compiles with config defaults applied and one output', () => {
    // copy(text.generate) --> out(output)
    const g = graph(
      [
        ['copy', 'text.generate', { prompt: 'a caption about {{topic}}' }],
        ['out', 'output', { label: 'Caption' }],
      ],
      ['copy->out'],
    );

    const plan = compileGraph(g, [textParameter('topic')]);

    expect(plan).toEqual({
      nodes: [
        {
          id: 'copy',
          type: 'text.generate',
          label: 'copy',
          config: { prompt: 'a caption about {{topic}}', purpose: 'generic' },
          parents: [],
          produces: 'text',
        },
        {
          id: 'out',
          type: 'output',
          label: 'out',
          config: { label: 'Caption' },
          parents: ['copy'],
          produces: 'text',
        },
      ],
      outputs: [{ index: 0, nodeId: 'out', label: 'Caption', type: 'text' }],
    });
  });

  test('nodes come in topological order with ties broken by declaration order, and passthrough nodes carry their parent modality', () => {
    //   script(text.generate) ---> voice(audio.tts) ----\
    //          |                                          +--> film(video.compose) --> check(quality.check) --> video(output)
    //          +-----------------> clip(video.generate) -/
    //   script ------------------------------------------------------------------------------------------> words(output)
    const g = graph(
      [
        ['video', 'output', { label: 'Video' }],
        ['words', 'output', { label: 'Script' }],
        ['check', 'quality.check', {}],
        ['film', 'video.compose', {}],
        ['clip', 'video.generate', { prompt: '{{nodes.script}}' }],
        ['voice', 'audio.tts', { text: '{{nodes.script}}' }],
        ['script', 'text.generate', { prompt: 'a script' }],
      ],
      [
        'script->voice',
        'script->clip',
        'voice->film',
        'clip->film',
        'film->check',
        'check->video',
        'script->words',
      ],
    );

    const plan = compileGraph(g, []);

    expect(plan.nodes.map((n) => [n.id, n.parents, n.produces])).toEqual([
      ['script', [], 'text'],
      ['words', ['script'], 'text'],
      ['clip', ['script'], 'video'],
      ['voice', ['script'], 'audio'],
      ['film', ['voice', 'clip'], 'video'],
      ['check', ['film'], 'video'],
      ['video', ['check'], 'video'],
    ]);
    expect(plan.outputs).toEqual([
      { index: 0, nodeId: 'words', label: 'Script', type: 'text' },
      { index: 1, nodeId: 'video', label: 'Video', type: 'video' },
    ]);
  });

  test('a cycle is rejected, naming the nodes on it and not those that only wait downstream of it', () => {
    // a(text.generate) --> b(quality.check) --> out(output)
    //        ^                   |
    //        +-------------------+
    const g = graph(
      [
        ['a', 'text.generate', { prompt: 'x' }],
        ['b', 'quality.check', {}],
        ['out', 'output', { label: 'Out' }],
      ],
      ['a->b', 'b->a', 'b->out'],
    );

    expect(issuesOf(g)).toEqual([{ field: 'graph.edges', message: 'cycle through nodes a, b' }]);
  });

  test('two separate cycles are two issues, each naming its own nodes', () => {
    // a <-> b --> c --> d <-> e --> out      (c and out wait on the cycles but are on none)
    const g = graph(
      [
        ['a', 'text.generate', { prompt: 'x' }],
        ['b', 'quality.check', {}],
        ['c', 'quality.check', {}],
        ['d', 'quality.check', {}],
        ['e', 'quality.check', {}],
        ['out', 'output', { label: 'Out' }],
      ],
      ['a->b', 'b->a', 'b->c', 'c->d', 'e->d', 'd->e', 'e->out'],
    );

    expect(issuesOf(g).filter((i) => i.message.startsWith('cycle'))).toEqual([
      { field: 'graph.edges', message: 'cycle through nodes a, b' },
      { field: 'graph.edges', message: 'cycle through nodes d, e' },
    ]);
  });

  test('dangling edges, self-loops and duplicate edges are rejected', () => {
    // a(text.generate) --> out(output)     ghost --> out     a --> nowhere     a --> a     a --> out (twice)
    const g = graph(
      [
        ['a', 'text.generate', { prompt: 'x' }],
        ['out', 'output', { label: 'Out' }],
      ],
      ['a->out', 'ghost->out', 'a->nowhere', 'a->a', 'a->out'],
    );

    expect(issuesOf(g)).toEqual([
      { field: 'graph.edges[1].source', message: 'dangling edge: no node "ghost"' },
      { field: 'graph.edges[2].target', message: 'dangling edge: no node "nowhere"' },
      { field: 'graph.edges[3]', message: 'self-loop on "a"' },
      { field: 'graph.edges[4]', message: 'duplicate edge a -> out' },
    ]);
  });

  test('an unknown node type, a bad config and a duplicate node id are rejected', () => {
    // a(sparkle.make) --> out(output)     img(image.generate, longEdge 10)     out(output) again
    const g = graph(
      [
        ['a', 'sparkle.make', {}],
        ['img', 'image.generate', { prompt: 'x', longEdge: 10 }],
        ['out', 'output', { label: 'Out' }],
      ],
      ['a->out'],
    );
    g.nodes.push({ id: 'out', type: 'output', label: 'again', config: { label: 'Again' } });

    expect(issuesOf(g)).toEqual([
      { field: 'graph.nodes[0].type', message: 'unknown node type "sparkle.make"' },
      { field: 'graph.nodes[1].config.longEdge', message: expect.stringContaining('>=256') },
      { field: 'graph.nodes[3].id', message: 'duplicate node id "out"' },
    ]);
  });

  test('an undeclared parameter and an unused parameter are both rejected', () => {
    // copy(text.generate: "{{topic}}") --> out(output)      parameters: tone (unused)
    const g = graph(
      [
        ['copy', 'text.generate', { prompt: 'about {{topic}}' }],
        ['out', 'output', { label: 'Out' }],
      ],
      ['copy->out'],
    );

    expect(issuesOf(g, [textParameter('tone')])).toEqual([
      { field: 'graph.nodes[0].config', message: 'parameter "topic" is used but not declared' },
      { field: 'parameters[0]', message: 'parameter "tone" is declared but nothing uses it' },
    ]);
  });

  test('{{nodes.x}} must name a parent of the node that uses it', () => {
    // script(text.generate) --> out(output)
    // image(image.generate: "{{nodes.script}}") --> pic(output)      script is not a parent of image
    const g = graph(
      [
        ['script', 'text.generate', { prompt: 'x' }],
        ['image', 'image.generate', { prompt: 'draw {{nodes.script}}' }],
        ['out', 'output', { label: 'Script' }],
        ['pic', 'output', { label: 'Picture' }],
      ],
      ['script->out', 'image->pic'],
    );

    expect(issuesOf(g)).toEqual([
      { field: 'graph.nodes[1].config', message: '{{nodes.script}} is not a parent of "image"' },
    ]);
  });

  test('parent counts must fit the node type', () => {
    // a(text.generate) --+--> check(quality.check) --> out(output)
    // b(text.generate) --+
    // film(video.compose) with no parent --> reel(output)      lonely(output) with no parent
    const g = graph(
      [
        ['a', 'text.generate', { prompt: 'x' }],
        ['b', 'text.generate', { prompt: 'y' }],
        ['check', 'quality.check', {}],
        ['out', 'output', { label: 'Out' }],
        ['film', 'video.compose', {}],
        ['reel', 'output', { label: 'Reel' }],
        ['lonely', 'output', { label: 'Lonely' }],
      ],
      ['a->check', 'b->check', 'check->out', 'film->reel'],
    );

    expect(issuesOf(g)).toEqual([
      { field: 'graph.nodes[2]', message: 'quality.check node "check" needs 1 parents, has 2' },
      { field: 'graph.nodes[4]', message: 'video.compose node "film" needs 1..20 parents, has 0' },
      { field: 'graph.nodes[6]', message: 'output node "lonely" needs 1 parents, has 0' },
    ]);
  });

  test('a graph without an output node is rejected, and so are two outputs with the same label', () => {
    // a(text.generate)                 a --> one(output "Copy"), a --> two(output "copy")
    const noOutput = graph([['a', 'text.generate', { prompt: 'x' }]], []);
    const sameLabels = graph(
      [
        ['a', 'text.generate', { prompt: 'x' }],
        ['one', 'output', { label: 'Copy' }],
        ['two', 'output', { label: 'copy' }],
      ],
      ['a->one', 'a->two'],
    );

    expect(issuesOf(noOutput)).toEqual([{ field: 'graph.nodes', message: 'the graph has no output node' }]);
    expect(issuesOf(sameLabels)).toEqual([{ field: 'graph.nodes', message: 'output labels must be unique' }]);
  });

  test('the error message joins every issue as field: message', () => {
    const g = graph([['a', 'text.generate', { prompt: '{{missing}}' }]], []);

    expect(() => compileGraph(g, [])).toThrow(
      'graph.nodes[0].config: parameter "missing" is used but not declared',
    );
  });
});
