import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../../core/app/app-access';
import { presentAppDetail } from '../../core/app/present-app';
import { PAGE_LIMIT_DEFAULT } from '../../core/limits';
import { getRun } from '../commands/get-run';
import { listApps } from '../commands/list-apps';
import { listRuns } from '../commands/list-runs';
import { loadUsableApp } from '../commands/load-app';
import type { ApiDeps } from '../deps';
import { envelopeOf, toAtelierError } from '../middleware/errors';
import { uuidParam } from '../validate';

const JSON_TYPE = 'application/json';
/** JSON-RPC code of a resource that does not exist (MCP specification, resources). */
const RESOURCE_NOT_FOUND = -32002;

const TEMPLATES = [
  {
    uriTemplate: 'atelier://apps/{appId}',
    name: 'app',
    title: 'An app',
    description: 'An app with its input contract, as get_app answers it',
    mimeType: JSON_TYPE,
  },
  {
    uriTemplate: 'atelier://runs/{runId}',
    name: 'run',
    title: 'A run',
    description: 'A run with its outputs, nodes and awaitingApproval, as get_run answers it',
    mimeType: JSON_TYPE,
  },
];

/**
 * Apps and runs as `atelier://apps/{appId}` and `atelier://runs/{runId}`: listed (the apps the caller may
 * use, the workspace's newest runs) and read as the JSON the tools answer.
 */
export function serveResources(server: Server, deps: ApiDeps, caller: Caller): void {
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: TEMPLATES,
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const [apps, runs] = await Promise.all([
      listApps(deps, caller, {}),
      listRuns(deps, caller, { limit: PAGE_LIMIT_DEFAULT, offset: 0 }),
    ]);
    return {
      resources: [
        ...apps.map((app) => ({
          uri: `atelier://apps/${app.row.id}`,
          name: app.row.name,
          description: app.row.description ?? undefined,
          mimeType: JSON_TYPE,
        })),
        ...runs.rows.map((run) => ({
          uri: `atelier://runs/${run.id}`,
          name: `Run ${run.id} (${run.status})`,
          mimeType: JSON_TYPE,
        })),
      ],
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async ({ params: { uri } }) => {
    const match = /^atelier:\/\/(apps|runs)\/([^/?#]+)$/.exec(uri);
    if (!match)
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `No resource ${uri}: atelier://apps/{appId} or atelier://runs/{runId}`,
      );
    try {
      const value =
        match[1] === 'apps'
          ? presentAppDetail(await loadUsableApp(deps.db, uuidParam(match[2], 'App'), caller))
          : await getRun(deps, caller, uuidParam(match[2], 'Run'));
      return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(value) }] };
    } catch (err) {
      const envelope = envelopeOf(toAtelierError(err), '');
      const code = envelope.code === 'NOT_FOUND' ? RESOURCE_NOT_FOUND : ErrorCode.InvalidRequest;
      throw new McpError(code, envelope.error, { code: envelope.code, retryable: envelope.retryable });
    }
  });
}
