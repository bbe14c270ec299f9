import { compileGraph } from '../../../core/graph/compile-graph';
import type { AppGraph } from '../../../core/app/app-definition';
import { refinementCandidates } from '../../../core/refinement/candidates';
import { parseModelRefinement } from '../../../core/refinement/model-refinement';
import { rewritePrompt } from '../../../core/refinement/prompt';
import { modalitiesNamed, selectRefinement } from '../../../core/refinement/select-refinement';
import { captionNode, topicParameter } from '../../support/refinement-fixtures';

const topic = topicParameter;

/**
 *   script (text) ──> voice (audio.tts) ──┐
 *   key (image) ───> clip (video.gen) ────┴─> video (compose) ─> out_video
 *   caption (text) ─> out_caption
 */
const graph: AppGraph = {
  nodes: [
    {
      id: 'script',
      type: 'text.generate',
      label: 'Script',
      config: { prompt: 'A voiceover script about {{topic}}', purpose: 'script' },
    },
    { id: 'voice', type: 'audio.tts', label: 'Voiceover', config: { text: '{{nodes.script}}' } },
    {
      id: 'key',
      type: 'image.generate',
      label: 'Key visual',
      config: { prompt: 'Key visual about {{topic}}' },
    },
    { id: 'clip', type: 'video.generate', label: 'Clip', config: {} },
    { id: 'video', type: 'video.compose', label: 'Video', config: {} },
    captionNode,
    { id: 'out_video', type: 'output', label: 'Video', config: { label: 'Video' } },
    { id: 'out_caption', type: 'output', label: 'Caption', config: { label: 'Caption' } },
  ],
  edges: [
    { source: 'script', target: 'voice' },
    { source: 'voice', target: 'video' },
    { source: 'key', target: 'clip' },
    { source: 'clip', target: 'video' },
    { source: 'video', target: 'out_video' },
    { source: 'caption', target: 'out_caption' },
  ],
};
const plan = compileGraph(graph, [topic]);
const candidates = refinementCandidates(plan);
const chosen = (feedback: string) => selectRefinement(candidates, feedback).choices.map((c) => c.nodeId);

describe('refinementCandidates', () => {
  test('lists prompt-bearing nodes with the modalities they feed and the outputs they reach', () => {
    expect(
      candidates.map(({ nodeId, produces, feeds, outputLabels }) => ({
        nodeId,
        produces,
        feeds,
        outputLabels,
      })),
    ).toEqual([
      { nodeId: 'script', produces: 'text', feeds: ['audio', 'video'], outputLabels: ['Video'] },
      { nodeId: 'key', produces: 'image', feeds: ['video'], outputLabels: ['Video'] },
      { nodeId: 'clip', produces: 'video', feeds: [], outputLabels: ['Video'] },
      { nodeId: 'caption', produces: 'text', feeds: [], outputLabels: ['Caption'] },
    ]);
  });

  test('keeps to the nodes the run executed', () => {
    expect(refinementCandidates(plan, ['caption', 'out_caption']).map((c) => c.nodeId)).toEqual(['caption']);
  });
});

describe('selectRefinement', () => {
  test('narration feedback goes to the script that feeds the voiceover', () => {
    expect(chosen('The narration is too fast and robotic')).toEqual(['script']);
  });

  test('hashtag feedback goes to the caption', () => {
    expect(chosen('fewer hashtags please')).toEqual(['caption']);
  });

  test('picture feedback goes to the image behind the video', () => {
    expect(chosen('use a warmer picture with sunset colours')).toEqual(['key']);
  });

  test('feedback naming two things refines both', () => {
    expect(chosen('a brighter image and a shorter caption')).toEqual(['key', 'caption']);
  });

  test('feedback matching nothing falls back to the generation nodes feeding outputs, and says so', () => {
    const selection = selectRefinement(candidates, 'meh, try again');
    expect(selection.choices.map((c) => c.nodeId)).toEqual(['clip', 'caption']);
    expect(selection.choices[0].reason).toContain('no node matched');
  });

  test('says why each node was chosen and appends the feedback to its prompt', () => {
    expect(selectRefinement(candidates, 'fewer hashtags').choices).toEqual([
      {
        nodeId: 'caption',
        reason: 'the feedback is about text and "Caption" produces text; its prompt mentions "hashtag"',
        prompt: 'A caption with hashtags about {{topic}}. Revision: fewer hashtags',
      },
    ]);
  });
});

describe('modalitiesNamed', () => {
  test('reads "captions" as video subtitles and "hashtags" as text', () => {
    expect(modalitiesNamed('the captions are off')).toEqual(['video']);
    expect(modalitiesNamed('more hashtags')).toEqual(['text']);
    expect(modalitiesNamed('louder voice, nicer photo')).toEqual(['image', 'audio']);
  });
});

describe('rewritePrompt', () => {
  test('removes placeholder braces from feedback so it cannot inject a template', () => {
    expect(rewritePrompt('A poster about {{topic}}.', 'say {{secret}}')).toBe(
      'A poster about {{topic}}. Revision: say secret',
    );
  });
});

describe('parseModelRefinement', () => {
  test('takes known nodes and keeps prompts whose placeholders are unchanged', () => {
    const answer = JSON.stringify({
      nodes: [
        {
          nodeId: 'caption',
          reason: 'asks for fewer hashtags',
          prompt: 'A caption with two hashtags about {{topic}}',
        },
        { nodeId: 'key', reason: 'bad prompt', prompt: 'Key visual' },
        { nodeId: 'nope', reason: 'unknown', prompt: 'x' },
      ],
    });
    expect(parseModelRefinement(answer, candidates, 'fewer hashtags')).toEqual({
      method: 'model',
      choices: [
        {
          nodeId: 'caption',
          reason: 'asks for fewer hashtags',
          prompt: 'A caption with two hashtags about {{topic}}',
        },
        {
          nodeId: 'key',
          reason: 'bad prompt',
          prompt: 'Key visual about {{topic}}. Revision: fewer hashtags',
        },
      ],
    });
  });

  test('returns null for an unusable answer', () => {
    expect(parseModelRefinement('not json', candidates, 'x')).toBeNull();
    expect(parseModelRefinement('{"nodes":[]}', candidates, 'x')).toBeNull();
  });
});
