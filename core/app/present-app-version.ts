import { AppDefinition } from './app-definition';
import { diffAppVersions, summarizeChanges } from './diff-app-versions';
import type { AppVersion, AppVersionSummary } from '../responses/app-versions';

/** A stored version of an app as its table holds it (adapters/db/app-versions.ts). */
export interface StoredAppVersion {
  app_id: string;
  version: number;
  definition: unknown;
  author_user_id: string | null;
  author_key_id: string | null;
  key_name?: string | null;
  restored_from: number | null;
  created_at: Date | string;
}

/**
 * One line of GET /v1/apps/{appId}/versions. `previous` is the stored version before it, if any: versions
 * written before the history began were never kept.
 */
export function presentAppVersionSummary(
  stored: StoredAppVersion,
  previous: StoredAppVersion | undefined,
  currentVersion: number,
): AppVersionSummary {
  return {
    appId: stored.app_id,
    version: stored.version,
    createdAt: new Date(stored.created_at).toISOString(),
    author: {
      userId: stored.author_user_id,
      keyId: stored.author_key_id,
      keyName: stored.key_name ?? null,
    },
    restoredFrom: stored.restored_from,
    summary: summarize(stored, previous),
    current: stored.version === currentVersion,
  };
}

/** GET /v1/apps/{appId}/versions/{version}: the definition at that version and the changes from `compared`. */
export function presentAppVersion(
  stored: StoredAppVersion,
  previous: StoredAppVersion | undefined,
  compared: StoredAppVersion | undefined,
  currentVersion: number,
): AppVersion {
  const definition = definitionOf(stored);
  return {
    ...presentAppVersionSummary(stored, previous, currentVersion),
    definition: {
      name: definition.name,
      description: definition.description,
      parameters: definition.parameters,
      frontmatter: definition.frontmatter,
      graph: definition.graph,
    },
    changes: compared
      ? { comparedTo: compared.version, ...diffAppVersions(definitionOf(compared), definition) }
      : null,
  };
}

/** The definition a version stored, with the defaults of the current schema filled in. */
export function definitionOf(stored: StoredAppVersion): AppDefinition {
  return AppDefinition.parse(stored.definition);
}

function summarize(stored: StoredAppVersion, previous: StoredAppVersion | undefined): string {
  if (!previous) return stored.version === 1 ? 'created' : 'first version kept in the history';
  const changes = summarizeChanges(diffAppVersions(definitionOf(previous), definitionOf(stored)));
  return stored.restored_from ? `restored version ${stored.restored_from}: ${changes}` : changes;
}
