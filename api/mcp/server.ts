import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../core/app/app-access';
import { AtelierError } from '../../core/errors';
import { newId } from '../../core/ids';
import type { ApiDeps } from '../deps';
import { assertStorableInput, parseWith } from '../validate';
import { toolError } from './errors';
import { serveResources } from './resources';
import type { ToolContext } from './tool';
import { INSTRUCTIONS, listedTools, profileTools, type McpProfile } from './profiles';

export interface McpServerOptions {
  /** The id errors carry as `requestId` (the HTTP request's, over /mcp). */
  requestId?: string;
  /** The tools offered (api/mcp/profiles.ts); default full. */
  profile?: McpProfile;
}

/**
 * An MCP server acting for one caller: the tools (each calls the same api/commands as the /v1 routes) and
 * the atelier:// resources. Arguments are parsed with the tool's zod schema, so bad input is a tool error
 * with the envelope's code (VALIDATION_ERROR and its details), never a protocol error or a crash.
 */
export function createMcpServer(deps: ApiDeps, caller: Caller, options: McpServerOptions = {}): Server {
  const profile = options.profile ?? 'full';
  const tools = new Map(profileTools(profile).map((t) => [t.name, t]));
  const server = new Server(
    { name: 'atelier', title: 'Atelier', version: '1.0.0' },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS[profile] },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listedTools(profile) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const requestId = options.requestId ?? `mcp_${newId()}`;
    const token = request.params._meta?.progressToken;
    const context: ToolContext = {
      deps,
      caller,
      signal: extra.signal,
      progress: async (progress, total, message) => {
        if (token === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, ...(total !== undefined ? { total } : {}), message },
        });
      },
    };
    try {
      const tool = tools.get(request.params.name);
      if (!tool)
        throw new AtelierError(
          'NOT_FOUND',
          `No tool "${request.params.name}" in the ${profile} profile: see tools/list` +
            (profile === 'core' ? ' (/mcp without ?profile= has every tool)' : ''),
        );
      const args = request.params.arguments ?? {};
      assertStorableInput(args, 'input');
      const result = (await tool.run(context, parseWith(tool.input, args))) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      return toolError(err, requestId, (e) =>
        deps.logger.error({ err: e, tool: request.params.name, requestId }, 'MCP tool failed'),
      );
    }
  });
  serveResources(server, deps, caller);
  return server;
}
