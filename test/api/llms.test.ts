import { TOOLS } from '../../api/mcp/tools';
import { createTestStack, type TestStack } from '../support/stack';

describe('GET /llms.txt', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  test('tells an agent, without a key, how to connect, which tools there are and how to follow a run', async () => {
    const res = await stack.http.get('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    const text = res.text;
    expect(text).toMatch(/^# Atelier\n\n> /);
    expect(text).toContain(`${stack.config.PUBLIC_URL}/mcp`);
    expect(text).toContain(`${stack.config.PUBLIC_URL}/v1/openapi.json`);
    for (const tool of TOOLS) expect(text).toContain(`\`${tool.name}\``);
    for (const word of [
      '/wait?timeout=',
      '/stream',
      'Last-Event-ID',
      'webhook',
      'awaitingApproval',
      'retryable',
    ])
      expect(text).toContain(word);
  });
});
