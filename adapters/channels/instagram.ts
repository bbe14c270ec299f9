import { networkJson, PublishError, type ChannelAdapter } from './channel';

const POLL_MS = 2000;
const MAX_POLLS = 90;

/**
 * Instagram professional accounts through the Graph API's container flow:
 * 1. create a media container from the public image or video URL (videos are published as reels);
 * 2. wait until the container's `status_code` is FINISHED;
 * 3. publish it with `media_publish`, then read the post's permalink.
 * Instagram has no text-only posts.
 */
export function instagramAdapter(graphUrl: string, options: { pollMs?: number } = {}): ChannelAdapter {
  const base = graphUrl.replace(/\/$/, '');
  return {
    async publish(channel, content) {
      const igUser = channel.instagramId ?? channel.externalId;
      if (!content.imageUrl && !content.videoUrl)
        throw new PublishError('UNSUPPORTED_CONTENT', 'Instagram needs an image or a video');
      const token = channel.accessToken;
      const container = new URLSearchParams({ access_token: token, caption: content.caption ?? '' });
      if (content.videoUrl) {
        container.set('media_type', 'REELS');
        container.set('video_url', content.videoUrl);
      } else container.set('image_url', content.imageUrl!);
      const { id: creationId } = await networkJson<{ id: string }>(`${base}/${igUser}/media`, {
        method: 'POST',
        body: container,
      });
      await waitUntilFinished(base, creationId, token, options.pollMs ?? POLL_MS);
      const { id: mediaId } = await networkJson<{ id: string }>(`${base}/${igUser}/media_publish`, {
        method: 'POST',
        body: new URLSearchParams({ access_token: token, creation_id: creationId }),
      });
      const { permalink } = await networkJson<{ permalink?: string }>(
        `${base}/${mediaId}?fields=permalink&access_token=${encodeURIComponent(token)}`,
        { method: 'GET' },
      );
      return { postId: mediaId, postUrl: permalink ?? `https://www.instagram.com/p/${mediaId}/` };
    },
  };
}

async function waitUntilFinished(
  base: string,
  containerId: string,
  token: string,
  pollMs: number,
): Promise<void> {
  for (let i = 0; i < MAX_POLLS; i++) {
    const { status_code: status } = await networkJson<{ status_code?: string }>(
      `${base}/${containerId}?fields=status_code&access_token=${encodeURIComponent(token)}`,
      { method: 'GET' },
    );
    if (status === 'FINISHED' || status === 'PUBLISHED') return;
    if (status === 'ERROR' || status === 'EXPIRED')
      throw new PublishError('MEDIA_REJECTED', `Instagram could not process the media (${status})`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new PublishError('MEDIA_TIMEOUT', 'Instagram did not finish processing the media in time', true);
}
