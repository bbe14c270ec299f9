import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an fs upload URL: HMAC-SHA256 of the asset id and the expiry, keyed by a secret every
 * API process shares (derived from the stored webhook signing key, so no new setting is needed).
 */
export function uploadSecret(privateKeyPem: string): Buffer {
  return createHash('sha256').update('atelier upload urls\u0000').update(privateKeyPem).digest();
}

export function signUpload(secret: Buffer, assetId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${assetId}\n${expires}`).digest('base64url');
}

export function isUploadSignature(
  secret: Buffer,
  assetId: string,
  expires: number,
  signature: string,
): boolean {
  const expected = Buffer.from(signUpload(secret, assetId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
