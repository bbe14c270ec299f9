import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { listen } from '../../support/listen';
import { call, httpClient, mcpClient, TOOL_NAMES } from '../../support/mcp';
import { createTestStack, type TestStack } from '../../support/stack';
import { testTemporalAddress } from '../../support/temporal';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const ROOT = join(__dirname, '..', '..', '..');

/** `npm run mcp` as an MCP client starts it: tsx scripts/mcp.ts, the protocol on stdin/stdout. */
function stdioClient(env: Record<string, string>): Promise<Client> {
  return mcpClient(
    new StdioClientTransport({
      command: join(ROOT, 'node_modules', '.bin', 'tsx'),
      args: [join(ROOT, 'scripts', 'mcp.ts')],
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stderr: 'inherit',
    }),
  );
}

/** The tool names of /mcp?profile=core over HTTP. */
async function httpCoreNames(origin: string, key: string): Promise<string[]> {
  const client = await httpClient(origin, { 'x-api-key': key }, '/mcp?profile=core');
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe('npm run mcp: MCP over stdio (the SDK client)', () => {
  let stack: TestStack;
  const rest = (path: string) => stack.http.get(path).set('x-api-key', stack.users.owner.key);

  // Events through PostgreSQL: the stdio process hears the test's workers as an API replica would.
  beforeAll(async () => {
    stack = await createTestStack({ pgBus: true });
  });
  afterAll(() => stack.close());

  test('with DATABASE_URL and TEMPORAL_ADDRESS it serves the tools itself, acting for ATELIER_API_KEY', async () => {
    const client = await stdioClient({
      DATABASE_URL: stack.config.DATABASE_URL!,
      TEMPORAL_ADDRESS: testTemporalAddress(),
      TASK_QUEUE: stack.config.TASK_QUEUE,
      MEDIA_TASK_QUEUE: stack.config.MEDIA_TASK_QUEUE,
      ATELIER_DATA_DIR: stack.config.ATELIER_DATA_DIR,
      PUBLIC_URL: stack.config.PUBLIC_URL!,
      RATE_LIMIT_PER_MINUTE: String(stack.config.RATE_LIMIT_PER_MINUTE),
      ATELIER_API_KEY: stack.users.owner.key,
    });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      expect((await call(client, 'get_usage')).data).toEqual((await rest('/v1/account/usage')).body.data);
      const started = await call(client, 'run_app', {
        appId: SOCIAL_POST,
        inputs: { topic: 'a tiny library' },
      });
      const progress: number[] = [];
      const waited = (await client.callTool(
        { name: 'wait_for_run', arguments: { runId: started.data.runId, timeoutSeconds: 120 } },
        undefined,
        { onprogress: (p) => progress.push(p.progress), timeout: 130_000 },
      )) as unknown as { structuredContent: { run: { status: string }; timedOut: boolean } };
      expect(waited.structuredContent).toMatchObject({ timedOut: false, run: { status: 'completed' } });
      expect(progress.length).toBeGreaterThan(0);
      expect(waited.structuredContent.run).toEqual((await rest(`/v1/runs/${started.data.runId}`)).body.data);
    } finally {
      await client.close();
    }
  });

  test('without a database of its own it relays to a running Atelier’s /mcp with the key', async () => {
    const server = await listen(stack.app.callback());
    const client = await stdioClient({ ATELIER_URL: server.origin, ATELIER_API_KEY: stack.users.owner.key });
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOL_NAMES);
      const app = await call(client, 'get_app', { appId: SOCIAL_POST });
      expect(app.data).toEqual((await rest(`/v1/apps/${SOCIAL_POST}`)).body.data);
      expect((await call(client, 'get_run', { runId: 'not-a-run' })).error).toMatchObject({
        code: 'NOT_FOUND',
        retryable: false,
      });
    } finally {
      await client.close();
      await server.close();
    }
  });

  test('MCP_PROFILE=core offers the core tools, served in-process or relayed as /mcp?profile=core', async () => {
    const server = await listen(stack.app.callback());
    const core = (await httpCoreNames(server.origin, stack.users.owner.key)).sort();
    const relayed = await stdioClient({
      ATELIER_URL: server.origin,
      ATELIER_API_KEY: stack.users.owner.key,
      MCP_PROFILE: 'core',
    });
    const inProcess = await stdioClient({
      DATABASE_URL: stack.config.DATABASE_URL!,
      TEMPORAL_ADDRESS: testTemporalAddress(),
      ATELIER_DATA_DIR: stack.config.ATELIER_DATA_DIR,
      ATELIER_API_KEY: stack.users.owner.key,
      MCP_PROFILE: 'core',
    });
    try {
      for (const client of [relayed, inProcess])
        expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(core);
      expect(core).toHaveLength(8);
    } finally {
      await Promise.all([relayed.close(), inProcess.close()]);
      await server.close();
    }
  });

  test('a relay whose key is refused answers each request with an error instead of hanging', async () => {
    const server = await listen(stack.app.callback());
    try {
      await expect(
        stdioClient({ ATELIER_URL: server.origin, ATELIER_API_KEY: 'atl_refused' }),
      ).rejects.toThrow(/did not answer|401|Invalid API key/);
    } finally {
      await server.close();
    }
  });
});
