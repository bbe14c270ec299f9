import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../core/app/app-access';
import type { ApiDeps } from '../deps';
import type { McpProfile } from './profiles';
import { createMcpServer } from './server';

/** Serves the MCP server over stdin/stdout, acting for `caller`; resolves when stdin closes. */
export async function serveStdio(deps: ApiDeps, caller: Caller, profile: McpProfile = 'full'): Promise<void> {
  const server = createMcpServer(deps, caller, { profile });
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  process.stdin.once('end', () => void server.close());
  await closed;
}

/**
 * Relays MCP over stdin/stdout to a running Atelier's /mcp (Streamable HTTP), with the key as x-api-key:
 * the embedded default keeps its database to itself, so a local agent reaches it this way. A request the
 * server cannot be reached for is answered with a JSON-RPC error, never dropped.
 */
export async function relayStdio(url: string, key: string, profile: McpProfile = 'full'): Promise<void> {
  const endpoint = new URL('/mcp', url);
  if (profile !== 'full') endpoint.searchParams.set('profile', profile);
  const upstream = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { 'x-api-key': key } },
  });
  const local = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (local.onclose = resolve));
  upstream.onmessage = (message) => void local.send(message);
  local.onmessage = (message: JSONRPCMessage) => {
    upstream.send(message).catch((err: Error) => {
      if (isJSONRPCRequest(message))
        void local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32603, message: `Atelier at ${url} did not answer: ${err.message}` },
        });
    });
  };
  await upstream.start();
  await local.start();
  process.stdin.once('end', () => void local.close());
  await closed;
  await upstream.close();
}
