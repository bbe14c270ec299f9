import pino from 'pino';
import { modelRefinement } from '../../../api/commands/model-refinement';
import type { AppGraph } from '../../../core/app/app-definition';
import { loadConfig } from '../../../core/config';
import { compileGraph } from '../../../core/graph/compile-graph';
import { refinementCandidates } from '../../../core/refinement/candidates';
import { openAiChat } from '../../../adapters/models/openai-chat';
import { startFakeChat, type ChatBehaviour, type FakeChat } from '../../support/fake-chat';
import { captionNode, topicParameter } from '../../support/refinement-fixtures';

const topic = topicParameter;
const graph: AppGraph = {
  nodes: [
    captionNode,
    { id: 'photo', type: 'image.generate', label: 'Photo', config: { prompt: 'A photo of {{topic}}' } },
    { id: 'out_caption', type: 'output', label: 'Caption', config: { label: 'Caption' } },
    { id: 'out_photo', type: 'output', label: 'Photo', config: { label: 'Photo' } },
  ],
  edges: [
    { source: 'caption', target: 'out_caption' },
    { source: 'photo', target: 'out_photo' },
  ],
};
const candidates = refinementCandidates(compileGraph(graph, [topic]));
const FEEDBACK = 'fewer hashtags';
const logger = pino({ level: 'silent' });

describe('modelRefinement (the chat model reads refinement feedback)', () => {
  let chat: FakeChat;
  let behaviour: () => ChatBehaviour;
  beforeAll(async () => {
    chat = await startFakeChat(() => behaviour());
  });
  afterAll(() => chat.close());

  // Generous, so a loaded machine never turns an answer into a timeout; the timeout case sets its own.
  const choose = (timeoutMs = 10_000) =>
    modelRefinement(
      openAiChat(loadConfig({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: chat.baseUrl })),
      logger,
      candidates,
      FEEDBACK,
      timeoutMs,
    );

  test("a usable answer is the model's choice, asked as bounded JSON at temperature 0", async () => {
    behaviour = () => ({
      text: JSON.stringify({
        nodes: [
          { nodeId: 'caption', reason: 'hashtags', prompt: 'A caption with two hashtags about {{topic}}' },
        ],
      }),
    });
    expect(await choose()).toEqual({
      selection: {
        method: 'model',
        choices: [
          { nodeId: 'caption', reason: 'hashtags', prompt: 'A caption with two hashtags about {{topic}}' },
        ],
      },
    });
    expect(chat.requests.at(-1)).toMatchObject({
      temperature: 0,
      response_format: { type: 'json_object' },
      max_tokens: 500,
    });
  });

  test.each<[string, () => ChatBehaviour, RegExp]>([
    [
      'text that is not JSON',
      () => ({ text: 'Fewer hashtags, got it!' }),
      /not usable \(the answer is not JSON\)/,
    ],
    ['JSON without nodes', () => ({ text: '{"answer":"caption"}' }), /no "nodes" array/],
    [
      'only unknown nodes',
      () => ({ text: '{"nodes":[{"nodeId":"hashtags"}]}' }),
      /chose no node of this run/,
    ],
    [
      'a tool call instead of text',
      () => ({ call: { name: 'refine', arguments: '{}' } }),
      /did not answer \(chat completion had no content\)/,
    ],
    ['a server error', () => ({ status: 500, body: { error: { message: 'boom' } } }), /did not answer/],
    ['a timeout', () => ({ delayMs: 2000, call: { name: 'x', arguments: '{}' } }), /did not answer/],
  ])('%s leaves the choice to the rules, with a warning', async (_, behave, why) => {
    behaviour = behave;
    // The timeout case answers late on purpose: it gets a short timeout of its own.
    const chosen = await choose('delayMs' in behave() ? 500 : undefined);
    expect(chosen.selection).toBeNull();
    expect(chosen.warning).toMatch(why);
    expect(chosen.warning).toMatch(/chosen by the rules$/);
  });

  test('without a chat model nothing is asked and the rules choose, without a warning', async () => {
    const count = chat.requests.length;
    expect(await modelRefinement(null, logger, candidates, FEEDBACK)).toEqual({ selection: null });
    expect(chat.requests).toHaveLength(count);
  });
});
