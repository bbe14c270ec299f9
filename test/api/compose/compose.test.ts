import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestStack, type TestStack } from '../../support/stack';
import { samplePng, startMediaServer, type MediaServer } from '../../support/media-server';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string };
}

describe('composed videos', () => {
  let stack: TestStack;
  let media: MediaServer;
  let dir: string;
  const key = () => stack.users.owner.key;
  const compose = (body: object) => stack.http.post('/v1/compose/video').set('x-api-key', key()).send(body);
  const wait = async (runId: string) =>
    (await stack.http.get(`/v1/runs/${runId}/wait?timeout=120`).set('x-api-key', key())).body.data;
  const probe = async (url: string): Promise<Probe> => {
    const file = join(dir, `${Date.now()}.mp4`);
    await writeFile(file, Buffer.from((await stack.http.get(new URL(url).pathname).buffer(true)).body));
    return JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_streams',
        '-show_format',
        file,
      ]).toString(),
    );
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compose-test-'));
    media = await startMediaServer({
      '/presenter.png': { type: 'image/png', body: await samplePng(400, 600) },
      '/page.html': { type: 'text/html', body: '<p>' },
    });
    stack = await createTestStack();
  });
  afterAll(async () => {
    await stack.close();
    await media.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('lists the formats with their inputs, prices and the fixed capabilities', async () => {
    const res = await stack.http.get('/v1/compose/formats').set('x-api-key', key());
    expect(res.body.data.capabilities).toEqual({
      maxScriptDurationSec: 90,
      aspectRatios: ['16:9', '9:16', '1:1', '4:5', '4:3'],
      defaultAspectRatio: '16:9',
      clipSeconds: { min: 3, max: 10, default: 5 },
    });
    const presenter = res.body.data.formats.find((f: { id: string }) => f.id === 'presenter-explainer');
    expect(presenter).toEqual({
      id: 'presenter-explainer',
      label: 'Presenter explainer',
      description: expect.any(String),
      available: true,
      costTier: 'medium',
      estimatedCredits: expect.any(Number),
      trending: true,
      tags: expect.any(Array),
      inputs: [{ name: 'presenter', type: 'image', description: expect.any(String), required: true }],
      previewUrl: null,
      thumbnailUrl: null,
    });
    expect(res.body.data.formats.some((f: { available: boolean }) => !f.available)).toBe(true);
  });

  test('refuses unknown and unavailable formats, a missing or double source, long scripts and bad inputs', async () => {
    const cases: [object, string][] = [
      [{ formatId: 'nope', script: 'Hi.' }, 'unknown_format'],
      [{ formatId: 'lip-sync-avatar', script: 'Hi.' }, 'format_unavailable'],
      [{ formatId: 'kinetic-captions' }, 'script_or_run'],
      [{ formatId: 'kinetic-captions', script: 'Hi.', runId: SOCIAL_POST }, 'script_or_run'],
      [{ formatId: 'kinetic-captions', script: 'word '.repeat(300) }, 'script_too_long'],
      [{ formatId: 'presenter-explainer', script: 'Hi there.' }, 'missing_no_default'],
      [
        {
          formatId: 'presenter-explainer',
          script: 'Hi there.',
          inputs: { presenter: media.url('/page.html') },
        },
        'invalid_media',
      ],
      [{ formatId: 'kinetic-captions', script: 'Hi.', inputs: { logo: 'x' } }, 'unknown_parameter'],
    ];
    for (const [body, code] of cases) {
      const res = await compose(body);
      expect({ status: res.status, code: res.body.code, detail: res.body.details?.[0]?.code }).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        detail: code,
      });
    }
    expect((await compose({ formatId: 'kinetic-captions', script: 'Hi.', aspectRatio: '3:4' })).status).toBe(
      400,
    );
    expect((await compose({ formatId: 'kinetic-captions', script: 'Hi.', clipSeconds: 11 })).status).toBe(
      400,
    );
    expect(
      (await compose({ formatId: 'kinetic-captions', script: 'Hi.', webhookUrl: 'http://insecure.example' }))
        .body.code,
    ).toBe('WEBHOOK_INVALID_URL');
  });

  test('a script becomes a narrated, captioned video with one scene per few seconds', async () => {
    const res = await compose({
      formatId: 'presenter-explainer',
      script: 'Meet our new studio. We print on recycled paper. Order today.',
      aspectRatio: '9:16',
      clipSeconds: 3,
      inputs: { presenter: media.url('/presenter.png') },
    });
    expect(res.status).toBe(202);
    const run = await wait(res.body.data.runId);
    expect(run).toMatchObject({
      status: 'completed',
      outputs: [{ label: 'Video', type: 'video', status: 'completed', mimeType: 'video/mp4' }],
    });
    const info = await probe(run.outputs[0].value);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    expect(video).toMatchObject({ codec_name: 'h264', width: 720, height: 1280 });
    expect(info.streams.some((s) => s.codec_type === 'audio' && s.codec_name === 'aac')).toBe(true);
    const runs = await stack.http.get('/v1/runs?source=compose').set('x-api-key', key());
    expect(runs.body.data[0]).toMatchObject({ runId: run.runId, source: 'compose' });
  });

  test('an earlier run supplies the script and the images, which are reused rather than made again', async () => {
    const source = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'our autumn ceramics drop', aspect_ratio: '1:1' } });
    await wait(source.body.data.runId);
    const res = await compose({
      formatId: 'photo-slideshow',
      runId: source.body.data.runId,
      aspectRatio: '1:1',
      clipSeconds: 3,
    });
    expect(res.status).toBe(202);
    const run = await wait(res.body.data.runId);
    expect(run.status).toBe('completed');
    const nodes = await stack.services.database.db
      .selectFrom('run_nodes')
      .select('node_id')
      .where('run_id', '=', run.runId)
      .execute();
    expect(nodes.map((n) => n.node_id)).not.toContain('source_1');
    expect(nodes.map((n) => n.node_id)).toContain('scene_1');
    // Two runs, the second rendering a video: on a loaded 2-core machine more than the default minute.
  }, 180_000);

  test("another workspace's run cannot be composed", async () => {
    const source = await stack.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', stack.users.outsider.key)
      .send({ inputs: { topic: 'tea' } });
    await stack.http
      .get(`/v1/runs/${source.body.data.runId}/wait`)
      .set('x-api-key', stack.users.outsider.key);
    const res = await compose({ formatId: 'kinetic-captions', runId: source.body.data.runId });
    expect(res.body.details[0]).toMatchObject({ param: 'runId', code: 'run_not_found' });
  });
});
