import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTestApi, type TestApi } from '../../support/api';
import { listen } from '../../support/listen';
import { call, httpClient } from '../../support/mcp';

describe('MCP get_account and get_brand_context answer what /v1 answers', () => {
  let api: TestApi;
  let server: Awaited<ReturnType<typeof listen>>;
  let client: Client;
  const rest = (path: string) => api.http.get(path).set('x-api-key', api.users.owner.key);

  beforeAll(async () => {
    api = await createTestApi();
    server = await listen(api.app.callback());
    client = await httpClient(server.origin, { 'x-api-key': api.users.owner.key });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await api.close();
  });

  test('get_account is GET /v1/account', async () => {
    expect((await call(client, 'get_account')).data).toEqual((await rest('/v1/account')).body.data);
  });

  test('get_brand_context is GET /v1/intelligence/brand-context, with the same query', async () => {
    await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', api.users.owner.key)
      .send({ voiceAttributes: ['dry', 'exact'] });
    const answer = await call(client, 'get_brand_context', { patternLimit: 2 });
    expect(answer.isError).toBeFalsy();
    expect(answer.data).toEqual((await rest('/v1/intelligence/brand-context?patternLimit=2')).body.data);
    expect(answer.data.dna.voiceAttributes).toEqual(['dry', 'exact']);
  });
});
