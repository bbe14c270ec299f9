import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema';
import { importContentPatterns, importTrendSignals } from '../../adapters/db/intelligence';
import { findBrandProfile } from '../../adapters/db/brand';
import type { CliCommand } from './command';
import { CliCommandError } from './error';
import type { CliResult } from './result';
import { workspaceNamed } from './workspaces';

/** `workspace` null: global signals, seen by every workspace. */
export async function importTrends(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'trends.import' }>,
): Promise<CliResult> {
  const workspaceId = command.workspace === null ? null : (await workspaceNamed(db, command.workspace)).id;
  return {
    command: 'trends.import',
    workspace: command.workspace,
    imported: await importTrendSignals(db, workspaceId, command.signals),
  };
}

/** Every named brand profile must be the workspace's; nothing is written otherwise. */
export async function importPatterns(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'patterns.import' }>,
): Promise<CliResult> {
  const workspace = await workspaceNamed(db, command.workspace);
  for (const id of new Set(
    command.patterns.map((p) => p.brandProfileId).filter((id): id is string => id !== null),
  ))
    if (!(await findBrandProfile(db, workspace.id, id)))
      throw new CliCommandError(`workspace "${command.workspace}" has no brand profile ${id}`);
  return {
    command: 'patterns.import',
    workspace: command.workspace,
    imported: await importContentPatterns(db, workspace.id, command.patterns),
  };
}
