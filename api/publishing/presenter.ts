import type { Selectable } from 'kysely';
import type { ChannelsTable, PublicationsTable } from '../../adapters/db/schema';
import type { Channel, Publication } from '../../core/responses/publishing';

export const presentChannel = (c: Selectable<ChannelsTable>): Channel => ({
  id: c.id,
  platform: c.platform,
  accountName: c.account_name,
  accountType: c.account_type,
  username: c.username,
  hasInstagram: c.instagram_id !== null,
  createdAt: new Date(c.created_at).toISOString(),
});

export const presentPublication = (r: Selectable<PublicationsTable>): Publication => ({
  id: r.id,
  accountId: r.account_id,
  platform: r.platform,
  status: r.status,
  postUrl: r.post_url,
  imageUrl: r.image_url,
  videoUrl: r.video_url,
  caption: r.caption,
  ...(r.status === 'failed' ? { error: { code: r.error_code, message: r.error_message } } : {}),
  createdAt: new Date(r.created_at).toISOString(),
});
