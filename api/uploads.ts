import type { Middleware } from 'koa';
import compose from 'koa-compose';
import { completeUpload, findUpload, uploadTermsOf } from '../adapters/db/uploads';
import { mimeTypeOf } from '../adapters/http/media-kinds';
import { isUploadSignature, uploadSecret } from '../adapters/storage/upload-signature';
import { AtelierError, forbidden, invalidField, notFound } from '../core/errors';
import { isUuid } from '../core/ids';
import type { ApiDeps } from './deps';
import { errorEnvelope } from './middleware/errors';
import { requestId } from './middleware/request-id';

const UPLOAD_PATH = /^\/uploads\/([^/]+)$/;

/**
 * PUT /uploads/<assetId>?expires&signature: the fs driver's upload URLs (api/commands/create-upload-urls.ts).
 * No API key: the URL is the permission. Checked in order: the signature (HMAC of id and expiry), the
 * expiry, the pending upload, the Content-Type it was asked for, and the size it declared (Content-Length
 * and the bytes actually sent). Errors are the /v1 envelope. The file is stored and the asset completed.
 */
export function uploads(deps: ApiDeps): Middleware {
  const take: Middleware = async (ctx, next) => {
    const match = UPLOAD_PATH.exec(ctx.path);
    if (!match) return next();
    const assetId = match[1];
    const expires = Number(/^[0-9]{1,12}$/.test(String(ctx.query.expires ?? '')) ? ctx.query.expires : NaN);
    const signature = typeof ctx.query.signature === 'string' ? ctx.query.signature : '';
    const secret = uploadSecret((await deps.signingKey()).privateKeyPem);
    if (
      !isUuid(assetId) ||
      !Number.isInteger(expires) ||
      !isUploadSignature(secret, assetId, expires, signature)
    )
      throw forbidden('The upload URL is not valid: its signature does not match');
    if (Date.now() > expires * 1000)
      throw forbidden(
        `The upload URL expired at ${new Date(expires * 1000).toISOString()}: ask for a new one`,
      );
    const asset = await findUpload(deps.db, assetId);
    const terms = asset ? uploadTermsOf(asset) : null;
    if (!asset || !terms || !asset.storage_key) throw notFound('Upload');
    if (asset.status === 'completed')
      throw invalidField(null, 'already_uploaded', 'This file was already uploaded: ask for a new URL');
    const contentType = mimeTypeOf(ctx.get('content-type'));
    if (contentType !== terms.contentType)
      throw invalidField(
        'Content-Type',
        'wrong_type',
        `Content-Type ${contentType || '(none)'} is not the ${terms.contentType} this URL was made for`,
      );
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > terms.maxBytes) throw tooLarge(terms.maxBytes);
    const body = await readAtMost(ctx.req, terms.maxBytes);
    if (body === null) throw tooLarge(terms.maxBytes);
    if (body.length === 0) throw invalidField(null, 'empty_body', 'The upload is empty');
    const stored = await deps.storage.putBuffer(asset.storage_key, body, terms.contentType);
    await completeUpload(deps.db, assetId, { bytes: stored.bytes, sha256: stored.sha256 });
    ctx.status = 200;
    ctx.body = { data: { assetId, cdnUrl: stored.url, bytes: stored.bytes, mimeType: stored.mimeType } };
  };
  const stack = compose([requestId(), errorEnvelope({ logger: deps.logger }), take]);
  return (ctx, next) => (ctx.method === 'PUT' && UPLOAD_PATH.test(ctx.path) ? stack(ctx, next) : next());
}

const tooLarge = (maxBytes: number) =>
  new AtelierError('VALIDATION_ERROR', `The file is larger than the ${maxBytes} bytes declared for it`, {
    status: 413,
    details: [{ param: null, code: 'too_large', message: `at most ${maxBytes} bytes` }],
  });

/** The request body, or null as soon as it passes `limit` bytes. */
async function readAtMost(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
