import type { Caller, Visibility } from '../../core/app/app-access';
import type { AppDefinition } from '../../core/app/app-definition';
import { compileApp } from '../../core/app/compiled-app';
import { generateApp } from '../../core/app-generation/generate-app';
import { canonicalJson, deterministicUuid, newId } from '../../core/ids';
import { findApp, insertApp } from '../../adapters/db/apps';
import type { AppRow } from '../../adapters/db/schema';
import type { ApiDeps } from '../deps';
import { compileRow, loadUsableApp, type LoadedApp } from './load-app';
import { uuidParam } from '../validate';

export interface GenerateWorkflowRequest {
  instruction: string;
  name?: string;
  baseAppId?: string;
  visibility: Visibility;
  sandbox: boolean;
}

/**
 * Generates an app from an instruction and stores it as the caller's (private unless asked otherwise).
 * 1. A base app must be one the caller may use (404 hidden, 403 forbidden).
 * 2. core/generate-app composes and validates the graph; bad instructions are VALIDATION_ERRORs.
 * 3. Sandbox: the same validation, then an unstored app with id `test_<deterministic uuid>`.
 */
export async function generateWorkflow(
  deps: ApiDeps,
  caller: Caller,
  request: GenerateWorkflowRequest,
): Promise<LoadedApp> {
  const base = request.baseAppId
    ? (await loadUsableApp(deps.db, uuidParam(request.baseAppId, 'App'), caller)).definition
    : undefined;
  const appId = request.sandbox
    ? deterministicUuid(
        'workflows/generate',
        caller.workspaceId,
        canonicalJson({ ...request, sandbox: undefined }),
      )
    : newId();
  const { definition } = generateApp({ appId, instruction: request.instruction, name: request.name, base });
  if (request.sandbox) {
    const compiled = compileApp(definition);
    return { ...compiled, row: unstoredRow(definition, caller, request.visibility) };
  }
  await insertApp(deps.db, definition, {
    workspaceId: caller.workspaceId,
    creatorId: caller.userId,
    visibility: request.visibility,
    keyId: caller.keyId,
  });
  return compileRow((await findApp(deps.db, appId))!);
}

function unstoredRow(definition: AppDefinition, caller: Caller, visibility: Visibility): AppRow {
  const now = new Date();
  return {
    id: `test_${definition.appId}`,
    workspace_id: caller.workspaceId,
    creator_id: caller.userId,
    name: definition.name,
    description: definition.description,
    definition,
    visibility,
    source: 'generated',
    version: 1,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}
