import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CORE_TOKEN_BUDGET, CORE_TOOL_LIMIT } from '../../../api/mcp/profiles';
import { createTestApi, type TestApi } from '../../support/api';
import { listen } from '../../support/listen';
import { call, httpClient, TOOL_NAMES } from '../../support/mcp';
import { mcpSession } from '../../support/mcp-session';

/** Tokens of a tools/list as agents count them: about four bytes of JSON per token. */
const tokensOf = (tools: unknown) => Math.ceil(Buffer.byteLength(JSON.stringify(tools)) / 4);

describe('MCP profiles: /mcp?profile=core and the full /mcp (issue 25 item 8)', () => {
  let api: TestApi;
  let server: Awaited<ReturnType<typeof listen>>;
  let full: Client;
  let core: Client;
  const headers = () => ({ 'x-api-key': api.users.owner.key });

  beforeAll(async () => {
    api = await createTestApi();
    server = await listen(api.app.callback());
    full = await httpClient(server.origin, headers());
    core = await httpClient(server.origin, headers(), '/mcp?profile=core');
  });
  afterAll(async () => {
    await Promise.all([full.close(), core.close()]);
    await server.close();
    await api.close();
  });

  test('the size of each profile’s tool list (printed), the core one within its tool and token budget', async () => {
    const fullTools = (await full.listTools()).tools;
    const coreTools = (await core.listTools()).tools;
    const size = (tools: unknown[]) =>
      `${tools.length} tools, ${Buffer.byteLength(JSON.stringify(tools))} bytes, ~${tokensOf(tools)} tokens`;
    console.log(`MCP tools/list\n  full: ${size(fullTools)}\n  core: ${size(coreTools)}`);

    expect(fullTools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(coreTools.length).toBeLessThanOrEqual(CORE_TOOL_LIMIT);
    expect(tokensOf(coreTools)).toBeLessThan(CORE_TOKEN_BUDGET);
    expect(coreTools.map((t) => t.name)).toEqual([
      'discover_apps',
      'atelier_create',
      'plan_content',
      'run_app',
      'wait_for_run',
      'refine_run',
      'list_assets',
      'transfer_asset',
    ]);
    // Core tools never send an agent to a tool it does not have.
    const missing = TOOL_NAMES.filter((name) => !coreTools.some((t) => t.name === name));
    for (const t of coreTools)
      for (const name of missing)
        expect(`${t.name}: ${t.description}`).not.toMatch(new RegExp(`\\b${name}\\b`));
    expect(core.getInstructions()).toContain('core profile');
  });

  test('full adds list_compose_formats, list_runs, estimate_run, generate_app and brand read/write', async () => {
    const names = (await full.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'list_compose_formats',
        'list_runs',
        'estimate_run',
        'generate_app',
        'get_brand_context',
        'update_brand',
        'get_account',
      ]),
    );
  });

  test('a core tool answers as in full; a full-only tool is NOT_FOUND on core, pointing at /mcp', async () => {
    const args = { appId: '222e3b34-9f50-4c7b-bc8f-3007c30bec7a', inputs: { topic: 'bread' }, sandbox: true };
    const [onCore, onFull] = [await call(core, 'run_app', args), await call(full, 'run_app', args)];
    expect(onCore.data).toEqual({ ...onFull.data, createdAt: expect.any(String) });
    const missing = await call(core, 'get_usage');
    expect(missing.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(missing.error!.error).toContain('without ?profile=');
  });

  test('an unknown profile is a 400 VALIDATION_ERROR naming the known ones', async () => {
    const res = await api.http
      .post('/mcp?profile=tiny')
      .set(headers())
      .set('accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ param: 'profile' })],
    });
  });
});

describe('the full profile’s new tools', () => {
  const mcp = mcpSession();

  test('list_compose_formats, list_runs and estimate_run answer what /v1 answers', async () => {
    expect((await call(mcp.client, 'list_compose_formats')).data).toEqual(
      (await mcp.rest('/v1/compose/formats')).body.data,
    );
    const runs = (await mcp.rest('/v1/runs?limit=5')).body;
    expect((await call(mcp.client, 'list_runs', { limit: 5 })).data).toEqual({
      runs: runs.data,
      pagination: runs.pagination,
    });
    const appId = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
    const estimate = await mcp.api.http
      .post(`/v1/apps/${appId}/estimate`)
      .set('x-api-key', mcp.api.users.owner.key)
      .send({});
    expect((await call(mcp.client, 'estimate_run', { appId })).data).toEqual(estimate.body.data);
  });

  test('generate_app test: true checks an app from words and stores nothing', async () => {
    const answer = await call(mcp.client, 'generate_app', {
      instruction: 'a square quote card with a caption',
      test: true,
    });
    expect(answer.isError).toBeFalsy();
    expect(answer.data).toMatchObject({ status: 'test', appId: expect.stringMatching(/^test_/) });
  });

  test('update_brand writes a record get_brand_context then reads; a bad field is named', async () => {
    const written = await call(mcp.client, 'update_brand', {
      part: 'dna',
      record: { voiceAttributes: ['calm'] },
    });
    expect(written.isError).toBeFalsy();
    const context = await call(mcp.client, 'get_brand_context');
    expect(context.data).toMatchObject({
      brandProfileId: written.data.brandProfileId,
      dna: { voiceAttributes: ['calm'] },
    });
    const bad = await call(mcp.client, 'update_brand', { part: 'dna', record: { voiceAtributes: ['calm'] } });
    expect(bad.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([expect.objectContaining({ suggestion: 'voiceAttributes' })]),
    });
  });
});
