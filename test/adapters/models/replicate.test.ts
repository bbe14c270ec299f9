import sharp from 'sharp';
import { replicateImage } from '../../../adapters/models/replicate';
import { startFakeServer, type FakeServer } from '../../support/fake-providers';

describe('Replicate image provider against a protocol-faithful fake', () => {
  let server: FakeServer;
  let png: Buffer;
  let polls = 0;
  let failPrediction = false;

  beforeAll(async () => {
    png = await sharp({ create: { width: 1024, height: 576, channels: 3, background: '#264653' } })
      .png()
      .toBuffer();
    server = await startFakeServer((req, base) => {
      if (req.method === 'POST' && req.path === '/v1/models/acme/painter/predictions')
        return {
          status: 201,
          json: { id: 'p1', status: 'starting', output: null, urls: { get: `${base}/v1/predictions/p1` } },
        };
      if (req.method === 'GET' && req.path === '/v1/predictions/p1') {
        polls += 1;
        if (failPrediction) return { json: { id: 'p1', status: 'failed', error: 'NSFW content detected' } };
        return polls < 2
          ? { json: { id: 'p1', status: 'processing' } }
          : { json: { id: 'p1', status: 'succeeded', output: [`${base}/files/out.png`] } };
      }
      if (req.path === '/files/out.png') return { body: png, type: 'image/png' };
      return { status: 404, json: { detail: 'not found' } };
    });
  });
  afterAll(() => server.close());

  const model = () =>
    replicateImage({
      baseUrl: `${server.baseUrl}/v1`,
      apiToken: 'r8_test',
      model: 'acme/painter',
      pollIntervalMs: 10,
    });

  test('creates a prediction, polls until it succeeds, and fetches the output at the requested size', async () => {
    const image = await model().generate({
      prompt: 'a harbour at dawn',
      width: 1920,
      height: 1080,
      variation: 1,
    });
    expect(await sharp(image).metadata()).toMatchObject({ width: 1920, height: 1080 });
    const create = server.requests.find((r) => r.method === 'POST')!;
    expect(create.headers.authorization).toBe('Bearer r8_test');
    expect(create.headers.prefer).toBe('wait=30');
    expect(create.body).toEqual({
      input: { prompt: 'a harbour at dawn', aspect_ratio: '16:9', output_format: 'png', seed: 1 },
    });
    expect(polls).toBe(2);
  });

  test('a failed prediction is not retried (ProviderRejected)', async () => {
    failPrediction = true;
    polls = 0;
    await expect(
      model().generate({ prompt: 'x', width: 512, height: 512, variation: 1 }),
    ).rejects.toMatchObject({ name: 'ProviderRejected', message: expect.stringContaining('NSFW') });
  });
});
