import { createTestApi, type TestApi } from '../../support/api';
import { CHAIN_APP, insertTestApps } from './test-apps';

/**
 * Issue 12 item 11: `?webhook=http://127.0.0.1:PORT/hook` answered 202 and the delivery was refused once,
 * silently. The delivery's address policy now applies when the URL is given.
 */
describe('webhook URLs that will never be delivered are accepted', () => {
  let strict: TestApi;
  let allowing: TestApi;

  beforeAll(async () => {
    // The default install: no SAFE_FETCH_ALLOW_HOSTS.
    strict = await createTestApi({ config: { SAFE_FETCH_ALLOW_HOSTS: '' } });
    allowing = await createTestApi();
    for (const api of [strict, allowing]) await insertTestApps(api.database.db, api.users.owner);
  });
  afterAll(async () => {
    await strict.close();
    await allowing.close();
  });

  const runApp = (api: TestApi, webhook: string, sandbox = false) =>
    api.http
      .post(`/v1/apps/${CHAIN_APP.appId}/runs?webhook=${encodeURIComponent(webhook)}`)
      .set('x-api-key', api.users.owner.key)
      .set('x-atelier-test', String(sandbox))
      .send({ inputs: { topic: 'a reusable water bottle' } });
  const post = (api: TestApi, path: string, body: object) =>
    api.http.post(path).set('x-api-key', api.users.owner.key).send(body);
  const runCount = async (api: TestApi) =>
    (await api.http.get('/v1/runs?limit=100').set('x-api-key', api.users.owner.key)).body.pagination.total;

  test.each([
    'http://127.0.0.1:4567/hook',
    'http://localhost:4567/hook',
    'http://10.1.2.3/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:4567/hook',
  ])(
    'Run App with ?webhook=%s is 400 WEBHOOK_INVALID_URL with the reason, and stores no run',
    async (url) => {
      const res = await runApp(strict, url);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'WEBHOOK_INVALID_URL',
        retryable: false,
        error: 'Webhook URL cannot be delivered to: private address refused',
      });
      expect(await runCount(strict)).toBe(0);
    },
  );

  test('the sandbox checks the webhook URL too', async () => {
    const res = await runApp(strict, 'http://127.0.0.1:4567/hook', true);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEBHOOK_INVALID_URL');
  });

  test('content/create, generate/image and compose/video refuse a private webhookUrl the same way', async () => {
    const webhookUrl = 'https://127.0.0.1:8443/hook';
    const answers = await Promise.all([
      post(strict, '/v1/content/create', {
        brief: 'An Instagram post with a caption about oat milk',
        headless: true,
        webhookUrl,
      }),
      post(strict, '/v1/content/create', {
        brief: 'An Instagram post with a caption about oat milk',
        headless: true,
        metadata: { webhookUrl },
      }),
      post(strict, '/v1/generate/image', { prompt: 'a lighthouse at dusk', webhookUrl }),
      post(strict, '/v1/compose/video', { formatId: 'kinetic-captions', script: 'Hi there.', webhookUrl }),
    ]);

    for (const res of answers)
      expect({ status: res.status, code: res.body.code, error: res.body.error }).toEqual({
        status: 400,
        code: 'WEBHOOK_INVALID_URL',
        error: 'Webhook URL cannot be delivered to: private address refused',
      });
    expect(await runCount(strict)).toBe(0);
  });

  test('an allowlisted receiver is accepted (SAFE_FETCH_ALLOW_HOSTS), as are public addresses', async () => {
    for (const url of ['http://127.0.0.1:4567/hook', 'https://93.184.215.14/hook'])
      expect((await runApp(allowing, url, true)).status).toBe(200);
  });

  test('a host that does not resolve now is accepted: every attempt checks again', async () => {
    expect((await runApp(strict, 'https://hooks.atelier.invalid/hook', true)).status).toBe(200);
  });
});
