import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, type Dialect, type MigrationProvider } from 'kysely';
import { Pool } from 'pg';
import type { Database } from './schema';
import { MIGRATIONS } from './migrations';
import { GuardedClient } from './guarded-client';
import { ResilientPostgresDialect } from './resilient-driver';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL URL, for LISTEN/NOTIFY connections; undefined on PGlite. */
  url?: string;
  close(): Promise<void>;
}

/** PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/pglite`. */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.url) {
    // Every client, idle or checked out, has an 'error' listener: a lost server never ends the process, the
    // pool drops the broken client and makes a new one (issue 27 item 1).
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: GuardedClient,
    });
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new ResilientPostgresDialect(pool) });
    return { db, kind: 'postgres', url: options.url, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  let dir: string | undefined;
  if (options.dataDir) {
    dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = new PGlite(dir);
  await pglite.waitReady;
  // The dialect's typings resolve kysely's ESM build; the runtime classes are the same.
  const dialect = new PGliteDialect(pglite) as unknown as Dialect;
  const db = new Kysely<Database>({ dialect });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'atelier_migrations',
    migrationLockTableName: 'atelier_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error)
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message ?? error}`);
}
