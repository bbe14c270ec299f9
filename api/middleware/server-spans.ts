import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
  ATTR_USER_AGENT_ORIGINAL,
} from '@opentelemetry/semantic-conventions';
import type { Context, Middleware } from 'koa';

/** The request id (X-Request-Id, the error envelope's `requestId`) on the request's span. */
export const REQUEST_ID_ATTRIBUTE = 'atelier.request_id';

/**
 * A SERVER span per request, `METHOD /v1/route/:template`, active while the request is served: the run
 * engine's Temporal client interceptor hands it to the workflow it starts, so API, workflow and activities
 * are one trace. A caller's W3C `traceparent` makes it a child of the caller's span. Installed only when
 * tracing is on (api/app.ts).
 */
export function serverSpans(tracer: Tracer): Middleware {
  return async function serverSpanMiddleware(ctx, next) {
    const parent = propagation.extract(ROOT_CONTEXT, ctx.headers);
    const span = tracer.startSpan(
      ctx.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          [ATTR_HTTP_REQUEST_METHOD]: ctx.method,
          [ATTR_URL_PATH]: ctx.path,
          [ATTR_URL_SCHEME]: ctx.protocol,
          ...(ctx.get('user-agent') ? { [ATTR_USER_AGENT_ORIGINAL]: ctx.get('user-agent') } : {}),
        },
      },
      parent,
    );
    // Ended when the response is, so a streamed body (SSE, a long /wait) is inside the span.
    ctx.res.once('close', () => endServerSpan(span, ctx));
    try {
      await context.with(trace.setSpan(parent, span), next);
    } catch (err) {
      span.recordException(err as Error);
      throw err;
    }
  };
}

function endServerSpan(span: Span, ctx: Context): void {
  // @koa/router records the template of the route that answered; unmatched requests keep the bare method.
  const route: unknown = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof route === 'string') {
    span.updateName(`${ctx.method} ${route}`);
    span.setAttribute(ATTR_HTTP_ROUTE, route);
  }
  span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, ctx.status);
  if (typeof ctx.state.requestId === 'string') span.setAttribute(REQUEST_ID_ATTRIBUTE, ctx.state.requestId);
  // A 4xx is the caller's: only the server's own failures mark the span as an error.
  if (ctx.status >= 500) {
    span.setAttribute(ATTR_ERROR_TYPE, String(ctx.status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
