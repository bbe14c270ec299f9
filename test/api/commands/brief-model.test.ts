import pino from 'pino';
import { briefModel, consultModel } from '../../../api/commands/brief-model';
import { loadConfig } from '../../../core/config';
import { CATALOG_APPS } from '../../core/discovery/catalog-candidates';
import { startFakeChat, type ChatBehaviour, type FakeChat } from '../../support/fake-chat';

const VIDEO_AD = '9e5f9264-3c79-43c6-b368-57181201d05d';
// A brief the rules are sure of (the model may not run an app the judgement would not).
const BRIEF =
  'Short vertical ad with a voiceover and captions for the Kite running jacket, neon palette, ending on "Run free"';
const logger = pino({ level: 'silent' });

describe('briefModel (tool calling against a chat completions server)', () => {
  let chat: FakeChat;
  let behaviour: (body: Record<string, unknown>) => ChatBehaviour;
  beforeAll(async () => {
    chat = await startFakeChat((body) => behaviour(body));
  });
  afterAll(() => chat.close());

  const model = () =>
    briefModel(
      loadConfig({ TEXT_PROVIDER: 'openai', OPENAI_BASE_URL: chat.baseUrl, OPENAI_API_KEY: 'k' }),
      logger,
      {
        timeoutMs: 500,
      },
    );
  const ask = (m = model(), brief = BRIEF) => consultModel(m, { brief }, CATALOG_APPS);
  const firstTool = (body: Record<string, unknown>) =>
    (body.tools as { function: { name: string } }[])[0].function.name;

  test("offers discovery's best apps as strict functions, temperature 0, one call required", async () => {
    behaviour = (body) => ({
      call: {
        name: firstTool(body),
        arguments: JSON.stringify({ product: 'Kite running jacket', call_to_action: null, palette: 'Neon' }),
      },
    });
    const answer = await ask();
    expect(answer).toEqual({
      choice: { kind: 'app', appId: VIDEO_AD, inputs: { product: 'Kite running jacket', palette: 'Neon' } },
    });
    const request = chat.requests.at(-1)!;
    expect(request).toMatchObject({ temperature: 0, tool_choice: 'required', parallel_tool_calls: false });
    const tools = request.tools as {
      type: string;
      function: {
        name: string;
        strict: boolean;
        parameters: { required: string[]; properties: Record<string, { enum?: unknown[] }> };
      };
    }[];
    expect(tools.at(-1)!.function.name).toBe('no_app_fits');
    const ad = tools[0].function;
    expect(ad).toMatchObject({ strict: true, parameters: { type: 'object', additionalProperties: false } });
    expect(ad.parameters.required).toEqual(['product', 'call_to_action', 'palette']);
    expect(ad.parameters.properties.palette.enum).toEqual(['Sunset', 'Neon', 'Ocean', 'Warm', 'Dark', null]);
  });

  test('a repeated brief is answered from the cache: same choice, no second request', async () => {
    const m = model();
    behaviour = (body) => ({
      call: {
        name: firstTool(body),
        arguments: '{"product":"Kite jacket","call_to_action":null,"palette":null}',
      },
    });
    const first = await ask(m);
    const count = chat.requests.length;
    behaviour = () => ({ status: 500, body: { error: { message: 'should not be asked' } } });
    expect(await ask(m)).toEqual(first);
    expect(chat.requests).toHaveLength(count);
  });

  test("no_app_fits is a verdict with the model's reason", async () => {
    behaviour = () => ({ call: { name: 'no_app_fits', arguments: '{"reason":"asks for a spreadsheet"}' } });
    expect(await ask(model(), 'Our ad spend per channel')).toEqual({
      choice: { kind: 'no_fit', reason: 'asks for a spreadsheet' },
    });
  });

  test.each<[string, (body: Record<string, unknown>) => ChatBehaviour, RegExp]>([
    [
      'bad JSON arguments',
      (body) => ({ call: { name: firstTool(body), arguments: '{"product": "Kite' } }),
      /not JSON/,
    ],
    ['an unknown function', () => ({ call: { name: 'make_coffee', arguments: '{}' } }), /not offered/],
    [
      'a missing required field',
      (body) => ({ call: { name: firstTool(body), arguments: '{"palette":"Neon"}' } }),
      /missing product/,
    ],
    [
      'an option that is not a label',
      (body) => ({
        call: {
          name: firstTool(body),
          arguments: '{"product":"Kite","call_to_action":null,"palette":"Purple"}',
        },
      }),
      /not allowed/,
    ],
    ['empty arguments', (body) => ({ call: { name: firstTool(body), arguments: '' } }), /not JSON/],
    [
      'arguments that are an array',
      (body) => ({ call: { name: firstTool(body), arguments: '["Kite"]' } }),
      /not an object/,
    ],
    [
      'an app id as the function name',
      () => ({ call: { name: VIDEO_AD, arguments: '{"product":"Kite"}' } }),
      /not offered/,
    ],
    [
      "another app's fields (the wrong tool)",
      (body) => ({ call: { name: firstTool(body), arguments: '{"product":"Kite","headline":"Run"}' } }),
      /unknown fields headline/,
    ],
    [
      'a text value with words the brief does not have (invented)',
      (body) => ({
        call: { name: firstTool(body), arguments: '{"product":"Trailblazer bottle","call_to_action":null}' },
      }),
      /product "Trailblazer bottle" not in the brief/,
    ],
    [
      'a number for a text field',
      (body) => ({ call: { name: firstTool(body), arguments: '{"product":42,"call_to_action":null}' } }),
      /expects a string/,
    ],
    [
      'no_app_fits with a field it does not have',
      () => ({ call: { name: 'no_app_fits', arguments: '{"reason":"x","appId":"' + VIDEO_AD + '"}' } }),
      /unknown fields appId/,
    ],
    [
      'no_app_fits without a reason',
      () => ({ call: { name: 'no_app_fits', arguments: '{}' } }),
      /without a reason/,
    ],
    [
      'text instead of a tool call',
      () => ({ text: 'Sure! Here is a great ad for your jacket.' }),
      /not usable \(the chat completion made no tool call \(it answered text: "Sure! Here is/,
    ],
    ['an empty answer', () => ({ text: '' }), /not usable \(the chat completion made no tool call\)/],
    ['a server error', () => ({ status: 503, body: { error: { message: 'overloaded' } } }), /did not answer/],
    [
      'a timeout',
      (body) => ({ delayMs: 2000, call: { name: firstTool(body), arguments: '{}' } }),
      /did not answer/,
    ],
  ])('%s falls back to the rules with a warning', async (_, behave, why) => {
    behaviour = behave;
    const answer = await ask();
    expect(answer.choice).toBeNull();
    expect(answer.warning).toMatch(why);
    expect(answer.warning).toMatch(/chosen by the rules$/);
  });

  test('a valid call on a brief the judgement would not run is set aside: the rules answer, with a warning', async () => {
    behaviour = () => ({
      call: {
        name: 'app1_ugc_style_script_with_voiceover',
        arguments: '{"product":"holiday photos","angle":null}',
      },
    });
    const answer = await ask(model(), 'Write a Python script that renames my holiday photos by date');
    expect(chat.requests.at(-1)!.tools).toContainEqual(
      expect.objectContaining({
        function: expect.objectContaining({ name: 'app1_ugc_style_script_with_voiceover' }),
      }),
    );
    expect(answer).toEqual({
      choice: null,
      warning: expect.stringMatching(
        /^the chat model chose UGC-Style Script with Voiceover, but the judgement is not sure enough to run an app \(confidence 0\.\d+ < 0\.\d+\); the app and inputs were chosen by the rules$/,
      ),
    });
  });

  test('OPENAI_TOOL_CHOICE=auto asks with tool_choice "auto" (servers that refuse "required")', async () => {
    behaviour = (body) => ({
      call: { name: firstTool(body), arguments: '{"product":"Kite","call_to_action":null,"palette":null}' },
    });
    const auto = briefModel(
      loadConfig({
        TEXT_PROVIDER: 'openai',
        OPENAI_BASE_URL: chat.baseUrl,
        OPENAI_TOOL_CHOICE: 'auto',
      }),
      logger,
      { timeoutMs: 500 },
    );
    expect((await ask(auto)).choice).toMatchObject({ kind: 'app', appId: VIDEO_AD });
    expect(chat.requests.at(-1)).toMatchObject({ tool_choice: 'auto' });
  });

  test('without a chat model configured nothing is asked', async () => {
    const none = briefModel(loadConfig({}), logger);
    expect(await consultModel(none, { brief: BRIEF }, CATALOG_APPS)).toEqual({ choice: null });
  });
});
