import Router from '@koa/router';
import { z } from 'zod';
import { isUuid } from '../../core/ids';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';
import { listAssets } from '../../adapters/db/assets';
import type { AssetRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';

export const AssetsQuery = z.object({
  runId: z.string().optional(),
  type: z.enum(['image', 'video', 'audio', 'text']).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});

export function presentAsset(row: AssetRow) {
  return {
    id: row.id,
    runId: row.run_id,
    nodeId: row.node_id,
    revision: row.revision,
    nodeLabel: row.node_label,
    outputType: row.output_type,
    sourceUrl: row.source_url,
    cdnUrl: row.cdn_url,
    textContent: row.text_content,
    mimeType: row.mime_type,
    bytes: row.bytes === null ? null : Number(row.bytes),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function assetsRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/assets', async (ctx) => {
    const query = parseWith(AssetsQuery, ctx.query);
    const pagination = { limit: query.limit, offset: query.offset };
    // A run id that is not a UUID names no run: no assets.
    if (query.runId !== undefined && !isUuid(query.runId)) {
      ctx.body = { data: [], pagination: { total: 0, ...pagination } };
      return;
    }
    const { rows, total } = await listAssets(deps.db, ctx.state.caller.workspaceId, query);
    ctx.body = { data: rows.map(presentAsset), pagination: { total, ...pagination } };
  });
  return router;
}
