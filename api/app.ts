import Koa from 'koa';
import Router from '@koa/router';
import compose from 'koa-compose';
import { JSON_BODY_LIMIT_BYTES } from '../core/limits';
import { bodyParser } from '@koa/bodyparser';
import type { ApiDeps } from './deps';
import { requestId } from './middleware/request-id';
import { errorEnvelope } from './middleware/errors';
import { rateLimit } from './middleware/rate-limit';
import { authenticate } from './middleware/auth';
import { appsRouter, estimateRouter } from './apps/routes';
import { feedbackRouter, runsRouter } from './runs/routes';
import { workflowsRouter } from './workflows/routes';
import { generateRouter } from './generate/routes';
import { webhooksRouter } from './webhooks/routes';
import { cdn } from './cdn';
import { assetsRouter } from './assets/routes';
import { accountRouter } from './account/routes';
import { publishingRouter } from './publishing/routes';
import { composeRouter } from './compose/routes';
import { brandKitRouter } from './brand/kit';
import { trpc } from './trpc/mount';
import { buildOpenApiDocument } from './openapi/document';
import { publicUrl } from '../core/config';
import { discoverRouter } from './discover/routes';
import { contentRouter } from './content/routes';
import { templatesRouter } from './templates/routes';
import { brandRouter } from './brand/routes';
import { intelligenceRouter } from './intelligence/routes';

/** Every resource group's router, mounted under /v1 in this order. */
export const V1_ROUTERS: ((deps: ApiDeps) => Router)[] = [
  appsRouter,
  estimateRouter,
  runsRouter,
  feedbackRouter,
  workflowsRouter,
  generateRouter,
  webhooksRouter,
  assetsRouter,
  accountRouter,
  publishingRouter,
  composeRouter,
  discoverRouter,
  contentRouter,
  templatesRouter,
  brandRouter,
  brandKitRouter,
  intelligenceRouter,
];

/** Builds the Koa app without listening; the entry point or a test calls `app.callback()`. */
export function createApp(deps: ApiDeps): Koa {
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  const v1 = new Router({ prefix: '/v1' });
  for (const router of V1_ROUTERS.map((make) => make(deps))) v1.use(router.routes());
  let openApi: Record<string, unknown> | undefined;
  v1.get('/openapi.json', (ctx) => {
    const routes = v1.stack.flatMap((layer) =>
      layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
    );
    openApi ??= buildOpenApiDocument(routes, publicUrl(deps.config));
    ctx.body = openApi;
  });
  const v1Stack = compose<Koa.Context>([
    requestId(),
    errorEnvelope({ logger: deps.logger }),
    rateLimit({ limiter: deps.rateLimiter }),
    authenticate({ db: deps.db, cacheMs: deps.config.API_KEY_CACHE_MS }),
    bodyParser({ enableTypes: ['json'], jsonLimit: JSON_BODY_LIMIT_BYTES, encoding: 'utf-8' }),
    v1.routes() as unknown as Koa.Middleware,
  ]);
  // Everything under /v1 goes through the same chain; an unmatched route ends as the envelope's 404.
  app.use(async function v1Only(ctx, next) {
    if (ctx.path === '/v1' || ctx.path.startsWith('/v1/')) return v1Stack(ctx, next);
    return next();
  });
  // tRPC answers in its own format, but shares the request id, the rate limit and the envelope for a 429.
  const trpcStack = compose<Koa.Context>([
    requestId(),
    errorEnvelope({ logger: deps.logger }),
    rateLimit({ limiter: deps.rateLimiter }),
    trpc(deps),
  ]);
  app.use(async function trpcOnly(ctx, next) {
    if (ctx.path.startsWith('/trpc/')) return trpcStack(ctx, next);
    return next();
  });
  if (deps.storage.driver === 'fs') app.use(cdn({ storage: deps.storage }));
  // A client that hangs up mid-stream (SSE, video players on /cdn) is not an error of ours.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(err.code ?? '')) return;
    deps.logger.error({ err }, 'unhandled error');
  });
  return app;
}
