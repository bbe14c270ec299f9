import Router from '@koa/router';
import { createTestStack, type TestStack } from '../support/stack';
import { V1_ROUTERS } from '../../api/app';

/**
 * Every /v1 route, fed malformed input, answers with the error envelope and a 4xx: never a 5xx.
 * The routes are read from the routers themselves, so a new route is covered without editing this test.
 */
describe('bad input on every /v1 route', () => {
  let stack: TestStack;
  let routes: { method: string; path: string }[];

  const BODIES: unknown[] = [
    null,
    [],
    'text',
    42,
    { inputs: 'x', accountIds: 'x', formatId: [], brief: {}, goal: 7, concept: null },
    { nested: { a: { b: { c: [1, 2, { d: null }] } } } },
  ];
  const PARAM_VALUES = ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%00', "1' OR '1'='1"];
  const QUERIES = [
    '?limit=-1',
    '?limit=abc&offset=-5',
    '?timeout=9999',
    '?runId=x&type=y&status=z&category=q',
    '?windowDays=0',
  ];

  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
    routes = collectRoutes();
  });
  afterAll(() => stack.close());

  /** The method and path of every route the /v1 routers declare. */
  function collectRoutes(): { method: string; path: string }[] {
    const found: { method: string; path: string }[] = [];
    const v1 = new Router({ prefix: '/v1' });
    for (const make of V1_ROUTERS) v1.use(make(stack.deps).routes());
    for (const layer of v1.stack)
      for (const method of layer.methods.filter((m) => m !== 'HEAD'))
        found.push({ method, path: String(layer.path) });
    expect(found.length).toBeGreaterThan(30);
    return found;
  }

  const concrete = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, encodeURIComponent(value));

  test('no route answers 5xx to malformed bodies, params or queries', async () => {
    const failures: string[] = [];
    const check = async (method: string, url: string, body?: unknown) => {
      let req = stack.http[method.toLowerCase() as 'get'](url).set('x-api-key', stack.users.owner.key);
      if (body !== undefined) req = req.set('content-type', 'application/json').send(JSON.stringify(body));
      const res = await req;
      if (res.status >= 500 || (res.status >= 400 && typeof res.body?.code !== 'string'))
        failures.push(
          `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
        );
    };
    for (const route of routes) {
      if (route.path.endsWith('/stream')) continue; // streams answer 200 and stay open; covered by stream tests
      for (const value of PARAM_VALUES)
        await check(route.method, concrete(route.path, value), route.method === 'GET' ? undefined : {});
      const real = concrete(route.path, '222e3b34-9f50-4c7b-bc8f-3007c30bec7a');
      for (const query of QUERIES)
        await check(route.method, `${real}${query}`, route.method === 'GET' ? undefined : {});
      if (route.method !== 'GET') for (const body of BODIES) await check(route.method, real, body);
    }
    expect(failures).toEqual([]);
  });

  test('broken JSON and wrong content types are 4xx with the envelope', async () => {
    const res = await stack.http
      .post('/v1/content/create')
      .set('x-api-key', stack.users.owner.key)
      .set('content-type', 'application/json')
      .send('{"brief": ');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const form = await stack.http
      .post('/v1/content/create')
      .set('x-api-key', stack.users.owner.key)
      .set('content-type', 'text/plain')
      .send('brief=x');
    expect(form.status).toBeLessThan(500);
  });
});
