import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { loadCatalogApps } from '../../../adapters/catalog';
import { MIGRATIONS } from '../../../adapters/db/migrations';

const ROOT = join(__dirname, '..', '..', '..');

interface Smoke {
  ids: { id: string; workspaceId: string; ownerId: string };
  [field: string]: unknown;
}

function runSmoke(): Promise<Smoke> {
  return new Promise((resolve, reject) => {
    execFile('npx', ['tsx', 'test/support/pglite-smoke.ts'], { cwd: ROOT }, (err, stdout, stderr) => {
      if (err) reject(new Error(`pglite smoke failed: ${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!));
    });
  });
}

describe('openDatabase without a URL (PGlite in memory)', () => {
  test('runs the same migrations and catalog as PostgreSQL, twice without harm, and an API key round-trips', async () => {
    const smoke = await runSmoke();

    const { id, workspaceId, ownerId } = smoke.ids;
    expect(smoke).toEqual({
      kind: 'pglite',
      migrations: Object.keys(MIGRATIONS),
      apps: loadCatalogApps().length,
      ids: smoke.ids,
      found: { keyId: id, workspaceId, userId: ownerId, role: 'owner', revoked: false },
      revoked: 1,
      afterRevoke: { keyId: id, workspaceId, userId: ownerId, role: 'owner', revoked: true },
      unknown: null,
    });
  });
});
