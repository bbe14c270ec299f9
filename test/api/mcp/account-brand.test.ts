import { call } from '../../support/mcp';
import { mcpSession } from '../../support/mcp-session';

describe('MCP get_account and get_brand_context answer what /v1 answers', () => {
  const mcp = mcpSession();

  test('get_account is GET /v1/account', async () => {
    expect((await call(mcp.client, 'get_account')).data).toEqual((await mcp.rest('/v1/account')).body.data);
  });

  test('get_brand_context is GET /v1/intelligence/brand-context, with the same query', async () => {
    await mcp.api.http
      .put('/v1/brand/dna')
      .set('x-api-key', mcp.api.users.owner.key)
      .send({ voiceAttributes: ['dry', 'exact'] });
    const answer = await call(mcp.client, 'get_brand_context', { patternLimit: 2 });
    expect(answer.isError).toBeFalsy();
    expect(answer.data).toEqual((await mcp.rest('/v1/intelligence/brand-context?patternLimit=2')).body.data);
    expect(answer.data.dna.voiceAttributes).toEqual(['dry', 'exact']);
  });
});
