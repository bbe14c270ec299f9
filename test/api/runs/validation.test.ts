import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { AppDefinition } from '../../../core/app/app-definition';
import { createTestApi, type TestApi } from '../../support/api';
import { testApp, textParameter } from '../../support/app-definitions';
import { insertTestApp } from '../../support/runs';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

/** An app with a url parameter: an image.edit node over the caller's product photo. */
const productCardApp = (): AppDefinition =>
  testApp({
    name: 'Product card',
    description: 'A product photo cropped to a ratio with a headline band.',
    summary: 'Crops a product photo and sets a headline on it.',
    formats: ['image'],
    parameters: [
      {
        id: 'p_image',
        key: 'product_image',
        name: 'Product image',
        type: 'url',
        accept: ['image'],
        role: 'media',
      },
      textParameter('headline', { default: 'New in', role: 'copy' }),
      // Its name is another parameter's key: a supplied "headline" must still mean the key.
      textParameter('tagline', { name: 'headline', default: '', role: 'copy' }),
      {
        id: 'p_ratio',
        key: 'aspect_ratio',
        name: 'Aspect ratio',
        type: 'options',
        options: ['1:1', '4:5', '16:9'],
        default: '1:1',
        role: 'aspect_ratio',
      },
    ],
    nodes: [
      {
        id: 'card',
        type: 'image.edit',
        label: 'Card',
        config: {
          image: '{{product_image}}',
          aspectRatio: '{{aspect_ratio}}',
          text: '{{headline}} {{tagline}}',
          longEdge: 512,
        },
      },
      { id: 'out', type: 'output', label: 'Card', config: { label: 'Card' } },
    ],
    edges: [{ source: 'card', target: 'out' }],
  });

