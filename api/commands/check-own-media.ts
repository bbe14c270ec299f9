import { findAssetByStorageKey } from '../../adapters/db/assets';
import { completeUpload, findUploadByKey, uploadTermsOf } from '../../adapters/db/uploads';
import { matchesKinds, mimeTypeOf, wrongKindReason, type MediaKind } from '../../adapters/http/media-kinds';
import type { MediaCheck } from '../../adapters/http/safe-fetch';
import type { ApiDeps } from '../deps';

/**
 * A media input on this service's own storage (`<public URL>/cdn/…` or the S3 public base) is read from
 * the store, never fetched (the default install's loopback URLs would be refused as private addresses).
 * It must be a file of the caller's workspace: an upload or an output of one of its runs. An upload whose
 * file went straight to S3 is completed here, when the object is first seen. Returns null for any other URL.
 */
export async function checkOwnMedia(
  deps: ApiDeps,
  workspaceId: string,
  url: string,
  accept: MediaKind[],
): Promise<MediaCheck | null> {
  const key = deps.storage.keyOf(url);
  if (key === null) return null;
  const mimeType = await ownMimeType(deps, workspaceId, key);
  if (mimeType === null) return { ok: false, reason: 'not a file of this workspace, or not uploaded yet' };
  if (!matchesKinds(mimeType, accept)) return { ok: false, reason: wrongKindReason(mimeType, accept) };
  return { ok: true, mimeType };
}

async function ownMimeType(deps: ApiDeps, workspaceId: string, key: string): Promise<string | null> {
  const output = await findAssetByStorageKey(deps.db, workspaceId, key);
  if (output?.mime_type) return mimeTypeOf(output.mime_type);
  const upload = await findUploadByKey(deps.db, workspaceId, key);
  const terms = upload ? uploadTermsOf(upload) : null;
  if (!upload || !terms) return null;
  const stat = await deps.storage.stat(key);
  if (!stat || stat.bytes > terms.maxBytes) return null;
  await completeUpload(deps.db, upload.id, { bytes: stat.bytes, sha256: upload.sha256 });
  return terms.contentType;
}
