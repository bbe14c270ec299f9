import type { Kysely } from 'kysely';
import type { MediaKind } from '../http/media-kinds';
import type { AssetRow, Database } from './schema';

/** What an upload URL allows: one file of this type, at most this size, until then. */
export interface UploadTerms {
  filename: string;
  contentType: string;
  maxBytes: number;
  expiresAt: string;
}

/**
 * An asset awaiting its file (`status: pending`): made by POST /v1/assets/upload-urls, completed when
 * the file arrives (fs: the signed PUT; S3: when the object is first seen in the store).
 */
export async function insertPendingUpload(
  db: Kysely<Database>,
  upload: {
    id: string;
    workspaceId: string;
    kind: MediaKind;
    key: string;
    cdnUrl: string;
    terms: UploadTerms;
  },
): Promise<void> {
  await db
    .insertInto('assets')
    .values({
      id: upload.id,
      workspace_id: upload.workspaceId,
      output_type: upload.kind,
      cdn_url: upload.cdnUrl,
      storage_key: upload.key,
      mime_type: upload.terms.contentType,
      metadata: JSON.stringify({ upload: upload.terms }),
      status: 'pending',
    })
    .execute();
}

/** An uploaded asset (pending or completed) by id; uploads have no run. */
export async function findUpload(db: Kysely<Database>, assetId: string): Promise<AssetRow | undefined> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', assetId)
    .where('run_id', 'is', null)
    .executeTakeFirst();
}

/** The upload terms an asset was made with, if it was made for an upload. */
export function uploadTermsOf(row: AssetRow): UploadTerms | null {
  const upload = (row.metadata as { upload?: UploadTerms } | null)?.upload;
  return upload ?? null;
}

/** The workspace's upload stored under `key`, pending or completed. */
export async function findUploadByKey(
  db: Kysely<Database>,
  workspaceId: string,
  key: string,
): Promise<AssetRow | undefined> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('storage_key', '=', key)
    .where('run_id', 'is', null)
    .executeTakeFirst();
}

export async function completeUpload(
  db: Kysely<Database>,
  assetId: string,
  file: { bytes: number; sha256: string | null },
): Promise<void> {
  await db
    .updateTable('assets')
    .set({ status: 'completed', bytes: file.bytes, sha256: file.sha256 })
    .where('id', '=', assetId)
    .execute();
}
