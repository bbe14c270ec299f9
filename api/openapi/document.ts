import type Router from '@koa/router';
import { z } from 'zod';
import {
  createDocument,
  type CreateDocumentOptions,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { ERROR_CODES } from '../../core/errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../core/limits';
import { exampleOf } from '../../core/responses/common';
import { ErrorEnvelope } from '../../core/responses/errors';
import { RunNodeEvent } from '../../core/responses/runs';
import { WebhookPayload } from '../../core/responses/webhooks';
import { OPERATIONS, TAGS, type Operation, type Tag } from './operations';

export interface RouteEntry {
  method: string;
  path: string;
}

/** Every method and path a router declares (HEAD aside), in declaration order. */
export function declaredRoutes(router: Router): RouteEntry[] {
  return router.stack.flatMap((layer) =>
    layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
  );
}

/** What an operation may answer; 405 is not among them: it answers a method the path has no operation for. */
const ERROR_STATUSES = [
  ...new Set(
    Object.entries(ERROR_CODES)
      .filter(([code]) => code !== 'METHOD_NOT_ALLOWED')
      .map(([, c]) => c.status),
  ),
].sort();
/** A body over 1 MiB (413) is refused before any route runs; one that is not JSON is a 400. */
const BODY_STATUSES = [413];
const BODY_METHODS = ['POST', 'PUT', 'PATCH'];

const TAG_DESCRIPTIONS: Record<Tag, string> = {
  Apps: 'Discover apps, read their input contract and graph, write your own',
  Runs: 'Start a run, follow it (poll, wait, stream, webhook), approve, cancel, refine',
  Assets: 'Outputs of completed runs',
  Intelligence: 'Briefs, predictions, recommendations, trends, and the brand context they use',
  Publishing: 'Connected channels, publishing, permanent copies of media',
  Compound: 'One-call operations: content from a brief, one image, a composed video, an app from words',
  Account: 'Credits, rate limit, and this document',
  Templates: 'Content templates and their guidance',
  Webhooks: 'Signing keys, verification, delivery attempts',
};

const PATH_PARAMETERS: Record<string, string> = {
  appId: 'App id (UUID)',
  runId: 'Run id (UUID)',
  nodeId: 'Node id in the app graph',
  deliveryId: 'Delivery attempt id (UUID)',
  id: 'Template id',
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const COMMON_HEADERS = {
  'X-Request-Id': headerRef('RequestId'),
  'RateLimit-Limit': headerRef('RateLimitLimit'),
  'RateLimit-Remaining': headerRef('RateLimitRemaining'),
  'RateLimit-Reset': headerRef('RateLimitReset'),
};

function pathParameters(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (names.length === 0) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, z.string().meta({ description: PATH_PARAMETERS[name] ?? name })]),
    ),
  );
}

const IF_NONE_MATCH = z.object({
  'if-none-match': z
    .string()
    .optional()
    .meta({ description: 'The ETag of the copy the client holds: 304 while it is current' }),
});

const IDEMPOTENCY_KEY = z.object({
  'Idempotency-Key': z
    .string()
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .optional()
    .meta({
      description:
        'Any unique string (a UUID): the same key and request within 24 h answer the first answer and run, ' +
        'never a second run or charge; the same key with another request is 422 idempotency_key_reused; a ' +
        'duplicate sent while the first is in flight waits for its answer.',
    }),
});

