import { cachedEmbeddings, openAiEmbeddings } from '../../../adapters/models/openai-embeddings';
import { startFakeServer, type FakeServer } from '../../support/fake-providers';

/** A vector per text from its letters, so equal texts embed alike and different ones differ. */
const vectorOf = (text: string) => [...'aeiou'].map((v) => [...text].filter((c) => c === v).length + 0.5);

describe('OpenAI-compatible embeddings against a protocol-faithful fake', () => {
  let server: FakeServer;
  let failNext = false;
  beforeAll(async () => {
    server = await startFakeServer((req) => {
      if (req.path !== '/v1/embeddings') return { status: 404, json: { error: { message: 'unknown path' } } };
      if (failNext) {
        failNext = false;
        return {
          status: 401,
          json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
        };
      }
      const body = req.body as { model: string; input: string[] };
      // The real endpoint does not promise order: answer reversed, with indexes.
      const data = body.input
        .map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }))
        .reverse();
      return {
        json: { object: 'list', data, model: body.model, usage: { prompt_tokens: 3, total_tokens: 3 } },
      };
    });
  });
  afterAll(() => server.close());

  const client = () =>
    openAiEmbeddings({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: 'sk-test',
      model: 'embed-test',
      batchSize: 2,
    });

  test('sends model and inputs with the bearer key, and returns vectors in input order', async () => {
    const vectors = await client().embed(['banana', 'kiwi', 'apple']);
    expect(vectors).toEqual([vectorOf('banana'), vectorOf('kiwi'), vectorOf('apple')]);
    const last = server.requests.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer sk-test');
    expect(last.body).toEqual({ model: 'embed-test', input: ['apple'], encoding_format: 'float' });
  });

  test('a provider error becomes an EmbeddingsError with the status and message', async () => {
    failNext = true;
    await expect(client().embed(['x'])).rejects.toMatchObject({
      name: 'EmbeddingsError',
      status: 401,
      message: expect.stringContaining('Incorrect API key'),
    });
  });

  test('the cache sends each text once', async () => {
    const cached = cachedEmbeddings(client());
    const before = server.requests.length;
    await cached.embed(['one', 'two']);
    const again = await cached.embed(['two', 'one', 'three']);
    expect(again).toEqual([vectorOf('two'), vectorOf('one'), vectorOf('three')]);
    expect(server.requests.slice(before).map((r) => (r.body as { input: string[] }).input)).toEqual([
      ['one', 'two'],
      ['three'],
    ]);
    expect(cached.size).toBe(3);
  });
});
