import Koa from 'koa';
import Router from '@koa/router';
import compose from 'koa-compose';
import type { ApiDeps } from './deps';
import { requestId } from './middleware/request-id';
import { errorEnvelope } from './middleware/errors';
import { rateLimit } from './middleware/rate-limit';
import { storableInput } from './middleware/storable-input';
import { runLogContext } from './middleware/run-log-context';
import { serverSpans } from './middleware/server-spans';
import { jsonBodies, keyedChecks } from './middleware/keyed-json';
import { routeMatcher, setMatchedRoute } from './middleware/route-match';
import { methodAllowed } from './middleware/method-allowed';
import { plainRunRead, readRun, RUN_READ_ROUTE } from './runs/read-run';
import { appsRouter, estimateRouter } from './apps/routes';
import { appEditingRouter } from './apps/editing';
import { appVersionsRouter } from './apps/versions';
import { nodeTypesRouter } from './node-types/routes';
import { feedbackRouter, runsRouter } from './runs/routes';
import { workflowsRouter } from './workflows/routes';
import { generateRouter } from './generate/routes';
import { webhooksRouter } from './webhooks/routes';
import { cdn } from './cdn';
import { uploads } from './uploads';
import { CONSOLE_DIST_DIR, consoleStatic } from './console';
import { assetsRouter } from './assets/routes';
import { accountRouter } from './account/routes';
import { publishingRouter } from './publishing/routes';
import { composeRouter } from './compose/routes';
import { brandKitRouter } from './brand/kit';
import { trpc } from './trpc/mount';
import { mcpEndpoint } from './mcp/http';
import { llmsRoute } from './llms';
import { httpMetrics } from './middleware/metrics';
import { metricsEndpoint } from './metrics-endpoint';
import { buildOpenApiDocument, declaredRoutes } from './openapi/document';
import { OPERATIONS } from './openapi/operations';
import { strictInputs } from './middleware/strict-inputs';
import { healthRoutes, type ReadinessChecks } from './health';
import { databaseAnswers } from '../adapters/db/answers';
import { READINESS_CHECK_TIMEOUT_MS } from '../core/limits';
import { idempotency } from './middleware/idempotency';
import { publicUrl } from '../core/config';
import { discoverRouter } from './discover/routes';
import { contentRouter } from './content/routes';
import { templatesRouter } from './templates/routes';
import { brandRouter } from './brand/routes';
import { intelligenceRouter } from './intelligence/routes';

/** Every resource group's router, mounted under /v1 in this order. */
export const V1_ROUTERS: ((deps: ApiDeps) => Router)[] = [
  appsRouter,
  appEditingRouter,
  appVersionsRouter,
  estimateRouter,
  nodeTypesRouter,
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

/** The /v1 routes: every resource group's router, and GET /v1/openapi.json describing them all. */
export function v1Router(deps: ApiDeps): Router {
  const v1 = new Router({ prefix: '/v1' });
  for (const router of V1_ROUTERS.map((make) => make(deps))) v1.use(router.routes());
  let openApi: Record<string, unknown> | undefined;
  v1.get('/openapi.json', (ctx) => {
    openApi ??= buildOpenApiDocument(declaredRoutes(v1), publicUrl(deps.config));
    ctx.body = openApi;
  });
  return v1;
}

/** The OpenAPI operation of a matched /v1 route template (`/v1/runs/:runId`): what it declares it reads. */
function operationOf(method: string, template: string | null) {
  if (template === null) return undefined;
  const path = template.replace(/:(\w+)/g, '{$1}');
  return OPERATIONS[`${method === 'HEAD' ? 'GET' : method} ${path}`];
}

/** What the API cannot serve without (GET /readyz): its database and Temporal. */
function apiReadiness(deps: ApiDeps): ReadinessChecks {
  return {
    database: () => databaseAnswers(deps.db),
    // Half the probe's timeout: the SDK's own retries end with the call, none is left pending at close.
    temporal: () => deps.engine.answers(READINESS_CHECK_TIMEOUT_MS / 2),
  };
}

/** Builds the Koa app without listening; the entry point or a test calls `app.callback()`. */
export function createApp(deps: ApiDeps): Koa {
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  // Probes first: every few seconds from every kubelet, they stay out of the request metrics and traces.
  app.use(healthRoutes({ checks: apiReadiness(deps), stopping: deps.draining, logger: deps.logger }));
  // First, so that the request's span covers everything else.
  if (deps.tracer) app.use(serverSpans(deps.tracer));
  const v1 = v1Router(deps);
  const v1Route = routeMatcher(v1);
  const checks = keyedChecks(deps);
  const v1Stack = compose<Koa.Context>([
    ...checks,
    methodAllowed({ allowedOf: (ctx) => v1Route(ctx).allowed }),
    ...jsonBodies(),
    storableInput({ pathParams: (ctx) => v1Route(ctx).params }),
    strictInputs({ inputsOf: (ctx) => operationOf(ctx.method, v1Route(ctx).template) }),
    idempotency({
      db: deps.db,
      leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
      startsWork: (ctx) => operationOf(ctx.method, v1Route(ctx).template)?.startsWork === true,
    }),
    runLogContext({ pathParams: (ctx) => v1Route(ctx).params }),
    v1.routes() as unknown as Koa.Middleware,
  ]);
  // The read agents poll every few seconds goes straight to its route, past what it has no use for.
  const runReadStack = compose<Koa.Context>([
    ...checks,
    runLogContext({ pathParams: (ctx) => ctx.params }),
    readRun(deps),
  ]);
  app.use(httpMetrics(deps.metrics, (ctx) => v1Route(ctx).template));
  // Prometheus scrapes without an API key. On the public port only behind METRICS_TOKEN: open to anyone by
  // default, it told who could reach the API the run counts of private apps (issue 27 item 5). METRICS_PORT
  // moves it to a listener of its own (api/server.ts); with neither, it is not served (docs/operations.md).
  if (deps.config.METRICS_PORT === undefined && deps.config.METRICS_TOKEN !== undefined)
    app.use(
      metricsEndpoint({ metrics: deps.metrics, token: deps.config.METRICS_TOKEN, logger: deps.logger }),
    );
  // Everything under /v1 goes through the same chain; an unmatched route ends as the envelope's 404.
  app.use(function v1Only(ctx, next) {
    const runId = plainRunRead(ctx);
    if (runId) {
      ctx.params = { runId };
      setMatchedRoute(ctx, { template: RUN_READ_ROUTE, params: ctx.params });
      return runReadStack(ctx, next);
    }
    if (ctx.path === '/v1' || ctx.path.startsWith('/v1/')) return v1Stack(ctx, next);
    return next();
  });
  // MCP (Streamable HTTP) at /mcp: the same keys, rate limit and commands as /v1 (api/mcp/http.ts).
  app.use(mcpEndpoint(deps));
  // How an agent connects, without a key (api/llms.ts).
  app.use(llmsRoute(deps.config));
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
  // The fs driver's signed upload URLs (S3 takes uploads itself, at pre-signed URLs).
  if (!deps.storage.presignPut) app.use(uploads(deps));
  app.use(consoleStatic({ dir: deps.consoleDir ?? CONSOLE_DIST_DIR }));
  // A client that hangs up mid-stream (SSE, video players on /cdn) is not an error of ours.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(err.code ?? '')) return;
    deps.logger.error({ err }, 'unhandled error');
  });
  return app;
}
