import { loadCatalogApps } from '../../../adapters/catalog';
import { MIGRATIONS } from '../../../adapters/db/migrations';
import { runScript } from '../../support/run-script';

interface Smoke {
  ids: { id: string; workspaceId: string; ownerId: string };
  [field: string]: unknown;
}

const runSmoke = () => runScript<Smoke>('test/support/pglite-smoke.ts');

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
