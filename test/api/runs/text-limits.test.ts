import { TEXT_INPUT_MAX_LENGTH, TEXT_INPUT_MAX_WORD_LENGTH } from '../../../core/limits';
import { createTestApi, type TestApi } from '../../support/api';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('POST /v1/apps/{appId}/runs text limits', () => {
  let api: TestApi;
  const run = (quote: string) =>
    api.http
      .post(`/v1/apps/${QUOTE_CARD}/runs`)
      .set('x-api-key', api.users.owner.key)
      .set('x-atelier-test', 'true')
      .send({ inputs: { quote } });

  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  test('refuses a Quote Card whose quote is one 102,400-character word, naming the field and the limit (CPU lock)', async () => {
    const res = await run('a'.repeat(102_400));

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        {
          param: 'Quote',
          code: 'too_long',
          message: expect.stringContaining(`${TEXT_INPUT_MAX_LENGTH} characters`),
        },
      ],
    });
  });

  test('refuses a word past the longest-word limit, naming it', async () => {
    const res = await run(`to be ${'o'.repeat(TEXT_INPUT_MAX_WORD_LENGTH + 1)}r not`);

    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        param: 'Quote',
        code: 'word_too_long',
        message: expect.stringContaining(`words are limited to ${TEXT_INPUT_MAX_WORD_LENGTH}`),
      },
    ]);
  });

  test('accepts a quote with controls and 40 emoji: valid text the render cleans up', async () => {
    const res = await run(`Ring\u0007 the \u001bbell\uffff ${'😀'.repeat(40)}`);

    expect(res.status).toBeLessThan(300);
  });
});
