import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { writeAsset } from '../../adapters/db/assets';
import { safeFetchToFile, isSafeFetchError } from '../../adapters/http/safe-fetch';
import { invalidField } from '../../core/errors';
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
 * 1. Download through safe-fetch: public addresses only, the media type checked, 50/500 MiB limits.
 * 2. Store under `transfers/<workspace>/<id>/<safe filename>`; record an asset with the source URL.
 * A refused or failed download is the caller's VALIDATION_ERROR; nothing is stored.
 */
export async function transferAsset(
  deps: ApiDeps,
  caller: Caller,
  request: TransferRequest,
): Promise<{ url: string; assetId: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-transfer-'));
  try {
    const path = join(dir, 'download');
    const fetched = await download(deps, request, path);
    const key = `transfers/${caller.workspaceId}/${newId()}/${safeFilename(request.filename, request.mediaType, fetched.mimeType)}`;
    const stored = await deps.storage.putFile(key, path, fetched.mimeType);
    const assetId = await writeAsset(deps.db, {
      workspaceId: caller.workspaceId,
      outputType: request.mediaType,
      content: { ref: stored },
      metadata: { transferred: true },
      sourceUrl: request.sourceUrl,
    });
    return { url: stored.url, assetId };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function download(deps: ApiDeps, request: TransferRequest, path: string) {
  try {
    return await safeFetchToFile(request.sourceUrl, path, {
      timeoutMs: TRANSFER_TIMEOUT_MS,
      allowHosts: deps.config.SAFE_FETCH_ALLOW_HOSTS,
      expect: [request.mediaType],
    });
  } catch (err) {
    if (isSafeFetchError(err)) throw invalidField('sourceUrl', 'invalid_media', `sourceUrl: ${err.message}`);
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
