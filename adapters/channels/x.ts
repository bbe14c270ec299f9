import { networkJson, PublishError, type ChannelAdapter } from './channel';
import type { MediaFetcher } from './media-fetcher';

const CHUNK_BYTES = 4 * 1024 * 1024;
const POLL_MS = 2000;

/**
 * X through API v2 with the account's OAuth 2.0 user token: media are uploaded first (initialize,
 * append in chunks, finalize, wait while X processes video), then the post is created with the media id.
 */
export function xAdapter(
  apiUrl: string,
  fetchMedia: MediaFetcher,
  options: { pollMs?: number } = {},
): ChannelAdapter {
  const base = apiUrl.replace(/\/$/, '');
  return {
    async publish(channel, content) {
      const auth = { authorization: `Bearer ${channel.accessToken}` };
      let mediaId: string | undefined;
      if (content.videoUrl)
        mediaId = await upload(
          base,
          auth,
          await fetchMedia(content.videoUrl, 'video'),
          'video/mp4',
          'tweet_video',
          options.pollMs ?? POLL_MS,
        );
      else if (content.imageUrl)
        mediaId = await upload(
          base,
          auth,
          await fetchMedia(content.imageUrl, 'image'),
          'image/png',
          'tweet_image',
          options.pollMs ?? POLL_MS,
        );
      const post = await networkJson<{ data?: { id: string } }>(`${base}/2/tweets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          text: content.caption ?? '',
          ...(mediaId ? { media: { media_ids: [mediaId] } } : {}),
        }),
      });
      if (!post.data?.id) throw new PublishError('POST_REJECTED', 'X returned no post id');
      return {
        postId: post.data.id,
        postUrl: `https://x.com/${channel.username ?? 'i'}/status/${post.data.id}`,
      };
    },
  };
}

async function upload(
  base: string,
  auth: Record<string, string>,
  bytes: Buffer,
  mediaType: string,
  category: string,
  pollMs: number,
): Promise<string> {
  const json = { ...auth, 'content-type': 'application/json' };
  const init = await networkJson<{ data: { id: string } }>(`${base}/2/media/upload/initialize`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ media_type: mediaType, total_bytes: bytes.length, media_category: category }),
  });
  const id = init.data.id;
  for (let offset = 0, segment = 0; offset < bytes.length; offset += CHUNK_BYTES, segment++) {
    const form = new FormData();
    form.set('segment_index', String(segment));
    form.set('media', new Blob([bytes.subarray(offset, offset + CHUNK_BYTES)]));
    await networkJson(`${base}/2/media/upload/${id}/append`, { method: 'POST', headers: auth, body: form });
  }
  let state = (
    await networkJson<{ data: { processing_info?: { state: string } } }>(
      `${base}/2/media/upload/${id}/finalize`,
      { method: 'POST', headers: auth },
    )
  ).data.processing_info;
  for (let polls = 0; state && state.state !== 'succeeded'; polls++) {
    if (state.state === 'failed') throw new PublishError('MEDIA_REJECTED', 'X could not process the media');
    if (polls > 90)
      throw new PublishError('MEDIA_TIMEOUT', 'X did not finish processing the media in time', true);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    state = (
      await networkJson<{ data: { processing_info?: { state: string } } }>(
        `${base}/2/media/upload?command=STATUS&media_id=${id}`,
        { method: 'GET', headers: auth },
      )
    ).data.processing_info;
  }
  return id;
}
