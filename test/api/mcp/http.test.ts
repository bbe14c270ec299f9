import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { listen } from '../../support/listen';
import { call, httpClient, TOOL_NAMES } from '../../support/mcp';
import { reviewedText } from '../../support/reviewed-app';
import { insertTestApp } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

describe('MCP over Streamable HTTP at /mcp (the SDK client)', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let client: Client;
  let reviewedApp: string;
  const rest = (path: string) => stack.http.get(path).set('x-api-key', stack.users.owner.key);

  beforeAll(async () => {
    stack = await createTestStack();
    reviewedApp = await insertTestApp(stack, stack.users.owner, reviewedText());
    server = await listen(stack.app.callback());
    client = await httpClient(server.origin, { 'x-api-key': stack.users.owner.key });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await stack.close();
  });

  test('lists every tool with a JSON Schema input and a structured output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.description!.length).toBeGreaterThan(30);
    }
    const runApp = tools.find((t) => t.name === 'run_app')!;
    expect(runApp.inputSchema.required).toEqual(['appId']);
    expect(runApp.inputSchema.properties).toHaveProperty('sandbox');
    expect(JSON.stringify(tools)).not.toContain('$ref');
    expect(client.getInstructions()).toContain('wait_for_run');
  });

  test('needs an API key like /v1, as x-api-key or Bearer', async () => {
    await expect(httpClient(server.origin, {})).rejects.toThrow(/401|AUTH_MISSING_KEY/);
    await expect(httpClient(server.origin, { 'x-api-key': 'atl_nope' })).rejects.toThrow(
      /401|AUTH_INVALID_KEY/,
    );
    const bearer = await httpClient(server.origin, { authorization: `Bearer ${stack.users.owner.key}` });
    expect((await call(bearer, 'get_usage')).data).toEqual((await rest('/v1/account/usage')).body.data);
    await bearer.close();
  });

  test('discover_apps, get_app and a sandbox run_app answer what /v1 answers', async () => {
    const found = await call(client, 'discover_apps', {
      intent: 'an instagram post about a new bakery',
      limit: 3,
    });
    expect(found.isError).toBeFalsy();
    expect(found.data.matches.length).toBeGreaterThan(0);
    const app = await call(client, 'get_app', { appId: SOCIAL_POST });
    expect(app.data).toEqual((await rest(`/v1/apps/${SOCIAL_POST}`)).body.data);
    const stub = await call(client, 'run_app', {
      appId: SOCIAL_POST,
      inputs: { topic: 'bread' },
      sandbox: true,
    });
    expect(stub.data).toMatchObject({
      status: 'test',
      runId: expect.stringMatching(/^test_/),
      workflowId: SOCIAL_POST,
    });
    expect(JSON.parse(stub.content[0].text!)).toEqual(stub.data);
  });

  test('run_app starts a run, and wait_for_run reports progress from its node events until it ends', async () => {
    const started = await call(client, 'run_app', {
      appId: SOCIAL_POST,
      inputs: { topic: 'a rooftop garden' },
    });
    expect(started.data.status).toBe('queued');
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const waited = (await client.callTool(
      { name: 'wait_for_run', arguments: { runId: started.data.runId, timeoutSeconds: 120 } },
      undefined,
      { onprogress: (p) => progress.push(p), timeout: 130_000 },
    )) as unknown as { structuredContent: { run: { status: string; runId: string }; timedOut: boolean } };
    expect(waited.structuredContent.timedOut).toBe(false);
    expect(waited.structuredContent.run.status).toBe('completed');
    expect(waited.structuredContent.run).toEqual((await rest(`/v1/runs/${started.data.runId}`)).body.data);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.map((p) => p.progress)).toEqual(
      [...progress.map((p) => p.progress)].sort((a, b) => a - b),
    );
    expect(progress.some((p) => /completed: /.test(p.message ?? ''))).toBe(true);
    const assets = await call(client, 'list_assets', { runId: started.data.runId });
    expect(assets.data.assets.length).toBeGreaterThan(0);
    expect(assets.data.pagination).toMatchObject({ total: assets.data.assets.length });
  });

  test('a run that waits for a person says so, and approve_run lets it finish', async () => {
    const started = await call(client, 'run_app', { appId: reviewedApp, inputs: { topic: 'summer hours' } });
    let run = (await call(client, 'get_run', { runId: started.data.runId })).data;
    for (let i = 0; i < 100 && !run.awaitingApproval; i++) {
      await call(client, 'wait_for_run', { runId: run.runId, timeoutSeconds: 1 });
      run = (await call(client, 'get_run', { runId: run.runId })).data;
    }
    expect(run.awaitingApproval).toMatchObject({ nodeId: 'review', label: 'Review' });
    const undecided = await call(client, 'approve_run', { runId: run.runId });
    expect(undecided.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    const approved = await call(client, 'approve_run', { runId: run.runId, decision: 'approve' });
    expect(approved.data).toEqual({ runId: run.runId, nodeId: 'review', decision: 'approve' });
    const waited = await call(client, 'wait_for_run', { runId: run.runId, timeoutSeconds: 60 });
    expect(waited.data.run.status).toBe('completed');
    const again = await call(client, 'approve_run', { runId: run.runId, decision: 'approve' });
    expect(again.error).toMatchObject({ code: 'VALIDATION_ERROR', retryable: false });
  });

  test('apps and runs are resources at atelier:// URIs', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'atelier://apps/{appId}',
      'atelier://runs/{runId}',
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(`atelier://apps/${SOCIAL_POST}`);
    const runUri = resources.find((r) => r.uri.startsWith('atelier://runs/'))!.uri;
    const read = await client.readResource({ uri: runUri });
    const run = JSON.parse((read.contents[0] as { text: string }).text);
    expect(run).toEqual((await rest(`/v1/runs/${runUri.slice('atelier://runs/'.length)}`)).body.data);
    await expect(
      client.readResource({ uri: 'atelier://runs/0b7e3c2a-5d41-4f9e-8a77-2c1d9e6f4b10' }),
    ).rejects.toThrow(/not found/);
  });

  test('errors are tool errors with the envelope code and retryable, scoped like /v1', async () => {
    const other = await call(client, 'get_run', { runId: '0b7e3c2a-5d41-4f9e-8a77-2c1d9e6f4b10' });
    expect(other.isError).toBe(true);
    expect(other.error).toMatchObject({ code: 'NOT_FOUND', retryable: false, requestId: expect.any(String) });
    expect(other._meta?.['atelier/error']).toEqual(other.error);
    // Another workspace's run is not found, as over /v1.
    const theirs = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.outsider.key)
      .send({ inputs: { topic: 'theirs' } });
    expect((await call(client, 'get_run', { runId: theirs.body.data.runId })).error).toMatchObject({
      code: 'NOT_FOUND',
    });
    const bad = await call(client, 'run_app', { appId: SOCIAL_POST, inputs: { nope: 1 } });
    expect(bad.error).toMatchObject({ code: 'VALIDATION_ERROR', details: expect.any(Array) });
    const missing = await call(client, 'wait_for_run', {});
    expect(missing.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ param: 'runId' })],
    });
    expect((await call(client, 'no_such_tool')).error).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('MCP at /mcp under the /v1 rate limit', () => {
  test('a caller over the limit is refused with 429 like /v1', async () => {
    const stack = await createTestStack({ workers: false, config: { RATE_LIMIT_PER_MINUTE: '3' } });
    const server = await listen(stack.app.callback());
    try {
      const client = await httpClient(server.origin, { 'x-api-key': stack.users.owner.key });
      await client.listTools().catch(() => undefined);
      await expect(client.listTools()).rejects.toThrow(/429|RATE_LIMITED/);
      await client.close();
    } finally {
      await server.close();
      await stack.close();
    }
  });
});
