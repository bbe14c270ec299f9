import { createHash } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { testApp, textParameter } from '../../support/app-definitions';
import { insertTestApp, startAppRun, waitForEnd, type RunBody } from '../../support/runs';
import { publicBucket, startS3Server, TEST_S3_CREDENTIALS, type S3Server } from '../../support/s3-server';
import { createTestStack, type TestStack } from '../../support/stack';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const BUCKET = 'atelier-media';

/**
 *   image (image.generate) --> edit (image.edit) --> out_edit
 *                                   |
 *                                   +--> clip (video.generate) --> final (video.compose) --> out_video
 *
 * edit and clip read their parent's image from the bucket; final downloads its parent's clip to a file.
 */
const S3_CHAIN_APP = testApp({
  name: 'S3 chain',
  description: 'Media that travel between nodes through the bucket.',
  summary: 'An image, an edit of it, a clip of the edit and a composed video.',
  formats: ['image', 'video'],
  parameters: [textParameter('topic', { role: 'topic' })],
  nodes: [
    {
      id: 'image',
      type: 'image.generate',
      label: 'Image',
      config: { prompt: 'Gradient poster about {{topic}}', longEdge: 256 },
    },
    {
      id: 'edit',
      type: 'image.edit',
      label: 'Edit',
      config: { aspectRatio: '4:5', longEdge: 256, text: '{{topic}}' },
    },
    { id: 'clip', type: 'video.generate', label: 'Clip', config: { seconds: 1, longEdge: 256 } },
    {
      id: 'final',
      type: 'video.compose',
      label: 'Final',
      config: { longEdge: 256, captions: false, transition: 'none' },
    },
    { id: 'out_edit', type: 'output', label: 'Edited image', config: { label: 'Edited image' } },
    { id: 'out_video', type: 'output', label: 'Video', config: { label: 'Video' } },
  ],
  edges: [
    { source: 'image', target: 'edit' },
    { source: 'edit', target: 'out_edit' },
    { source: 'edit', target: 'clip' },
    { source: 'clip', target: 'final' },
    { source: 'final', target: 'out_video' },
  ],
});

type OutputView = RunBody['outputs'][number] & { value: string | null; mimeType: string };

describe('runs with STORAGE_DRIVER=s3', () => {
  let s3: S3Server;
  let client: S3Client;
  let stack: TestStack;

  beforeAll(async () => {
    s3 = await startS3Server();
    // The bucket is the CDN: its objects are anonymously readable.
    client = await publicBucket(s3, BUCKET);
    stack = await createTestStack({
      config: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    await insertTestApp(stack, stack.users.owner, S3_CHAIN_APP);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    client?.destroy();
    await s3?.stop();
  });

  async function runToEnd(appId: string, inputs: Record<string, unknown>) {
    const user = stack.users.owner;
    const run = await waitForEnd(stack, user, await startAppRun(stack, user, appId, inputs), 90);
    return run as Omit<RunBody, 'outputs'> & { outputs: OutputView[] };
  }

  const assetOf = (runId: string, nodeId: string) =>
    stack.services.database.db
      .selectFrom('assets')
      .selectAll()
      .where('run_id', '=', runId)
      .where('node_id', '=', nodeId)
      .executeTakeFirstOrThrow();

  test('the social post image is an object in the bucket, served at its path-style URL', async () => {
    const run = await runToEnd(SOCIAL_POST, { topic: 'launch of a reusable water bottle' });
    expect(run).toMatchObject({ status: 'completed', errorMessage: null });
    const image = run.outputs.find((o) => o.type === 'image')!;
    expect(image).toMatchObject({ status: 'completed', mimeType: 'image/png' });

    const asset = await assetOf(run.runId, 'image');
    expect(asset.storage_key).toBe(`runs/${run.runId}/image/r1-v1.png`);
    expect(image.value).toBe(`${s3.endpoint}/${BUCKET}/${asset.storage_key}`);
    expect(asset.cdn_url).toBe(image.value);

    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: asset.storage_key! }));
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(Number(asset.bytes));
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: asset.storage_key! }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());

    const served = await fetch(image.value!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals(stored)).toBe(true);
    expect(createHash('sha256').update(body).digest('hex')).toBe(asset.sha256);
    expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  test('transfer-asset of an output in the bucket copies it inside the bucket (issue 12 item 12)', async () => {
    const run = await runToEnd(SOCIAL_POST, { topic: 'a bicycle bell' });
    const source = await assetOf(run.runId, 'image');

    const res = await stack.http
      .post('/v1/publishing/transfer-asset')
      .set('x-api-key', stack.users.owner.key)
      .send({ sourceUrl: source.cdn_url, mediaType: 'image', filename: 'bell.png' });

    expect(res.status).toBe(200);
    const key = res.body.data.url.slice(`${s3.endpoint}/${BUCKET}/`.length);
    expect(key).toMatch(/^transfers\/[0-9a-f-]+\/[0-9a-f-]+\/bell\.png$/);
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    expect([head.ContentType, head.ContentLength]).toEqual(['image/png', Number(source.bytes)]);
    const copy = await stack.services.database.db
      .selectFrom('assets')
      .selectAll()
      .where('storage_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ source_url: source.cdn_url, sha256: source.sha256, run_id: null });
  });

  test('/cdn is not mounted: the bucket serves the media', async () => {
    const run = await runToEnd(SOCIAL_POST, { topic: 'a quiet morning' });
    const asset = await assetOf(run.runId, 'image');
    const cdn = await stack.http.get(`/cdn/${asset.storage_key}`);
    expect(cdn.status).toBe(404);
    expect(cdn.headers['content-type']).not.toBe('image/png');
  });

  test('nodes read their parents media from the bucket: an edit of an image, a clip of the edit, a video of the clip', async () => {
    const run = await runToEnd(S3_CHAIN_APP.appId, { topic: 'Spring sale' });
    expect(run).toMatchObject({ status: 'completed', errorMessage: null });
    expect(run.outputs.map((o) => [o.id, o.status, o.mimeType])).toEqual([
      ['out_edit', 'completed', 'image/png'],
      ['out_video', 'completed', 'video/mp4'],
    ]);
    for (const [nodeId, mimeType] of [
      ['image', 'image/png'],
      ['edit', 'image/png'],
      ['clip', 'video/mp4'],
      ['final', 'video/mp4'],
    ]) {
      const asset = await assetOf(run.runId, nodeId);
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: asset.storage_key! }));
      expect([nodeId, head.ContentType, head.ContentLength]).toEqual([nodeId, mimeType, Number(asset.bytes)]);
    }
    const edit = await assetOf(run.runId, 'edit');
    expect(edit.metadata as object).toMatchObject({ dimensions: { width: 204, height: 256 } });
    const video = await fetch(run.outputs[1].value!);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBe(Number((await assetOf(run.runId, 'final')).bytes));
  });
});