interface MediaServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves a PNG, an HTML page and 404s on 127.0.0.1, answering HEAD as GET without a body. */
async function startMediaServer(): Promise<MediaServer> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const html = Buffer.from('<!doctype html><title>Not an image</title><p>hello</p>');
  const server = http.createServer((req, res) => {
    const send = (status: number, type: string, body: Buffer) => {
      res.writeHead(status, { 'content-type': type, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.url === '/product.png') return send(200, 'image/png', png);
    if (req.url === '/page.html') return send(200, 'text/html; charset=utf-8', html);
    return send(404, 'text/plain', Buffer.from('not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('POST /v1/apps/{appId}/runs validation', () => {
  let api: TestApi;
  let media: MediaServer;
  let productCard: AppDefinition;
  const run = (appId: string, body: unknown, key = api.users.owner.key) =>
    api.http
      .post(`/v1/apps/${appId}/runs`)
      .set('x-api-key', key)
      .set('x-atelier-test', 'true')
      .send(body as object);

  beforeAll(async () => {
    api = await createTestApi();
    media = await startMediaServer();
    productCard = productCardApp();
    await insertTestApp(api, api.users.owner, productCard, 'shared');
  });
  afterAll(async () => {
    await media.close();
    await api.close();
  });

  describe('detail codes', () => {
    test('a parameter without a default and without a value gives missing_no_default', async () => {
      const res = await run(SOCIAL_POST, { inputs: {} });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: expect.stringContaining('Topic'),
        code: 'VALIDATION_ERROR',
        retryable: false,
        details: [
          { param: 'Topic', code: 'missing_no_default', message: expect.stringContaining('no default') },
        ],
        requestId: expect.any(String),
      });
    });

    test('an input key that matches no parameter gives unknown_parameter', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: 'bottles', colour: 'red' } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'colour', code: 'unknown_parameter', message: expect.stringContaining('"colour"') },
      ]);
    });

    test('a value outside the options gives invalid_option listing the allowed ones', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: 'bottles', style: 'Neon' } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'Visual style', code: 'invalid_option', message: expect.stringContaining('"Neon"') },
      ]);
      for (const allowed of ['Minimal', 'Bold', 'Gradient', 'Geometric'])
        expect(res.body.details[0].message).toContain(`"${allowed}"`);
    });

    test('a value of the wrong JSON type gives invalid_type', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: 42 } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'Topic', code: 'invalid_type', message: 'Topic: expects a string, got number' },
      ]);
    });

    test('an object or an array where a string is expected gives invalid_type', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: { text: 'bottles' }, style: ['Bold'] } });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { param: string; code: string }) => [d.param, d.code])).toEqual([
        ['Topic', 'invalid_type'],
        ['Visual style', 'invalid_type'],
      ]);
    });

    test('every problem is reported at once: unknown keys first, then in parameter order', async () => {
      const res = await run(SOCIAL_POST, { inputs: { style: 'Neon', aspect_ratio: 3, nope: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { param: string; code: string }) => [d.param, d.code])).toEqual([
        ['nope', 'unknown_parameter'],
        ['Topic', 'missing_no_default'],
        ['Visual style', 'invalid_option'],
        ['Aspect ratio', 'invalid_type'],
      ]);
    });
  });

  describe('matching inputs to parameters', () => {
    test('inputs match a parameter by key or by name', async () => {
      const byKey = await run(SOCIAL_POST, { inputs: { topic: 'bottles', aspect_ratio: '4:5' } });
      const byName = await run(SOCIAL_POST, { inputs: { Topic: 'bottles', 'Aspect ratio': '4:5' } });
      expect(byKey.status).toBe(200);
      expect(byName.status).toBe(200);
      expect(byName.body.data.validatedInputs).toEqual({
        topic: 'bottles',
        style: 'Bold',
        aspect_ratio: '4:5',
      });
      expect(byName.body.data.runId).toBe(byKey.body.data.runId);
    });

    test('matching is case-sensitive', async () => {
      const res = await run(SOCIAL_POST, { inputs: { TOPIC: 'bottles', 'visual style': 'Bold' } });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { param: string; code: string }) => [d.param, d.code])).toEqual([
        ['TOPIC', 'unknown_parameter'],
        ['visual style', 'unknown_parameter'],
        ['Topic', 'missing_no_default'],
      ]);
    });

    test('a key wins over another parameter whose name is the same word', async () => {
      const res = await run(productCard.appId, {
        inputs: { product_image: `${media.origin}/product.png`, headline: 'Spring sale' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.validatedInputs).toMatchObject({ headline: 'Spring sale', tagline: '' });
    });

    test('omitted parameters take their defaults; null counts as omitted', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: 'bottles', style: null } });
      expect(res.status).toBe(200);
      expect(res.body.data.validatedInputs).toEqual({ topic: 'bottles', style: 'Bold', aspect_ratio: '1:1' });
    });

    test('inputOverrides win over inputs', async () => {
      const res = await run(SOCIAL_POST, {
        inputs: { topic: 'bottles', style: 'Minimal' },
        inputOverrides: { style: 'Geometric' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.validatedInputs.style).toBe('Geometric');
    });
  });

  describe('url parameters (invalid_media)', () => {
    const mediaDetails = async (url: unknown) => {
      const res = await run(productCard.appId, { inputs: { product_image: url } });
      expect(res.status).toBe(400);
      return res.body.details as { param: string; code: string; message: string }[];
    };

    test('a reachable image URL is accepted', async () => {
      const res = await run(productCard.appId, { inputs: { product_image: `${media.origin}/product.png` } });
      expect(res.status).toBe(200);
      expect(res.body.data.validatedInputs).toEqual({
        product_image: `${media.origin}/product.png`,
        headline: 'New in',
        tagline: '',
        aspect_ratio: '1:1',
      });
    });

    test('a value that is not an http(s) URL gives invalid_media', async () => {
      expect(await mediaDetails('not a url')).toEqual([
        {
          param: 'Product image',
          code: 'invalid_media',
          message: expect.stringContaining('not an http(s) URL'),
        },
      ]);
      expect(await mediaDetails('ftp://127.0.0.1/product.png')).toEqual([
        {
          param: 'Product image',
          code: 'invalid_media',
          message: expect.stringContaining('not an http(s) URL'),
        },
      ]);
    });

    test('a URL that answers 404 gives invalid_media', async () => {
      expect(await mediaDetails(`${media.origin}/missing.png`)).toEqual([
        { param: 'Product image', code: 'invalid_media', message: expect.stringMatching(/unreachable.*404/) },
      ]);
    });

    test('a URL nobody answers gives invalid_media', async () => {
      const details = await mediaDetails(`http://127.0.0.1:${await closedPort()}/product.png`);
      expect(details).toEqual([
        { param: 'Product image', code: 'invalid_media', message: expect.stringMatching(/^Product image: /) },
      ]);
    });

    test('a URL of the wrong media type gives invalid_media', async () => {
      const details = await mediaDetails(`${media.origin}/page.html`);
      expect(details).toEqual([
        { param: 'Product image', code: 'invalid_media', message: expect.stringContaining('text/html') },
      ]);
    });

    test('a media problem is reported together with the other problems', async () => {
      const res = await run(productCard.appId, {
        inputs: { product_image: `${media.origin}/page.html`, aspect_ratio: '2:1', extra: true },
      });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { param: string; code: string }) => [d.param, d.code])).toEqual([
        ['extra', 'unknown_parameter'],
        ['Aspect ratio', 'invalid_option'],
        ['Product image', 'invalid_media'],
      ]);
    });

    test('a private address is refused when it is not allowlisted', async () => {
      const strict = await createTestApi({ config: { SAFE_FETCH_ALLOW_HOSTS: '' } });
      try {
        const app = productCardApp();
        await insertTestApp(strict, strict.users.owner, app);
        const res = await strict.http
          .post(`/v1/apps/${app.appId}/runs`)
          .set('x-api-key', strict.users.owner.key)
          .set('x-atelier-test', 'true')
          .send({ inputs: { product_image: `${media.origin}/product.png` } });
        expect(res.status).toBe(400);
        expect(res.body.details).toEqual([
          {
            param: 'Product image',
            code: 'invalid_media',
            message: expect.stringMatching(/^Product image: /),
          },
        ]);
      } finally {
        await strict.close();
      }
    });
  });

  describe('the request itself', () => {
    test.each(['not a url', 'ftp://example.com/hook', 'http://user:secret@example.com/hook'])(
      'the webhook query "%s" gives WEBHOOK_INVALID_URL',
      async (webhook) => {
        const res = await api.http
          .post(`/v1/apps/${SOCIAL_POST}/runs`)
          .query({ webhook })
          .set('x-api-key', api.users.owner.key)
          .set('x-atelier-test', 'true')
          .send({ inputs: { topic: 'bottles' } });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'WEBHOOK_INVALID_URL', retryable: false });
      },
    );

    test('an http or https webhook is accepted', async () => {
      for (const webhook of ['http://example.com/hook', 'https://example.com/hook']) {
        const res = await api.http
          .post(`/v1/apps/${SOCIAL_POST}/runs`)
          .query({ webhook })
          .set('x-api-key', api.users.owner.key)
          .set('x-atelier-test', 'true')
          .send({ inputs: { topic: 'bottles' } });
        expect(res.status).toBe(200);
      }
    });

    test('an unknown output label gives unknown_output naming the app outputs', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: 'bottles' }, outputs: ['Caption', 'Video'] });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'outputs', code: 'unknown_output', message: expect.stringContaining('"Video"') },
      ]);
      expect(res.body.details[0].message).toContain('"Image", "Caption"');
    });

    test('output labels match case-insensitively', async () => {
      const res = await run(SOCIAL_POST, { inputs: { topic: 'bottles' }, outputs: ['caption'] });
      expect(res.status).toBe(200);
      expect(res.body.data.outputs.map((o: { label: string }) => o.label)).toEqual(['Caption']);
    });

    test.each([
      ['inputs is a string', { inputs: 'bottles' }],
      ['inputs is an array', { inputs: ['bottles'] }],
      ['inputOverrides is a number', { inputs: { topic: 'bottles' }, inputOverrides: 3 }],
      ['outputs is a string', { inputs: { topic: 'bottles' }, outputs: 'Caption' }],
      ['test is a string', { inputs: { topic: 'bottles' }, test: 'yes' }],
      ['the body is an array', [{ topic: 'bottles' }]],
    ])('a bad body shape (%s) gives 400 VALIDATION_ERROR', async (_name, body) => {
      const res = await run(SOCIAL_POST, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.length).toBeGreaterThan(0);
    });

    test('malformed JSON is a 400 invalid_json, not a 500 (co-body sets no `expose`)', async () => {
      const res = await api.http
        .post(`/v1/apps/${SOCIAL_POST}/runs`)
        .set('x-api-key', api.users.owner.key)
        .set('content-type', 'application/json')
        .send('{"inputs": ');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ param: null, code: 'invalid_json' }],
      });
    });

    test('an app id that is not a UUID gives 404', async () => {
      const res = await run('social-post', { inputs: { topic: 'bottles' } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });

    test('an unknown app gives 404', async () => {
      const res = await run(randomUUID(), { inputs: { topic: 'bottles' } });
      expect(res.status).toBe(404);
    });

    test("another workspace's private app gives 404 before its inputs are looked at", async () => {
      const hidden = productCardApp();
      const outsider = api.users.outsider;
      await insertTestApp(api, outsider, hidden);
      const res = await run(hidden.appId, { inputs: {} });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(res.body.details).toBeUndefined();
      const own = await run(
        hidden.appId,
        { inputs: { product_image: `${media.origin}/product.png` } },
        outsider.key,
      );
      expect(own.status).toBe(200);
    });

    test('a rejected request stores no run', async () => {
      const before = await api.database.db
        .selectFrom('runs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      await api.http
        .post(`/v1/apps/${SOCIAL_POST}/runs`)
        .set('x-api-key', api.users.owner.key)
        .send({ inputs: { style: 'Neon' } });
      const after = await api.database.db
        .selectFrom('runs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });
});
