import type { Migration } from 'kysely';
import * as initial from './001-initial';

/** Migrations in order; the same list runs on PGlite and PostgreSQL. */
export const MIGRATIONS: Record<string, Migration> = {
  '001-initial': initial,
};
