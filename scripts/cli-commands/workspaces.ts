import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema';
import { createWorkspace, findWorkspaceByName } from '../../adapters/db/workspaces';
import { creditBalance, grantCredits as addCredits } from '../../adapters/db/credits';
import type { CliCommand } from './command';
import { CliCommandError } from './error';
import type { CliResult } from './result';

export async function workspaceNamed(db: Kysely<Database>, name: string) {
  const workspace = await findWorkspaceByName(db, name);
  if (!workspace) throw new CliCommandError(`no workspace "${name}"`);
  return workspace;
}

export async function createNamedWorkspace(
  db: Kysely<Database>,
  name: string,
  credits: number,
): Promise<CliResult> {
  if (await findWorkspaceByName(db, name)) throw new CliCommandError(`workspace "${name}" already exists`);
  const { workspaceId, ownerId } = await createWorkspace(db, name, credits);
  return { command: 'workspaces.create', workspace: name, workspaceId, ownerId, credits };
}

export async function grantCredits(
  db: Kysely<Database>,
  command: Extract<CliCommand, { command: 'credits.grant' }>,
): Promise<CliResult> {
  const workspace = await workspaceNamed(db, command.workspace);
  await addCredits(db, { workspaceId: workspace.id, amount: command.amount, reason: command.reason });
  const { balance } = await creditBalance(db, workspace.id);
  return { command: 'credits.grant', workspace: command.workspace, amount: command.amount, balance };
}
