import Router from '@koa/router';
import { z } from 'zod';
import { invalidField } from '../../core/errors';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';
import { isHttpUrl } from '../../core/run/validate-inputs';
import { listPublications, listValidChannels } from '../../adapters/db/channels';
import type { ApiDeps } from '../deps';
import { parseWith } from '../validate';
import { publish } from './publish';
import { transferAsset } from './transfer-asset';

export const TransferBody = z.object({
  sourceUrl: z.string().min(1).max(4000),
  mediaType: z.enum(['image', 'video', 'audio']),
  filename: z.string().max(255).optional(),
});
export const PublishBody = z.object({
  accountIds: z.array(z.string().min(1).max(100)).min(1).max(20),
  imageUrl: z.string().max(4000).optional(),
  videoUrl: z.string().max(4000).optional(),
  caption: z.string().max(5000).optional(),
});
export const HistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});

export function publishingRouter(deps: ApiDeps): Router {
  const router = new Router();

  router.post('/publishing/transfer-asset', async (ctx) => {
    const body = parseWith(TransferBody, ctx.request.body);
    const { url } = await transferAsset(deps, ctx.state.caller, body);
    ctx.body = { data: { url } };
  });

  router.get('/publishing/channels', async (ctx) => {
    const channels = await listValidChannels(deps.db, ctx.state.caller.workspaceId);
    ctx.body = {
      data: channels.map((c) => ({
        id: c.id,
        platform: c.platform,
        accountName: c.account_name,
        accountType: c.account_type,
        username: c.username,
        hasInstagram: c.instagram_id !== null,
        createdAt: new Date(c.created_at).toISOString(),
      })),
    };
  });

  router.post('/publishing/publish', async (ctx) => {
    const body = parseWith(PublishBody, ctx.request.body);
    if (!body.imageUrl && !body.videoUrl && !body.caption?.trim())
      throw invalidField(null, 'missing_content', 'Give at least one of imageUrl, videoUrl, caption');
    for (const field of ['imageUrl', 'videoUrl'] as const)
      if (body[field] && !isHttpUrl(body[field]!))
        throw invalidField(field, 'invalid_media', `${field} must be a public http(s) URL`);
    const results = await publish(deps, ctx.state.caller, body.accountIds, {
      imageUrl: body.imageUrl,
      videoUrl: body.videoUrl,
      caption: body.caption,
    });
    ctx.body = { data: { results } };
  });

  router.get('/publishing/history', async (ctx) => {
    const page = parseWith(HistoryQuery, ctx.query);
    const { rows, total } = await listPublications(deps.db, ctx.state.caller.workspaceId, page);
    ctx.body = {
      data: rows.map((r) => ({
        id: r.id,
        accountId: r.account_id,
        platform: r.platform,
        status: r.status,
        postUrl: r.post_url,
        imageUrl: r.image_url,
        videoUrl: r.video_url,
        caption: r.caption,
        ...(r.status === 'failed' ? { error: { code: r.error_code, message: r.error_message } } : {}),
        createdAt: new Date(r.created_at).toISOString(),
      })),
      pagination: { total, ...page },
    };
  });

  return router;
}
