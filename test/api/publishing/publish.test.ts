import { upsertChannel } from '../../../adapters/db/channels';
import type { Platform } from '../../../adapters/channels/channel';
import { createTestStack, type TestStack } from '../../support/stack';
import { startFakeServer, type FakeServer, type RecordedRequest } from '../../support/fake-providers';
import { samplePng, startMediaServer, type MediaServer } from '../../support/media-server';

/** Facebook and Instagram share the Graph API host; LinkedIn and X have their own. */
function graphApi(req: RecordedRequest) {
  const path = req.path.split('?')[0];
  if (path === '/v21.0/page-1/photos') return { json: { id: 'photo-9', post_id: 'page-1_post-9' } };
  if (path === '/v21.0/page-1/feed') return { json: { id: 'page-1_post-10' } };
  if (path.startsWith('/v21.0/page-expired/'))
    return {
      status: 401,
      json: { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } },
    };
  if (path === '/v21.0/ig-1/media') return { json: { id: 'container-1' } };
  if (path === '/v21.0/container-1') return { json: { status_code: 'FINISHED', id: 'container-1' } };
  if (path === '/v21.0/ig-1/media_publish') return { json: { id: 'ig-media-1' } };
  if (path === '/v21.0/ig-media-1')
    return { json: { permalink: 'https://www.instagram.com/p/ABC123/', id: 'ig-media-1' } };
  return { status: 400, json: { error: { message: `unsupported ${path}` } } };
}

