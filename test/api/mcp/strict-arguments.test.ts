import { call } from '../../support/mcp';
import { mcpSession } from '../../support/mcp-session';

describe('MCP tool arguments are strict, as /v1 bodies are (issue 25 item 7)', () => {
  const mcp = mcpSession();

  test('generate_image {aspect_ratio} is a VALIDATION_ERROR naming aspectRatio, not a square image', async () => {
    const answer = await call(mcp.client, 'generate_image', {
      prompt: 'a red kite',
      aspect_ratio: '9:16',
      test: true,
    });
    expect(answer.isError).toBe(true);
    expect(answer.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        expect.objectContaining({ param: 'aspect_ratio', code: 'unknown_field', suggestion: 'aspectRatio' }),
      ],
    });
  });

  test('a misspelt argument of a tool that wraps a REST body (run_app) is named too', async () => {
    const answer = await call(mcp.client, 'run_app', {
      appId: '222e3b34-9f50-4c7b-bc8f-3007c30bec7a',
      input: { topic: 'bread' },
      sandbox: true,
    });
    expect(answer.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ param: 'input', suggestion: 'inputs' })],
    });
  });

  test('the same call with the known names goes through', async () => {
    const answer = await call(mcp.client, 'generate_image', {
      prompt: 'a red kite',
      aspectRatio: '9:16',
      test: true,
    });
    expect(answer.isError).toBeFalsy();
    expect(answer.data.status).toBe('test');
  });
});
