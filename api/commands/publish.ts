import type { Caller } from '../../core/app/app-access';
import { invalidField } from '../../core/errors';
import { isUuid } from '../../core/ids';
import { isHttpUrl } from '../../core/run/validate-inputs';
import { listValidChannels, recordPublication } from '../../adapters/db/channels';
import { PublishError, type Platform, type PostContent } from '../../adapters/channels/channel';
import type { ApiDeps } from '../deps';

export interface PublishResult {
  accountId: string;
  status: 'published' | 'failed';
  postUrl: string | null;
  postId?: string;
  platform?: string;
  error?: { code: string; message: string };
}

/** A post says something (media or a caption) and its media are public http(s) URLs: else VALIDATION_ERROR. */
export function checkPostContent(content: PostContent): void {
  if (!content.imageUrl && !content.videoUrl && !content.caption?.trim())
    throw invalidField(null, 'missing_content', 'Give at least one of imageUrl, videoUrl, caption');
  for (const field of ['imageUrl', 'videoUrl'] as const)
    if (content[field] && !isHttpUrl(content[field]!))
      throw invalidField(field, 'invalid_media', `${field} must be a public http(s) URL`);
}

/**
 * Publishes to each requested channel at once; one channel's failure never stops another. Every attempt
 * is recorded for the publish history. Unknown or expired channels fail with CHANNEL_NOT_FOUND.
 */
export async function publish(
  deps: ApiDeps,
  caller: Caller,
  accountIds: string[],
  content: PostContent,
): Promise<PublishResult[]> {
  const channels = await listValidChannels(deps.db, caller.workspaceId);
  return Promise.all(
    [...new Set(accountIds)].map(async (accountId): Promise<PublishResult> => {
      const channel = isUuid(accountId) ? channels.find((c) => c.id === accountId) : undefined;
      let result: PublishResult;
      if (!channel)
        result = failed(accountId, 'CHANNEL_NOT_FOUND', 'No connected, unexpired channel with this id');
      else {
        try {
          const post = await deps.publishing.adapters[channel.platform as Platform].publish(
            {
              id: channel.id,
              platform: channel.platform as Platform,
              externalId: channel.external_id,
              username: channel.username,
              instagramId: channel.instagram_id,
              accessToken: deps.publishing.cipher.open(channel.access_token_enc),
            },
            content,
          );
          result = {
            accountId,
            status: 'published',
            postUrl: post.postUrl,
            postId: post.postId,
            platform: channel.platform,
          };
        } catch (err) {
          if (!(err instanceof PublishError))
            deps.logger.error({ err, accountId }, 'publish failed unexpectedly');
          const e =
            err instanceof PublishError
              ? err
              : new PublishError('INTERNAL_ERROR', 'Publishing failed unexpectedly', true);
          result = { ...failed(accountId, e.code, e.message), platform: channel.platform };
        }
      }
      await recordPublication(deps.db, {
        workspaceId: caller.workspaceId,
        channelId: channel?.id ?? null,
        accountId,
        platform: channel?.platform ?? null,
        status: result.status,
        postId: result.postId ?? null,
        postUrl: result.postUrl,
        imageUrl: content.imageUrl ?? null,
        videoUrl: content.videoUrl ?? null,
        caption: content.caption ?? null,
        errorCode: result.error?.code ?? null,
        errorMessage: result.error?.message ?? null,
      });
      return result;
    }),
  );
}

const failed = (accountId: string, code: string, message: string): PublishResult => ({
  accountId,
  status: 'failed',
  postUrl: null,
  error: { code, message },
});