describe('publishing to connected channels', () => {
  let stack: TestStack;
  let graph: FakeServer;
  let linkedin: FakeServer;
  let x: FakeServer;
  let media: MediaServer;
  const ids: Record<string, string> = {};
  const key = () => stack.users.owner.key;

  beforeAll(async () => {
    graph = await startFakeServer(graphApi);
    linkedin = await startFakeServer((req, base) => {
      if (req.path === '/rest/images?action=initializeUpload')
        return { json: { value: { uploadUrl: `${base}/upload/img-1`, image: 'urn:li:image:img-1' } } };
      if (req.path === '/upload/img-1') return { status: 201, headers: { etag: 'etag-1' } };
      if (req.path === '/rest/posts') return { status: 201, headers: { 'x-restli-id': 'urn:li:share:7001' } };
      return { status: 404, json: { message: 'not found' } };
    });
    x = await startFakeServer((req) => {
      if (req.path === '/2/media/upload/initialize') return { json: { data: { id: 'media-77' } } };
      if (req.path === '/2/media/upload/media-77/append') return { json: {} };
      if (req.path === '/2/media/upload/media-77/finalize') return { json: { data: { id: 'media-77' } } };
      if (req.path === '/2/tweets')
        return { status: 201, json: { data: { id: '1790000000000000001', text: 'hi' } } };
      return { status: 404, json: { title: 'Not Found' } };
    });
    media = await startMediaServer({ '/post.png': { type: 'image/png', body: await samplePng() } });
    stack = await createTestStack({
      workers: false,
      config: {
        FACEBOOK_GRAPH_URL: `${graph.baseUrl}/v21.0`,
        LINKEDIN_API_URL: linkedin.baseUrl,
        X_API_URL: x.baseUrl,
      },
    });
    const connect = async (
      platform: Platform,
      externalId: string,
      extra: { instagramId?: string; username?: string; expiresAt?: Date } = {},
    ) =>
      upsertChannel(stack.services.database.db, {
        workspaceId: stack.users.owner.workspaceId,
        platform,
        externalId,
        accountName: `${platform} account`,
        accountType: platform === 'linkedin' ? 'organization' : 'page',
        username: extra.username ?? null,
        instagramId: extra.instagramId ?? null,
        sealedToken: stack.deps.publishing.cipher.seal(`token-${externalId}`),
        expiresAt: extra.expiresAt ?? null,
      });
    ids.facebook = await connect('facebook', 'page-1');
    ids.instagram = await connect('instagram', 'ig-1', { instagramId: 'ig-1' });
    ids.linkedin = await connect('linkedin', 'urn:li:organization:42');
    ids.x = await connect('x', 'x-user-1', { username: 'atelier_demo' });
    ids.broken = await connect('facebook', 'page-expired');
    ids.expired = await connect('facebook', 'page-old', { expiresAt: new Date(Date.now() - 1000) });
  });
  afterAll(async () => {
    await stack.close();
    await Promise.all([graph.close(), linkedin.close(), x.close(), media.close()]);
  });

  test('lists only valid connections, never their tokens', async () => {
    const res = await stack.http.get('/v1/publishing/channels').set('x-api-key', key());
    expect(res.body.data.map((c: { id: string }) => c.id).sort()).toEqual(
      [ids.facebook, ids.instagram, ids.linkedin, ids.x, ids.broken].sort(),
    );
    expect(res.body.data.find((c: { id: string }) => c.id === ids.instagram)).toMatchObject({
      platform: 'instagram',
      hasInstagram: true,
      accountType: 'page',
    });
    expect(JSON.stringify(res.body)).not.toContain('token-');
    const other = await stack.http.get('/v1/publishing/channels').set('x-api-key', stack.users.outsider.key);
    expect(other.body.data).toEqual([]);
  });

  test('publishes an image with a caption to four networks, each through its own protocol', async () => {
    const imageUrl = media.url('/post.png');
    const res = await stack.http
      .post('/v1/publishing/publish')
      .set('x-api-key', key())
      .send({
        accountIds: [ids.facebook, ids.instagram, ids.linkedin, ids.x],
        imageUrl,
        caption: 'Fresh mugs are in #spring',
      });
    expect(res.status).toBe(200);
    expect(res.body.data.results).toEqual([
      expect.objectContaining({
        accountId: ids.facebook,
        status: 'published',
        postUrl: 'https://www.facebook.com/page-1_post-9',
      }),
      expect.objectContaining({
        accountId: ids.instagram,
        status: 'published',
        postUrl: 'https://www.instagram.com/p/ABC123/',
      }),
      expect.objectContaining({
        accountId: ids.linkedin,
        status: 'published',
        postUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7001/',
      }),
      expect.objectContaining({
        accountId: ids.x,
        status: 'published',
        postUrl: 'https://x.com/atelier_demo/status/1790000000000000001',
      }),
    ]);
    const fbPhoto = graph.requests.find((r) => r.path === '/v21.0/page-1/photos')!;
    expect(fbPhoto.body).toEqual({
      access_token: 'token-page-1',
      url: imageUrl,
      caption: 'Fresh mugs are in #spring',
    });
    expect(graph.requests.find((r) => r.path === '/v21.0/ig-1/media')!.body).toMatchObject({
      image_url: imageUrl,
      caption: 'Fresh mugs are in #spring',
    });
    expect(graph.requests.find((r) => r.path === '/v21.0/ig-1/media_publish')!.body).toMatchObject({
      creation_id: 'container-1',
    });
    const tweet = x.requests.find((r) => r.path === '/2/tweets')!;
    expect(tweet.headers.authorization).toBe('Bearer token-x-user-1');
    expect(tweet.body).toEqual({ text: 'Fresh mugs are in #spring', media: { media_ids: ['media-77'] } });
    expect(
      linkedin.requests
        .find((r) => r.path === '/upload/img-1')!
        .raw.subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const post = linkedin.requests.find((r) => r.path === '/rest/posts')!;
    expect(post.headers['linkedin-version']).toBe('202406');
    expect(post.body).toMatchObject({
      author: 'urn:li:organization:42',
      commentary: 'Fresh mugs are in #spring',
      content: { media: { id: 'urn:li:image:img-1' } },
      lifecycleState: 'PUBLISHED',
    });
  });

  test('one failing channel does not stop the others, and the failure says why', async () => {
    const res = await stack.http
      .post('/v1/publishing/publish')
      .set('x-api-key', key())
      .send({ accountIds: [ids.broken, ids.facebook, 'nope', ids.expired], caption: 'Text only' });
    const [broken, ok, unknown, expired] = res.body.data.results;
    expect(broken).toMatchObject({
      status: 'failed',
      error: { code: 'CHANNEL_AUTH_FAILED', message: 'Error validating access token' },
    });
    expect(ok).toMatchObject({ status: 'published', postUrl: 'https://www.facebook.com/page-1_post-10' });
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 'CHANNEL_NOT_FOUND' } });
    expect(expired).toMatchObject({ status: 'failed', error: { code: 'CHANNEL_NOT_FOUND' } });
  });

  test('instagram refuses a caption without media', async () => {
    const res = await stack.http
      .post('/v1/publishing/publish')
      .set('x-api-key', key())
      .send({ accountIds: [ids.instagram], caption: 'words' });
    expect(res.body.data.results[0]).toMatchObject({
      status: 'failed',
      error: { code: 'UNSUPPORTED_CONTENT' },
    });
  });

  test('a publish without image, video or caption is a 400', async () => {
    const res = await stack.http
      .post('/v1/publishing/publish')
      .set('x-api-key', key())
      .send({ accountIds: [ids.facebook] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ code: 'missing_content' }] });
    expect(
      (
        await stack.http
          .post('/v1/publishing/publish')
          .set('x-api-key', key())
          .send({ accountIds: [], caption: 'x' })
      ).status,
    ).toBe(400);
  });

  test('the history lists every attempt, newest first, paginated', async () => {
    const res = await stack.http.get('/v1/publishing/history?limit=3').set('x-api-key', key());
    expect(res.body.pagination).toEqual({ total: 9, limit: 3, offset: 0 });
    expect(res.body.data[0]).toMatchObject({
      accountId: ids.instagram,
      status: 'failed',
      error: { code: 'UNSUPPORTED_CONTENT' },
    });
    const times = res.body.data.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
