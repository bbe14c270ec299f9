import { compileGraph } from '../../../core/graph/compile-graph';
import { ancestorsOf, descendantsOf } from '../../../core/graph/find-subgraph';
import type { Plan } from '../../../core/graph/plan';
import { graph } from './graph-fixtures';

// script(text.generate) --> voice(audio.tts) ----------+
//        |                                             +--> film(video.compose) --> video(output)
//        |        backdrop(image.generate) --> clip ---+
//        +--> words(output)
const plan: Plan = compileGraph(
  graph(
    [
      ['script', 'text.generate', { prompt: 'x' }],
      ['voice', 'audio.tts', {}],
      ['backdrop', 'image.generate', { prompt: 'y' }],
      ['clip', 'video.generate', {}],
      ['film', 'video.compose', {}],
      ['video', 'output', { label: 'Video' }],
      ['words', 'output', { label: 'Script' }],
    ],
    ['script->voice', 'backdrop->clip', 'voice->film', 'clip->film', 'film->video', 'script->words'],
  ),
  [],
);

describe('ancestorsOf', () => {
  test('a node and all its ancestors, in plan order', () => {
    expect(ancestorsOf(plan, ['video'])).toEqual(['script', 'voice', 'backdrop', 'clip', 'film', 'video']);
  });

  test('only the branch an output needs', () => {
    expect(ancestorsOf(plan, ['words'])).toEqual(['script', 'words']);
  });

  test('several targets give the union once, and unknown ids are ignored', () => {
    expect(ancestorsOf(plan, ['words', 'clip', 'ghost', 'clip'])).toEqual([
      'script',
      'backdrop',
      'clip',
      'words',
    ]);
  });
});

describe('descendantsOf', () => {
  test('a node and everything downstream of it, in plan order', () => {
    expect(descendantsOf(plan, ['script'])).toEqual(['script', 'voice', 'film', 'video', 'words']);
  });

  test('a branch deep in the graph reaches only its own descendants', () => {
    expect(descendantsOf(plan, ['clip'])).toEqual(['clip', 'film', 'video']);
  });

  test('no sources give nothing', () => {
    expect(descendantsOf(plan, [])).toEqual([]);
  });
});
