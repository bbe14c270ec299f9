import type { Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Platform } from '../channels/channel';
import type { Database } from './schema';

export interface NewChannel {
  workspaceId: string;
  platform: Platform;
  externalId: string;
  accountName: string | null;
  accountType: string;
  username: string | null;
  instagramId: string | null;
  sealedToken: string;
  expiresAt: Date | null;
}

/** Connects an account, or refreshes its token when it is connected already. */
export async function upsertChannel(db: Kysely<Database>, channel: NewChannel): Promise<string> {
  const values = {
    account_name: channel.accountName,
    account_type: channel.accountType,
    username: channel.username,
    instagram_id: channel.instagramId,
    access_token_enc: channel.sealedToken,
    expires_at: channel.expiresAt,
  };
  const row = await db
    .insertInto('channels')
    .values({
      id: newId(),
      workspace_id: channel.workspaceId,
      platform: channel.platform,
      external_id: channel.externalId,
      ...values,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'platform', 'external_id']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Connected, non-expired channels of a workspace. */
export async function listValidChannels(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('channels')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('created_at')
    .execute();
}

export async function removeChannel(
  db: Kysely<Database>,
  workspaceId: string,
  channelId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('channels')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', channelId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface PublicationRecord {
  workspaceId: string;
  channelId: string | null;
  accountId: string;
  platform: string | null;
  status: 'published' | 'failed';
  postId: string | null;
  postUrl: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  caption: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

export async function recordPublication(db: Kysely<Database>, p: PublicationRecord): Promise<void> {
  await db
    .insertInto('publications')
    .values({
      id: newId(),
      workspace_id: p.workspaceId,
      channel_id: p.channelId,
      account_id: p.accountId,
      platform: p.platform,
      status: p.status,
      post_id: p.postId,
      post_url: p.postUrl,
      image_url: p.imageUrl,
      video_url: p.videoUrl,
      caption: p.caption,
      error_code: p.errorCode,
      error_message: p.errorMessage,
    })
    .execute();
}

export async function listPublications(
  db: Kysely<Database>,
  workspaceId: string,
  page: { limit: number; offset: number },
) {
  const q = db.selectFrom('publications').where('workspace_id', '=', workspaceId);
  const [{ total }] = await q.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await q
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total) };
}
