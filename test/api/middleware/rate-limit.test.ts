import type { Response } from 'supertest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createApp } from '../../../api/app';
import { createRateLimiter, type RateLimitOptions } from '../../../api/middleware/rate-limit';
import { createTestApi, type TestApi } from '../../support/api';
import { checkedRequest } from '../../support/contract';

const REDIS_URL = 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rateLimit', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  /** The API with a limiter of its own, so each test starts from a full window. */
  const appWith = (options: RateLimitOptions) =>
    checkedRequest(createApp({ ...api.deps, rateLimiter: createRateLimiter(options) }), api.contract);

  const limitHeaders = (res: Response) => [
    res.headers['ratelimit-limit'],
    res.headers['ratelimit-remaining'],
    res.headers['ratelimit-reset'],
  ];

  test('every response carries RateLimit-Limit, -Remaining and -Reset, success and error alike', async () => {
    const http = appWith({ points: 100, windowMs: 60_000 });

    const ok = await http.get('/v1/apps').set('x-api-key', api.users.owner.key);
    const unauthorised = await http.get('/v1/apps');
    const missing = await http.get('/v1/nothing-here').set('x-api-key', api.users.owner.key);

    expect([ok.status, unauthorised.status, missing.status]).toEqual([200, 401, 404]);
    expect(limitHeaders(ok)).toEqual(['100', '99', expect.stringMatching(/^(59|60)$/)]);
    expect(limitHeaders(unauthorised)).toEqual(['100', '98', expect.stringMatching(/^(59|60)$/)]);
    expect(limitHeaders(missing)).toEqual(['100', '97', expect.stringMatching(/^(59|60)$/)]);
  });

  test('the 101st request in a window gets 429 RATE_LIMITED with Retry-After and retryAfter', async () => {
    const http = appWith({ points: 100, windowMs: 60_000 });
    for (let i = 0; i < 100; i++) {
      const res = await http.get('/v1/apps');
      expect(res.status).toBe(401);
    }

    const refused = await http.get('/v1/apps').set('x-api-key', api.users.owner.key);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'Too many requests from this IP, try again later',
      code: 'RATE_LIMITED',
      retryable: true,
      retryAfter: expect.any(Number),
      requestId: refused.headers['x-request-id'],
    });
    expect(refused.body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.body.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfter));
    expect(limitHeaders(refused)).toEqual(['100', '0', String(refused.body.retryAfter)]);
  });

  test('a new window resets the count', async () => {
    const http = appWith({ points: 2, windowMs: 1000 });
    await http.get('/v1/apps');
    await http.get('/v1/apps');
    const refused = await http.get('/v1/apps');

    await sleep(Number(refused.headers['retry-after']) * 1000 + 100);
    const again = await http.get('/v1/apps');

    expect(refused.status).toBe(429);
    expect(again.status).toBe(401);
    expect(again.headers['ratelimit-remaining']).toBe('1');
  });

  test('a window shorter than a second still ends (it used to round to a never-ending window)', async () => {
    const http = appWith({ points: 1, windowMs: 400 });
    await http.get('/v1/apps');
    const refused = await http.get('/v1/apps');

    await sleep(1100);
    const again = await http.get('/v1/apps');

    expect([refused.status, again.status]).toEqual([429, 401]);
  });

  describe('backed by Redis', () => {
    const clients: Redis[] = [];
    const connect = async () => {
      const redis = new Redis(REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      clients.push(redis);
      // Until the client is ready the limiter would fall back to its in-memory insurance.
      await new Promise<void>((resolve, reject) => {
        redis.once('ready', () => resolve());
        redis.once('error', reject);
      });
      return redis;
    };
    afterAll(async () => {
      for (const redis of clients) await redis.quit();
    });

    test('two app instances sharing Redis count the same requests', async () => {
      const keyPrefix = `atelier_rl_test_${randomBytes(6).toString('hex')}`;
      const first = appWith({ points: 3, windowMs: 60_000, redis: await connect(), keyPrefix });
      const second = appWith({ points: 3, windowMs: 60_000, redis: await connect(), keyPrefix });

      const responses = [];
      for (const http of [first, second, first, second]) responses.push(await http.get('/v1/apps'));

      expect(responses.map((r) => [r.status, r.headers['ratelimit-remaining']])).toEqual([
        [401, '2'],
        [401, '1'],
        [401, '0'],
        [429, '0'],
      ]);
      expect(responses[3].body.code).toBe('RATE_LIMITED');
    });
  });
});
