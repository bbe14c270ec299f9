import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server's maintenance database; the test databases are created beside it. */
export const TEST_POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database `atelier_t_<random>`; `drop()` removes it even with open connections. */
export async function createTestDatabase(adminUrl = TEST_POSTGRES_ADMIN_URL): Promise<TestDatabase> {
  const name = `atelier_t_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function runAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
