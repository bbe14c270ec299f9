import type { Middleware } from 'koa';
import { publicUrl, type Config } from '../core/config';
import { TOOLS } from './mcp/tools';

/**
 * GET /llms.txt (llmstxt.org): how an agent connects and follows a run, for the model reading it. No key:
 * it says nothing a caller could not read in the repository, and an agent reads it before it has one.
 * The tool list is the MCP server's own, so it cannot drift from it.
 */
export function llmsTxt(config: Config): string {
  const base = publicUrl(config);
  const tools = TOOLS.map((t) => `- \`${t.name}\`: ${t.description}`).join('\n');
  return `# Atelier

> A self-hostable content creation service for software agents: discover apps (graphs of image, video,
> audio and text generation steps), run them as durable workflows, follow the runs, publish the results.

Every request carries a workspace key: \`x-api-key: atl_…\` or \`Authorization: Bearer atl_…\`.

## Connect

- MCP (Streamable HTTP, stateless): \`${base}/mcp\` with the key as \`x-api-key\` (or Bearer).
  Claude Code: \`claude mcp add --transport http atelier ${base}/mcp --header "x-api-key: atl_…"\`
- MCP over stdio: \`npm run --silent mcp\` in the Atelier folder (ATELIER_API_KEY, ATELIER_URL).
- A small context? \`${base}/mcp?profile=core\` (stdio: MCP_PROFILE=core) lists 7 outcome-level tools
  (discover_apps, atelier_create, run_app, wait_for_run, refine_run, list_assets, transfer_asset).
- REST: \`${base}/v1\`, described by [the OpenAPI document](${base}/v1/openapi.json) (needs the key).
- tRPC: \`${base}/trpc\` (apps.*, nodeTypes.list, runs.start, runs.get, runs.list, assets.list).
- TypeScript: the typed client in \`clients/typescript\` (every operation, waitForRun, streamRun, webhooks).
- The agent guide, \`docs/agents.md\` in the repository: MCP config for Claude Desktop, Cursor, VS Code.

## MCP tools

${tools}

## Following a run

A run starts queued; outputs are pending placeholders (\`value: null\`) until it completes.
- Wait: \`wait_for_run\` (MCP, progress notifications from node events) or
  \`GET /v1/runs/{runId}/wait?timeout=60\` (1..120 s; \`timeout: true\` means call again;
  \`awaitingApproval: true\` means it waits for a person: decide, then wait again).
- Poll: \`GET /v1/runs/{runId}\` every 3-5 s; stop at completed, failed or cancelled.
- Stream: \`GET /v1/runs/{runId}/stream\` (SSE: progress, node.started, node.completed, node.failed,
  node.awaiting_approval, complete, error, timeout, ping); reconnect with Last-Event-ID.
- Webhook: \`?webhook=<url>\` on a run (or \`webhookUrl\`): the Run is POSTed when it ends, signed with
  Ed25519 (keys: \`GET /v1/webhooks/signing-key\`); verify the raw body, reject timestamps older than 300 s.
- Approval: when \`run.awaitingApproval\` is set, a human.approval node waits: \`approve_run\`, or
  \`POST\` \`{"decision": "approve" | "reject", "comment"?, "revise"?}\` to its \`approvalUrl\`
  (\`awaitingApproval.reviewing\` is what is under review, with its quality score; reject with
  \`revise: true\` and a comment to re-run the reviewed node with the comment and review again).

## Errors

Every error is \`{error, code, retryable, details?, retryAfter?, requestId}\` (over MCP: a tool error whose
text is that envelope). Retry only when \`retryable\` is true, after \`retryAfter\` seconds when given.
Fix the request on VALIDATION_ERROR (each detail names the parameter); never guess parameter names or
option values: read them with \`get_app\`.
`;
}

/** Serves llms.txt at /llms.txt, before authentication. */
export function llmsRoute(config: Config): Middleware {
  let text: string | undefined;
  return async function llms(ctx, next) {
    if (ctx.path !== '/llms.txt' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    text ??= llmsTxt(config);
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = text;
  };
}
