import { networkJson, PublishError, type ChannelAdapter } from './channel';
import type { MediaFetcher } from './media-fetcher';

const HEADERS = {
  'LinkedIn-Version': '202406',
  'X-Restli-Protocol-Version': '2.0.0',
  'content-type': 'application/json',
};

/**
 * LinkedIn through the versioned Posts API. Media are uploaded first: initialise the upload (images and
 * videos), PUT the bytes (videos part by part, keeping each part's ETag), finalise videos, then create
 * the post with the media URN. The channel's external id is the author URN (person or organization).
 */
export function linkedinAdapter(apiUrl: string, fetchMedia: MediaFetcher): ChannelAdapter {
  const base = apiUrl.replace(/\/$/, '');
  return {
    async publish(channel, content) {
      const headers = { ...HEADERS, authorization: `Bearer ${channel.accessToken}` };
      let mediaUrn: string | undefined;
      if (content.videoUrl)
        mediaUrn = await uploadVideo(
          base,
          headers,
          channel.externalId,
          await fetchMedia(content.videoUrl, 'video'),
        );
      else if (content.imageUrl)
        mediaUrn = await uploadImage(
          base,
          headers,
          channel.externalId,
          await fetchMedia(content.imageUrl, 'image'),
        );
      const res = await fetch(`${base}/rest/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          author: channel.externalId,
          commentary: content.caption ?? '',
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(mediaUrn ? { content: { media: { id: mediaUrn } } } : {}),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        }),
        signal: AbortSignal.timeout(60_000),
      }).catch((err: Error) => {
        throw new PublishError('NETWORK_UNREACHABLE', err.message, true);
      });
      if (!res.ok)
        throw new PublishError(
          res.status === 401 || res.status === 403 ? 'CHANNEL_AUTH_FAILED' : 'POST_REJECTED',
          `LinkedIn answered HTTP ${res.status}`,
          res.status >= 500,
        );
      const postUrn = res.headers.get('x-restli-id');
      if (!postUrn) throw new PublishError('POST_REJECTED', 'LinkedIn returned no post id');
      return { postId: postUrn, postUrl: `https://www.linkedin.com/feed/update/${postUrn}/` };
    },
  };
}

async function uploadImage(
  base: string,
  headers: Record<string, string>,
  owner: string,
  bytes: Buffer,
): Promise<string> {
  const init = await networkJson<{ value: { uploadUrl: string; image: string } }>(
    `${base}/rest/images?action=initializeUpload`,
    {
      method: 'POST',
      headers,
      body: JSON.stringify({ initializeUploadRequest: { owner } }),
    },
  );
  await put(init.value.uploadUrl, headers.authorization, bytes);
  return init.value.image;
}

async function uploadVideo(
  base: string,
  headers: Record<string, string>,
  owner: string,
  bytes: Buffer,
): Promise<string> {
  const init = await networkJson<{
    value: {
      video: string;
      uploadToken: string;
      uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
    };
  }>(`${base}/rest/videos?action=initializeUpload`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      initializeUploadRequest: {
        owner,
        fileSizeBytes: bytes.length,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    }),
  });
  const etags: string[] = [];
  for (const part of init.value.uploadInstructions)
    etags.push(
      await put(part.uploadUrl, headers.authorization, bytes.subarray(part.firstByte, part.lastByte + 1)),
    );
  await networkJson(`${base}/rest/videos?action=finalizeUpload`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      finalizeUploadRequest: {
        video: init.value.video,
        uploadToken: init.value.uploadToken,
        uploadedPartIds: etags,
      },
    }),
  });
  return init.value.video;
}

async function put(url: string, authorization: string, bytes: Buffer): Promise<string> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/octet-stream' },
    body: bytes,
    signal: AbortSignal.timeout(300_000),
  }).catch((err: Error) => {
    throw new PublishError('NETWORK_UNREACHABLE', err.message, true);
  });
  if (!res.ok)
    throw new PublishError(
      'MEDIA_REJECTED',
      `LinkedIn refused the upload (HTTP ${res.status})`,
      res.status >= 500,
    );
  return res.headers.get('etag') ?? '';
}
