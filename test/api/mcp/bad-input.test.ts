import fc from 'fast-check';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ERROR_CODES } from '../../../core/errors';
import { listen } from '../../support/listen';
import { call, httpClient, TOOL_NAMES } from '../../support/mcp';
import { Deep, nastyValue } from '../../support/nasty-input';
import { createTestStack, type TestStack } from '../../support/stack';

/**
 * Every MCP tool, called with generated bad arguments (hard strings, wrong types, huge numbers, deep
 * nesting, unknown keys) in each of its parameters, answers a tool error with the envelope's code, or a
 * result that matches its output schema (the SDK client checks it): never INTERNAL_ERROR, never a
 * protocol error, and the session goes on.
 */
fc.configureGlobal({ seed: 20261125, numRuns: 25 });

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

/** A Deep value as the real nested JSON it stands for (kept shallow enough for one request). */
const materialize = (value: unknown): unknown =>
  value instanceof Deep
    ? JSON.parse('['.repeat(Math.min(value.depth, 100)) + ']'.repeat(Math.min(value.depth, 100)))
    : value;

describe('bad input on every MCP tool, generated from the tools/list schemas', () => {
  let stack: TestStack;
  let server: Awaited<ReturnType<typeof listen>>;
  let client: Client;
  let known: Record<string, unknown>;
  let tools: { name: string; inputSchema: { properties?: Record<string, unknown> } }[];

  beforeAll(async () => {
    // No workers: a run that validation lets through stays queued, which is all this test needs of it.
    stack = await createTestStack({ workers: false });
    server = await listen(stack.app.callback());
    client = await httpClient(server.origin, { 'x-api-key': stack.users.owner.key });
    const started = await call(client, 'run_app', {
      appId: SOCIAL_POST,
      inputs: { topic: 'a rooftop garden' },
    });
    // A cancelled run: wait_for_run answers at once and refine_run is refused after reading the feedback.
    await call(client, 'cancel_run', { runId: started.data.runId });
    known = { appId: SOCIAL_POST, runId: started.data.runId, formatId: 'kinetic-captions', nodeId: 'review' };
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await stack.close();
  });

  test.each(TOOL_NAMES)(
    '%s answers bad values in every argument with an envelope code, never a crash',
    async (name) => {
      const schema = tools.find((t) => t.name === name)!.inputSchema;
      const names = [...Object.keys(schema.properties ?? {}), 'unknownArgument'];
      const value = (key: string) =>
        key in known
          ? fc.oneof(fc.constant(known[key]), nastyValue({ maxLength: 300 }))
          : nastyValue({ maxLength: 300 });
      const args = fc.record(Object.fromEntries(names.map((key) => [key, value(key)])), { requiredKeys: [] });
      const codes = new Set<string>();
      await fc.assert(
        fc.asyncProperty(args, async (raw) => {
          const sent = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, materialize(v)]));
          const answer = await call(client, name, sent);
          codes.add(answer.isError ? String(answer.error!.code) : 'ok');
          if (answer.isError) {
            expect(Object.keys(ERROR_CODES)).toContain(answer.error!.code);
            expect(answer.error).toMatchObject({
              retryable: expect.any(Boolean),
              requestId: expect.any(String),
            });
            expect(answer.error!.code).not.toBe('INTERNAL_ERROR');
          } else expect(answer.structuredContent).toEqual(expect.any(Object));
        }),
      );
      // The bad values reached the tool's validation (tools without arguments ignore unknown ones).
      expect([...codes]).toContain(names.length > 1 ? 'VALIDATION_ERROR' : 'ok');
      // The session is still there.
      expect((await call(client, 'get_usage')).isError).toBeFalsy();
    },
  );
});
