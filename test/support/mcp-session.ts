import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTestApi, type TestApi } from './api';
import { listen } from './listen';
import { httpClient } from './mcp';

export interface McpSession {
  api: TestApi;
  client: Client;
  /** GET a /v1 path as the owner, to compare a tool's answer with the route's. */
  rest(path: string): ReturnType<TestApi['http']['get']>;
}

/**
 * A test API served over HTTP with an MCP client signed in as the owner, for the enclosing describe
 * block: set up before its tests and closed after them. Read its fields inside tests.
 */
export function mcpSession(): McpSession {
  const session = {} as McpSession;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    session.api = await createTestApi();
    server = await listen(session.api.app.callback());
    session.client = await httpClient(server.origin, { 'x-api-key': session.api.users.owner.key });
    session.rest = (path) => session.api.http.get(path).set('x-api-key', session.api.users.owner.key);
  });
  afterAll(async () => {
    await session.client.close();
    await server.close();
    await session.api.close();
  });
  return session;
}
