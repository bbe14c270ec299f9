import { z } from 'zod';
import { ERROR_CODES } from '../../core/errors';
import { OPERATIONS } from './operations';

export interface RouteEntry {
  method: string;
  path: string;
}

const ERROR_STATUSES = [...new Set(Object.values(ERROR_CODES).map((c) => c.status))].sort();

/** JSON Schema of what a caller sends (defaults optional), without the `$schema` key. */
function inputSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = inputSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/**
 * The OpenAPI 3.1 document of /v1, built from the routes the routers really declare.
 * 1. Each route becomes an operation; a route without an entry in OPERATIONS is an error.
 * 2. Query and body schemas are the zod schemas the routes parse with, as JSON Schema.
 * 3. Every operation answers the error envelope for each status of the error catalogue.
 */
export function buildOpenApiDocument(routes: RouteEntry[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const key = `${route.method} ${path}`;
    const op = OPERATIONS[key];
    if (!op) throw new Error(`OpenAPI: no operation described for ${key}`);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      tags: [op.tag],
      summary: op.summary,
      parameters: [...pathParameters(path), ...queryParameters(op.query)],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: inputSchema(op.body) } },
            },
          }
        : {}),
      responses: {
        [String(op.status ?? 200)]: op.stream
          ? {
              description: 'Server-Sent Events',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            }
          : {
              description: 'Success: the payload under `data`',
              content: { 'application/json': { schema: { type: 'object', properties: { data: {} } } } },
            },
        ...Object.fromEntries(
          ERROR_STATUSES.map((status) => [String(status), { $ref: '#/components/responses/Error' }]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Atelier API',
      version: '1.0.0',
      description: 'Content creation for software agents. Contract: api-v1.md.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      responses: {
        Error: {
          description: 'The error envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['error', 'code', 'retryable', 'requestId'],
          properties: {
            error: { type: 'string' },
            code: { type: 'string', enum: Object.keys(ERROR_CODES) },
            retryable: { type: 'boolean' },
            retryAfter: { type: 'integer' },
            details: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  param: { type: ['string', 'null'] },
                  code: { type: 'string' },
                  message: { type: 'string' },
                },
              },
            },
            requestId: { type: 'string' },
          },
        },
      },
    },
  };
}
