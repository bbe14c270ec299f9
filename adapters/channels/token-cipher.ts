import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Channel access tokens must be usable again, so they cannot be hashed like API keys: they are sealed
 * with AES-256-GCM under a 32-byte key (CHANNEL_TOKEN_KEY, or a key file in the embedded data folder).
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface TokenCipher {
  seal(token: string): string;
  open(sealed: string): string;
}

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('channel token key must be 32 bytes');
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('not a sealed channel token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
