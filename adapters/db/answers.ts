import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Resolves when the database answers a query (readiness, api/health.ts). */
export async function databaseAnswers(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
