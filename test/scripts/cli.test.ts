import { openDatabase, type DatabaseHandle } from '../../adapters/db/connect';
import { findKey } from '../../adapters/db/api-keys';
import { creditBalance } from '../../adapters/db/credits';
import { findWorkspaceByName } from '../../adapters/db/workspaces';
import { lastLine, runCli } from '../support/cli';
import { createTestDatabase, type TestDatabase } from '../support/database';

describe('scripts/cli.ts against PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = { DATABASE_URL: testDb.url, DEMO_CREDITS: '250' };
    database = await openDatabase({ url: testDb.url, poolSize: 2 });
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  test('keys create makes the workspace and its owner and prints a working key alone on the last line', async () => {
    const run = await runCli(['keys', 'create', '--workspace', 'acme', '--name', 'ci'], env);

    expect(run.code).toBe(0);
    const key = lastLine(run.stdout);
    expect(key).toMatch(/^atl_[A-Za-z0-9_-]{32}$/);
    expect(run.stdout).toContain('Workspace: acme (created)');
    const workspace = await findWorkspaceByName(database.db, 'acme');
    expect(await findKey(database.db, key)).toEqual({
      keyId: expect.any(String),
      workspaceId: workspace!.id,
      userId: expect.any(String),
      role: 'owner',
      revoked: false,
    });
    expect(await creditBalance(database.db, workspace!.id)).toEqual({
      balance: 250,
      totalEarned: 250,
      totalSpent: 0,
      reserved: 0,
    });
  });

  test('keys create with --role member adds a member to the existing workspace', async () => {
    const run = await runCli(['keys', 'create', '--workspace', 'acme', '--role', 'member'], env);

    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('(created)');
    expect((await findKey(database.db, lastLine(run.stdout)))?.role).toBe('member');
  });

  test('keys list shows prefix, name, workspace, role and dates but never a key', async () => {
    const created = await runCli(['keys', 'create', '--workspace', 'listed', '--name', 'listing'], env);
    const key = lastLine(created.stdout);

    const run = await runCli(['keys', 'list', '--workspace', 'listed'], env);

    expect(run.code).toBe(0);
    const [header, row, ...rest] = run.stdout.trimEnd().split('\n');
    expect(header.split(/\s+/)).toEqual(['ID', 'PREFIX', 'NAME', 'WORKSPACE', 'ROLE', 'CREATED', 'REVOKED']);
    expect(rest).toEqual([]);
    expect(row.split(/\s+/)).toEqual([
      expect.any(String),
      key.slice(0, 10),
      'listing',
      'listed',
      'owner',
      expect.stringMatching(/^\d{4}-/),
      '-',
    ]);
    expect(run.stdout).not.toContain(key);
  });

  test('keys revoke by prefix and by id turns the keys invalid, and a second revoke fails', async () => {
    const first = lastLine((await runCli(['keys', 'create', '--workspace', 'revoking'], env)).stdout);
    const second = lastLine((await runCli(['keys', 'create', '--workspace', 'revoking'], env)).stdout);
    const secondId = (await findKey(database.db, second))!.keyId;

    const byPrefix = await runCli(['keys', 'revoke', first.slice(0, 10)], env);
    const byId = await runCli(['keys', 'revoke', secondId], env);
    const again = await runCli(['keys', 'revoke', secondId], env);

    expect([byPrefix.code, byPrefix.stdout]).toEqual([0, 'Revoked 1 key.\n']);
    expect([byId.code, byId.stdout]).toEqual([0, 'Revoked 1 key.\n']);
    expect((await findKey(database.db, first))?.revoked).toBe(true);
    expect((await findKey(database.db, second))?.revoked).toBe(true);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`error: no active key has the id or prefix "${secondId}"\n`);
  });

  test('workspaces create grants the given credits and refuses a duplicate name', async () => {
    const run = await runCli(['workspaces', 'create', 'studio', '--credits', '40'], env);
    const duplicate = await runCli(['workspaces', 'create', 'studio'], env);

    expect(run.code).toBe(0);
    const workspace = await findWorkspaceByName(database.db, 'studio');
    expect((await creditBalance(database.db, workspace!.id)).balance).toBe(40);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('error: workspace "studio" already exists\n');
  });

  test('help prints the usage and unknown commands or options exit with 2', async () => {
    const [help, unknown, badOption, badRole] = await Promise.all([
      runCli(['help'], env),
      runCli(['keys', 'frobnicate'], env),
      runCli(['keys', 'create', '--workspace', 'x', '--colour', 'red'], env),
      runCli(['keys', 'create', '--workspace', 'x', '--role', 'admin'], env),
    ]);

    expect(help.code).toBe(0);
    expect(help.stdout).toContain('keys create --workspace NAME');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command: keys frobnicate');
    expect(badOption.code).toBe(2);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('--role is owner or member');
  });
});
