import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import compose from 'koa-compose';
import { AtelierError } from '../../core/errors';
import type { ApiDeps } from '../deps';
import { keyedJson } from '../middleware/keyed-json';
import { parseWith } from '../validate';
import { McpProfile } from './profiles';
import { createMcpServer } from './server';

export const MCP_PATH = '/mcp';

/** `/mcp?profile=core`: the small tool list (api/mcp/profiles.ts); default full. */
const McpQuery = z.object({ profile: McpProfile.default('full') });

/**
 * Streamable HTTP at /mcp, stateless: every POST is one JSON-RPC exchange with a server made for the
 * caller of its key (x-api-key or Bearer, as /v1), so any API replica answers any request. A tool call
 * answers as an SSE stream when it reports progress. The /v1 chain runs first: request id, error
 * envelope, rate limit, authentication, JSON bodies of at most 1 MiB. GET and DELETE (server streams and
 * sessions) are 405: there are no sessions.
 */
export function mcpEndpoint(deps: ApiDeps): Middleware {
  const chain = compose<Context>([
    ...keyedJson(deps),
    async function mcpExchange(ctx) {
      if (ctx.method !== 'POST') {
        ctx.set('Allow', 'POST');
        throw new AtelierError('VALIDATION_ERROR', 'The MCP endpoint is stateless: POST JSON-RPC messages', {
          status: 405,
          details: [{ param: null, code: 'method_not_allowed', message: 'POST only' }],
        });
      }
      const { profile } = parseWith(McpQuery, ctx.query);
      const server = createMcpServer(deps, ctx.state.caller, { requestId: ctx.state.requestId, profile });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      ctx.res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      ctx.respond = false;
      await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
    },
  ]);
  return async function mcpOnly(ctx, next) {
    if (ctx.path === MCP_PATH) return chain(ctx, next);
    return next();
  };
}
