import type { Kysely } from 'kysely';
import { generateSigningKey, type SigningKey } from '../webhooks/signing';
import type { Database } from './schema';

/**
 * The webhook signing key: generated once, kept in the database, shared by every process.
 * Concurrent first calls race on the insert; everyone then reads the oldest key.
 */
export function signingKeyStore(db: Kysely<Database>): () => Promise<SigningKey> {
  let cached: Promise<SigningKey> | null = null;
  const load = async (): Promise<SigningKey> => {
    const existing = await oldestKey(db);
    if (existing) return existing;
    const fresh = generateSigningKey();
    await db
      .insertInto('signing_keys')
      .values({ kid: fresh.kid, private_key_pem: fresh.privateKeyPem, public_key_pem: fresh.publicKeyPem })
      .onConflict((oc) => oc.column('kid').doNothing())
      .execute();
    return (await oldestKey(db))!;
  };
  return () => {
    cached ??= load().catch((err) => {
      cached = null;
      throw err;
    });
    return cached;
  };
}

async function oldestKey(db: Kysely<Database>): Promise<SigningKey | null> {
  const row = await db
    .selectFrom('signing_keys')
    .selectAll()
    .orderBy('created_at')
    .orderBy('kid')
    .executeTakeFirst();
  return row ? { kid: row.kid, privateKeyPem: row.private_key_pem, publicKeyPem: row.public_key_pem } : null;
}
