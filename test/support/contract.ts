import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type Koa from 'koa';
import request, { type Response } from 'supertest';

type Json = Record<string, unknown>;

interface ResponseObject {
  content?: Record<string, { schema?: Json }>;
  $ref?: string;
}

/** What a response is checked against: its operation's answer for that status and content type. */
export interface Contract {
  /** Throws when the response is not one the document describes. */
  check(method: string, url: string, response: { status: number; headers: Json; body: unknown }): void;
  /** Throws when a run stream's event is not what GET /v1/runs/{runId}/stream documents. */
  checkEvent(event: { event: string; data: unknown; id?: string; retry?: number }): void;
  document: Json;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Closes every object schema that lists its properties: the document leaves objects open for clients
 * (api/openapi/document.ts), the tests hold the server to exactly the documented fields.
 */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const copy: Json = {};
  for (const [key, value] of Object.entries(node))
    copy[key] = key === 'example' ? value : closeObjects(value);
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * The served OpenAPI document as a validator of responses.
 * 1. A /v1 URL is matched to its path template (literal paths before templated ones).
 * 2. The status must be an answer of the operation, and the content type one of that answer's.
 * 3. A JSON body must validate against that answer's schema (Ajv, JSON Schema 2020-12, formats checked).
 * Paths outside /v1 (/trpc, /mcp, /cdn, /console, /llms.txt, /metrics) are not described and are not checked.
 */
export function contractOf(document: Json): Contract {
  const closed = closeObjects(document) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(closed, 'openapi');
  const paths = closed.paths as Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  const templates = Object.keys(paths)
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      regex: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (ref: string) => {
    let validate = validators.get(ref);
    if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: `openapi#${ref}` })));
    return validate;
  };
  const errorRef = `/${pointer('components', 'responses', 'Error', 'content', 'application/json', 'schema')}`;

  const failed = (what: string, validate: ValidateFunction, body: unknown) =>
    new Error(
      `contract: ${what} with a body the document does not allow:\n${ajv.errorsText(validate.errors, {
        separator: '\n',
        dataVar: 'body',
      })}\n${JSON.stringify(body, null, 2).slice(0, 2000)}`,
    );

  return {
    document,
    checkEvent(event) {
      // As sent: `data` is JSON text (RunStreamMessage) ...
      const message = { ...event, data: JSON.stringify(event.data) };
      const validate = validatorFor(`/${pointer('components', 'schemas', 'RunStreamMessage')}`);
      const name = event.event;
      if (!validate(message)) throw failed(`the "${name}" event of a run stream`, validate, message);
      // ... whose content is what the event's `contentSchema` says (Ajv takes it as an annotation only).
      const variants = (closed.components as { schemas: Record<string, { oneOf: Json[] }> }).schemas
        .RunStreamMessage.oneOf as { properties: { event: Json; data: { contentSchema: Json } } }[];
      const variant = variants.find(({ properties: { event: e } }) =>
        ((e.enum as string[] | undefined) ?? [e.const]).includes(name),
      )!;
      const content = variant.properties.data.contentSchema;
      const validateData = content.$ref ? validatorFor(String(content.$ref).slice(1)) : ajv.compile(content);
      if (!validateData(event.data))
        throw failed(`the data of the "${name}" event of a run stream`, validateData, event.data);
    },
    check(method, url, response) {
      const path = new URL(url, 'http://local').pathname;
      if (method === 'HEAD' || method === 'OPTIONS' || !(path === '/v1' || path.startsWith('/v1/'))) return;
      const where = `${method} ${path} answered ${response.status}`;
      // The path's template (literal before templated), then its operation for the method, if it has one.
      const matched = templates.find((t) => t.regex.test(path));
      const template = matched && paths[matched.path][method.toLowerCase()] ? matched : undefined;
      let ref: string;
      const contentType = String(response.headers['content-type'] ?? '')
        .split(';')[0]
        .trim();
      if (!template) {
        // No route, or none for the method: the error envelope (404, 405, or 401 before routing).
        if (response.status < 400)
          throw new Error(`contract: ${where}, a path the document does not describe`);
        ref = errorRef;
      } else {
        const operation = paths[template.path][method.toLowerCase()];
        const answer = operation.responses[String(response.status)];
        if (!answer)
          throw new Error(
            `contract: ${where}; the document gives ${Object.keys(operation.responses).join(', ')}`,
          );
        if (answer.$ref) ref = errorRef;
        else {
          // An answer without content (304) must come without a body.
          if (!answer.content && !contentType) return;
          if (!answer.content?.[contentType])
            throw new Error(
              `contract: ${where} as ${contentType || 'no content type'}, which it does not describe`,
            );
          if (contentType !== 'application/json') return;
          ref = `/${pointer('paths', template.path, method.toLowerCase(), 'responses', String(response.status), 'content', contentType, 'schema')}`;
        }
      }
      if (contentType !== 'application/json')
        throw new Error(`contract: ${where} as ${contentType || 'no content type'}, not JSON`);
      const validate = validatorFor(ref);
      if (!validate(response.body)) throw failed(where, validate, response.body);
    },
  };
}

const contracts = new Map<string, Contract>();

/** The document the app serves, read through the app itself (compiled once per document and process). */
export async function servedContract(app: Koa, key: string): Promise<Contract> {
  const res = await request(app.callback()).get('/v1/openapi.json').set('x-api-key', key);
  if (res.status !== 200) throw new Error(`GET /v1/openapi.json answered ${res.status}`);
  const text = JSON.stringify(res.body);
  if (!contracts.has(text)) contracts.set(text, contractOf(res.body));
  return contracts.get(text)!;
}

export type CheckedAgent = ReturnType<typeof request>;

/**
 * supertest over the app, with every response checked against the contract: a presenter that drifts from
 * its schema, or a status the document does not list, fails the test that received it.
 */
export function checkedRequest(app: Koa, contract: Contract): CheckedAgent {
  const agent = request(app.callback());
  return new Proxy(agent, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof name !== 'string' || !HTTP_METHODS.includes(name)) return value;
      return (url: string, ...rest: unknown[]) =>
        (value as (url: string, ...rest: unknown[]) => request.Test)
          .call(target, url, ...rest)
          .expect((res: Response) => contract.check(name.toUpperCase(), url, res));
    },
  });
}
