import type { Kysely } from 'kysely';
import type { Caller } from '../../core/app/app-access';
import {
  presentAppVersion,
  presentAppVersionSummary,
  type StoredAppVersion,
} from '../../core/app/present-app-version';
import { notFound } from '../../core/errors';
import type { AppVersion, AppVersionSummary } from '../../core/responses/app-versions';
import { findAppVersion, findPreviousAppVersion, listAppVersions } from '../../adapters/db/app-versions';
import type { Database } from '../../adapters/db/schema';
import { findUsableRow } from './load-app';

/**
 * GET /v1/apps/{appId}/versions: the stored versions of an app the caller may use, newest first, each
 * with who wrote it and what changed from the version before it.
 */
export async function listVersions(
  db: Kysely<Database>,
  caller: Caller,
  appId: string,
  page: { limit: number; offset: number },
): Promise<{ versions: AppVersionSummary[]; total: number }> {
  const app = await findUsableRow(db, appId, caller);
  const { versions, total } = await listAppVersions(db, app.id, page);
  const oldest = versions.at(-1);
  const beyond = oldest ? await findPreviousAppVersion(db, app.id, oldest.version) : undefined;
  return {
    versions: versions.map((v, i) => presentAppVersionSummary(v, versions[i + 1] ?? beyond, app.version)),
    total,
  };
}

/**
 * GET /v1/apps/{appId}/versions/{version}: the app as written at that version, and what changed from
 * `compareTo` (default: the stored version before it).
 */
export async function showVersion(
  db: Kysely<Database>,
  caller: Caller,
  appId: string,
  version: number,
  compareTo?: number,
): Promise<AppVersion> {
  const app = await findUsableRow(db, appId, caller);
  const stored = await findStoredVersion(db, app.id, version);
  const previous = await findPreviousAppVersion(db, app.id, version);
  const compared = compareTo === undefined ? previous : await findStoredVersion(db, app.id, compareTo);
  return presentAppVersion(stored, previous, compared, app.version);
}

export async function findStoredVersion(
  db: Kysely<Database>,
  appId: string,
  version: number,
): Promise<StoredAppVersion> {
  const stored = await findAppVersion(db, appId, version);
  if (!stored) throw notFound(`Version ${version} of the app`);
  return stored;
}
