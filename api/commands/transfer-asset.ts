import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { findAssetByStorageKey, writeAsset } from '../../adapters/db/assets';
import { matchesKinds, mimeTypeOf, wrongKindReason } from '../../adapters/http/media-kinds';
import { safeFetchToFile, isSafeFetchError } from '../../adapters/http/safe-fetch';
import type { StoredObject } from '../../adapters/storage/storage';
import { invalidField, isAtelierError } from '../../core/errors';
import { newId } from '../../core/ids';
import type { Caller } from '../../core/app/app-access';
import type { ApiDeps } from '../deps';

const TRANSFER_TIMEOUT_MS = 120_000;

export interface TransferRequest {
  sourceUrl: string;
  mediaType: 'image' | 'video' | 'audio';
  filename?: string;
}

/**
 * Copies a media file from a caller's URL to permanent storage.
 * 1. A URL under this service's own storage (`<public URL>/cdn/…`, or the S3 public base) is one of its
 *    outputs: the workspace's asset with that key is copied inside the store, with no HTTP request
 *    (issue 12 item 12: the embedded default's own loopback URLs were refused as private). Another
 *    workspace's file is refused like a URL that answers 404.
 * 2. Any other URL is downloaded through safe-fetch: public addresses only, the media type checked,
 *    50/500 MiB limits.
 * 3. Store under `transfers/<workspace>/<id>/<safe filename>`; record an asset with the source URL.
 * A refused or failed source is the caller's VALIDATION_ERROR; nothing is stored.
 */
export async function transferAsset(
  deps: ApiDeps,
  caller: Caller,
  request: TransferRequest,
): Promise<{ url: string; assetId: string }> {
  const ownKey = deps.storage.keyOf(request.sourceUrl);
  const stored = ownKey
    ? await copyOwnObject(deps, caller, request, ownKey)
    : await downloadAndStore(deps, caller, request);
  const assetId = await writeAsset(deps.db, {
    workspaceId: caller.workspaceId,
    outputType: request.mediaType,
    content: { ref: stored },
    metadata: { transferred: true },
    sourceUrl: request.sourceUrl,
  });
  return { url: stored.url, assetId };
}

const refusedSource = (reason: string) => invalidField('sourceUrl', 'invalid_media', `sourceUrl: ${reason}`);

async function copyOwnObject(
  deps: ApiDeps,
  caller: Caller,
  request: TransferRequest,
  key: string,
): Promise<StoredObject> {
  const source = await findAssetByStorageKey(deps.db, caller.workspaceId, key);
  if (!source?.mime_type || !source.sha256) throw refusedSource('unreachable (HTTP 404)');
  const mimeType = mimeTypeOf(source.mime_type);
  if (!matchesKinds(mimeType, [request.mediaType]))
    throw refusedSource(wrongKindReason(mimeType, [request.mediaType]));
  const target = transferKey(caller, request, mimeType);
  try {
    return { ...(await deps.storage.copy(key, target)), sha256: source.sha256 };
  } catch (err) {
    if (isAtelierError(err) && err.code === 'NOT_FOUND') throw refusedSource('unreachable (HTTP 404)');
    throw err;
  }
}

async function downloadAndStore(deps: ApiDeps, caller: Caller, request: TransferRequest) {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-transfer-'));
  try {
    const path = join(dir, 'download');
    const fetched = await download(deps, request, path);
    return await deps.storage.putFile(transferKey(caller, request, fetched.mimeType), path, fetched.mimeType);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const transferKey = (caller: Caller, request: TransferRequest, mimeType: string) =>
  `transfers/${caller.workspaceId}/${newId()}/${safeFilename(request.filename, request.mediaType, mimeType)}`;

async function download(deps: ApiDeps, request: TransferRequest, path: string) {
  try {
    return await safeFetchToFile(request.sourceUrl, path, {
      timeoutMs: TRANSFER_TIMEOUT_MS,
      allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS,
      expect: [request.mediaType],
    });
  } catch (err) {
    if (isSafeFetchError(err)) throw refusedSource(err.message);
    throw err;
  }
}

const EXTENSION: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/quicktime': '.mov',
  'audio/mpeg': '.mp3',
  'audio/mp4': '.m4a',
  'audio/wav': '.wav',
  'audio/ogg': '.ogg',
};

/** Letters, digits, dot, dash and underscore only; no leading dots; the extension follows the real type. */
export function safeFilename(filename: string | undefined, mediaType: string, mimeType: string): string {
  const wanted = EXTENSION[mimeType] ?? '';
  const base = (filename ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/\.+$/, '')
    .slice(0, 100);
  const stem = (extname(base) ? base.slice(0, -extname(base).length) : base) || mediaType;
  return `${stem}${wanted || extname(base)}`;
}
