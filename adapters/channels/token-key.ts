import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key that seals channel tokens: CHANNEL_TOKEN_KEY (base64, 32 bytes) when set — required when API
 * and workers run as separate processes — else a key file made once in the data folder (mode 0600).
 */
export function channelTokenKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32)
      throw new Error('CHANNEL_TOKEN_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');
    return key;
  }
  const file = join(dataDir, 'channel-token.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  }
}
