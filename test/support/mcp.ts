import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The tools of api/mcp, in the order tools/list gives them. */
export const TOOL_NAMES = [
  'discover_apps',
  'get_app',
  'estimate_run',
  'run_app',
  'list_runs',
  'get_run',
  'wait_for_run',
  'cancel_run',
  'refine_run',
  'approve_run',
  'atelier_create',
  'plan_content',
  'content_brief',
  'list_compose_formats',
  'generate_app',
  'compose_video',
  'generate_image',
  'predict_performance',
  'list_assets',
  'transfer_asset',
  'upload_asset',
  'list_channels',
  'publish_content',
  'get_usage',
  'get_account',
  'get_brand_context',
  'update_brand',
  'list_node_types',
  'get_app_definition',
  'create_app',
  'update_app',
  'delete_app',
];

/** The SDK's own client over a transport. */
export async function mcpClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'atelier-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The SDK's client over Streamable HTTP at `<origin>/mcp` (or another path), with these request headers (the key). */
export const httpClient = (origin: string, headers: Record<string, string>, path = '/mcp') =>
  mcpClient(new StreamableHTTPClientTransport(new URL(path, origin), { requestInit: { headers } }));

export interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text?: string }[];
  _meta?: Record<string, unknown>;
}

/** A tool call's answer; a failed call's envelope (code, retryable ...) as `error`. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const error = answer.isError ? (JSON.parse(answer.content[0].text!) as Record<string, unknown>) : undefined;
  return { ...answer, data: answer.structuredContent as Record<string, any>, error }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
