import { insertPendingUpload } from '../../adapters/db/uploads';
import { MEDIA_TYPES, limitForMimeType, mimeTypeOf, type MediaKind } from '../../adapters/http/media-kinds';
import { signUpload, uploadSecret } from '../../adapters/storage/upload-signature';
import type { Caller } from '../../core/app/app-access';
import { publicUrl } from '../../core/config';
import { validationError, type ValidationDetail } from '../../core/errors';
import { newId } from '../../core/ids';
import { UPLOAD_URL_TTL_SECONDS } from '../../core/limits';
import type { UploadTarget } from '../../core/responses/assets';
import type { UploadUrlsBody } from '../assets/schema';
import type { ApiDeps } from '../deps';
import { safeFilename } from './transfer-asset';

const KINDS = Object.keys(MEDIA_TYPES) as MediaKind[];

/**
 * POST /v1/assets/upload-urls: one upload URL per file, for the workspace's own media.
 * 1. Every file must be an accepted image, video or audio type within its size limit (50 MiB images,
 *    500 MiB video and audio); all problems are one VALIDATION_ERROR.
 * 2. Each file becomes a pending asset under `uploads/<workspace>/<assetId>/<safe filename>`.
 * 3. S3: a pre-signed PUT of that type and exact size. fs: `<public URL>/uploads/<assetId>?expires&signature`,
 *    taken by api/uploads.ts. Either way the URL expires after 15 minutes, and `cdnUrl` is the file's
 *    permanent URL, usable as a media input of the workspace's runs once the file is there.
 */
export async function createUploadUrls(
  deps: ApiDeps,
  caller: Caller,
  body: UploadUrlsBody,
): Promise<UploadTarget[]> {
  const problems = body.files.flatMap((file, i) => fileProblems(file, i));
  if (problems.length > 0) throw validationError(problems, problems[0].message);
  const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
  const expiresAt = new Date(expires * 1000).toISOString();
  const secret = deps.storage.presignPut ? null : uploadSecret((await deps.signingKey()).privateKeyPem);
  const targets: UploadTarget[] = [];
  for (const file of body.files) {
    const contentType = mimeTypeOf(file.contentType);
    const kind = KINDS.find((k) => MEDIA_TYPES[k].includes(contentType))!;
    const assetId = newId();
    const filename = safeFilename(file.filename, kind, contentType);
    const key = `uploads/${caller.workspaceId}/${assetId}/${filename}`;
    const cdnUrl = deps.storage.url(key);
    await insertPendingUpload(deps.db, {
      id: assetId,
      workspaceId: caller.workspaceId,
      kind,
      key,
      cdnUrl,
      terms: { filename: file.filename, contentType, maxBytes: file.sizeBytes, expiresAt },
    });
    const put = deps.storage.presignPut
      ? await deps.storage.presignPut(key, { contentType, bytes: file.sizeBytes }, UPLOAD_URL_TTL_SECONDS)
      : {
          url: `${publicUrl(deps.config)}/uploads/${assetId}?expires=${expires}&signature=${signUpload(secret!, assetId, expires)}`,
          headers: { 'Content-Type': contentType },
        };
    targets.push({
      assetId,
      filename,
      uploadUrl: put.url,
      method: 'PUT',
      headers: put.headers,
      maxBytes: file.sizeBytes,
      expiresAt,
      cdnUrl,
    });
  }
  return targets;
}

function fileProblems(file: UploadUrlsBody['files'][number], i: number): ValidationDetail[] {
  const contentType = mimeTypeOf(file.contentType);
  if (!KINDS.some((k) => MEDIA_TYPES[k].includes(contentType)))
    return [
      {
        param: `files[${i}].contentType`,
        code: 'unsupported_type',
        message: `files[${i}].contentType: ${contentType} is not an accepted type (${KINDS.map((k) => MEDIA_TYPES[k].join(', ')).join('; ')})`,
      },
    ];
  const limit = limitForMimeType(contentType);
  if (file.sizeBytes > limit)
    return [
      {
        param: `files[${i}].sizeBytes`,
        code: 'too_large',
        message: `files[${i}].sizeBytes: ${file.sizeBytes} bytes is over the ${limit / 1024 / 1024} MiB limit for ${contentType}`,
      },
    ];
  return [];
}
