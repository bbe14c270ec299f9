import { Client } from 'pg';
import { createTestDatabase, TEST_POSTGRES_ADMIN_URL } from '../support/database';

async function databaseExists(name: string): Promise<boolean> {
  const client = new Client({ connectionString: TEST_POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('creates a fresh empty database that drop() removes even while a connection is open', async () => {
    const database = await createTestDatabase();
    expect(database.name).toMatch(/^atelier_t_[0-9a-f]{12}$/);
    expect(database.url).toBe(`postgres://postgres@127.0.0.1:5432/${database.name}`);

    const client = new Client({ connectionString: database.url });
    await client.connect();
    client.on('error', () => undefined); // the forced drop ends this session
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(rows[0].n).toBe(0);

    await database.drop();
    await database.drop();
    await client.end().catch(() => undefined);

    expect(await databaseExists(database.name)).toBe(false);
  });

  it('gives each call its own database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.name).not.toBe(b.name);
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  });
});
