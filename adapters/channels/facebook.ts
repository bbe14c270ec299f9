import { networkJson, PublishError, type ChannelAdapter } from './channel';

/**
 * Facebook Pages through the Graph API: a photo by URL (`/{page-id}/photos`), a video by URL
 * (`/{page-id}/videos`), or a text post (`/{page-id}/feed`), with the Page access token.
 */
export function facebookAdapter(graphUrl: string): ChannelAdapter {
  const base = graphUrl.replace(/\/$/, '');
  return {
    async publish(channel, content) {
      const form = new URLSearchParams({ access_token: channel.accessToken });
      let path: string;
      if (content.videoUrl) {
        path = 'videos';
        form.set('file_url', content.videoUrl);
        if (content.caption) form.set('description', content.caption);
      } else if (content.imageUrl) {
        path = 'photos';
        form.set('url', content.imageUrl);
        if (content.caption) form.set('caption', content.caption);
      } else {
        path = 'feed';
        form.set('message', content.caption ?? '');
      }
      const result = await networkJson<{ id?: string; post_id?: string }>(
        `${base}/${channel.externalId}/${path}`,
        { method: 'POST', body: form },
      );
      const postId = result.post_id ?? result.id;
      if (!postId) throw new PublishError('POST_REJECTED', 'Facebook returned no post id');
      return { postId, postUrl: `https://www.facebook.com/${postId}` };
    },
  };
}