function operationObject(method: string, path: string, op: Operation): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries(op.responses))
    responses[status as `2${string}`] = {
      description: response!.description,
      headers: COMMON_HEADERS,
      content: { [response!.contentType]: { schema: response!.schema, example: response!.example } },
    };
  if (op.conditional) {
    responses['200'] = { ...responses['200']!, headers: { ...COMMON_HEADERS, ETag: headerRef('ETag') } };
    responses['304'] = {
      description: `Not modified: the \`ETag\` sent in \`If-None-Match\` is still current (${op.conditional})`,
      headers: { ...COMMON_HEADERS, ETag: headerRef('ETag') },
    };
  }
  const errorStatuses = [
    ...ERROR_STATUSES,
    ...(BODY_METHODS.includes(method) ? BODY_STATUSES : []),
    ...(op.startsWork ? [422] : []),
  ];
  for (const status of errorStatuses)
    responses[String(status) as `4${string}`] = { $ref: '#/components/responses/Error' };
  const path$ = pathParameters(path);
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(path$ || op.query || op.startsWork
      ? {
          requestParams: {
            ...(path$ ? { path: path$ } : {}),
            ...(op.query ? { query: op.query } : {}),
            ...(op.conditional ? { header: IF_NONE_MATCH } : {}),
            ...(op.startsWork ? { header: IDEMPOTENCY_KEY } : {}),
          },
        }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: op.body,
                ...(op.bodyExample !== undefined ? { example: op.bodyExample } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The webhook a run sends when it ends (docs/webhooks.md). */
const RUN_WEBHOOK: ZodOpenApiPathsObject = {
  runEnded: {
    post: {
      operationId: 'runEnded',
      summary: 'A run ended: POSTed to its webhook URL, signed with Ed25519',
      description:
        'Signed over `<timestamp>.<raw body>` (X-Atelier-Webhook-Signature, hex) and, for Standard Webhooks ' +
        'verifiers, over `<webhook-id>.<timestamp>.<raw body>` (webhook-signature, `v1a,<base64>`). Keys: ' +
        'GET /v1/webhooks/signing-key. Answer 2xx within 15 s; 410 stops the retries.',
      tags: ['Webhooks'],
      security: [],
      requestParams: {
        header: z.object({
          'X-Atelier-Webhook-Signature': z.string().meta({ description: 'Hex Ed25519 signature' }),
          'X-Atelier-Webhook-Timestamp': z.string().meta({ description: 'Unix seconds' }),
          'X-Atelier-Webhook-Request-Id': z.string().meta({ description: 'The run id' }),
          'X-Atelier-Webhook-Event': z
            .enum([
              'run.completed',
              'run.failed',
              'run.cancelled',
              'run.started',
              'node.completed',
              'run.awaiting_approval',
            ])
            .meta({
              description:
                'run.<status> at the end; the progress events only when the run asked for them (webhookEvents)',
            }),
          'X-Atelier-Webhook-Key-Id': z.string().meta({ description: 'kid of the signing key' }),
          'webhook-id': z.string(),
          'webhook-timestamp': z.string(),
          'webhook-signature': z.string(),
        }),
      },
      requestBody: {
        required: true,
        content: { 'application/json': { schema: WebhookPayload, example: exampleOf(WebhookPayload) } },
      },
      responses: { 200: { description: 'Accepted (any 2xx)' } },
    },
  },
};

/**
 * The OpenAPI 3.1 document of /v1, built from the routes the routers really declare (zod-openapi).
 * 1. Each route becomes an operation; a route without an entry in OPERATIONS, or an entry without a
 *    route, is an error.
 * 2. Query and body schemas are the zod schemas the routes parse with; every success answer is its
 *    response schema from core/responses/, with an example; schemas with an `id` become components.
 * 3. Every operation answers the error envelope for each status of the error catalogue.
 */
export function buildOpenApiDocument(routes: RouteEntry[], serverUrl: string): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  const described = new Set<string>();
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const key = `${route.method} ${path}`;
    const op = OPERATIONS[key];
    if (!op) throw new Error(`OpenAPI: no operation described for ${key}`);
    described.add(key);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase() as 'get'] = operationObject(route.method, path, op);
  }
  const unrouted = Object.keys(OPERATIONS).filter((key) => !described.has(key));
  if (unrouted.length > 0) throw new Error(`OpenAPI: described but not routed: ${unrouted.join(', ')}`);
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Atelier API',
        version: '1.0.0',
        description:
          'Content creation for software agents: discover apps, run them as durable workflows, follow runs, ' +
          'publish. Agents: see /llms.txt and the MCP server at /mcp.',
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: serverUrl }],
      security: [{ apiKey: [] }, { bearer: [] }],
      tags: TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      paths,
      webhooks: RUN_WEBHOOK,
      components: {
        // Named by the run stream's `contentSchema` only (RunStreamMessage), which zod does not walk.
        schemas: { RunNodeEvent },
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'A workspace key (atl_…)' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The same key as a bearer token' },
        },
        headers: {
          RequestId: { description: 'Trace id of the request', schema: { type: 'string' } },
          RateLimitLimit: { description: 'Requests allowed per window', schema: { type: 'integer' } },
          RateLimitRemaining: { description: 'Requests left in the window', schema: { type: 'integer' } },
          RateLimitReset: { description: 'Seconds until the window resets', schema: { type: 'integer' } },
          RetryAfter: { description: 'Seconds to wait (429)', schema: { type: 'integer' } },
          ETag: {
            description: 'Validator of the representation, for If-None-Match',
            schema: { type: 'string' },
          },
        },
        responses: {
          Error: {
            description: 'The error envelope',
            headers: { ...COMMON_HEADERS, 'Retry-After': headerRef('RetryAfter') },
            content: { 'application/json': { schema: ErrorEnvelope, example: exampleOf(ErrorEnvelope) } },
          },
        },
      },
    },
    { override: openObjects, allowEmptySchema: { nullable: true } },
  ) as unknown as Record<string, unknown>;
  closeRequestBodies(document.paths as Record<string, Record<string, unknown>>);
  return document;
}

/**
 * What a caller sends is closed, as the server holds it (api/middleware/strict-inputs.ts): a body field it
 * does not know is a 400 unknown_field, so the document says `additionalProperties: false` for each object
 * of a request body that lists its fields. Free-form objects (`inputs`, `metadata`, `spec`) say what they
 * take and stay as they are; named components are shared with answers, which stay open (openObjects).
 */
function closeRequestBodies(paths: Record<string, Record<string, unknown>>): void {
  const close = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(close);
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (schema.type === 'object' && schema.properties && !('additionalProperties' in schema))
      schema.additionalProperties = false;
    for (const [key, value] of Object.entries(schema)) if (key !== 'example') close(value);
  };
  for (const operations of Object.values(paths))
    for (const operation of Object.values(operations)) {
      const body = (operation as { requestBody?: { content: Record<string, { schema: unknown }> } })
        .requestBody;
      for (const media of Object.values(body?.content ?? {})) close(media.schema);
    }
}

/**
 * zod renders a response object closed (`additionalProperties: false`); the document leaves objects open,
 * so a field added later breaks no client and a schema renders alike as request and response (one
 * component each). The contract tests close them again (test/support/contract.ts): the server must send
 * exactly the documented fields.
 */
const openObjects: CreateDocumentOptions['override'] = ({ jsonSchema, io }) => {
  if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  // `unknown().nullable()` renders `anyOf: [{}, {type: null}]`: any value already, and linters flag it.
  if (jsonSchema.anyOf?.some((option) => Object.keys(option).length === 0)) delete jsonSchema.anyOf;
};
