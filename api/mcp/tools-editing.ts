import { z } from 'zod';
import { canEditApp } from '../../core/app/app-access';
import { presentAppDefinition, presentAppWrite } from '../../core/app/present-app';
import { AppDefinitionView, AppDeleted, AppWritten, NodeTypeInfo } from '../../core/responses/apps';
import { createApp } from '../commands/create-app';
import { deleteApp } from '../commands/delete-app';
import { listNodeTypes } from '../commands/list-node-types';
import { loadUsableApp, ownership } from '../commands/load-app';
import { updateApp } from '../commands/update-app';
import { AppBody, AppUpdateBody } from '../apps/schema';
import { uuidParam } from '../validate';
import { AppInput } from './schema';
import { tool } from './tool';

const validateOnly = z
  .boolean()
  .default(false)
  .meta({ description: 'Check the app with the graph compiler and store nothing.' });

/** Apps as editable data, as POST/PUT/DELETE /v1/apps and GET /v1/node-types offer them. */
export const EDITING_TOOLS = [
  tool({
    name: 'list_node_types',
    title: 'List node types',
    description:
      'Every node type an app graph may use: its config JSON Schema, what it produces, how many parents ' +
      'it takes and its credits. Read it before create_app.',
    input: z.object({}),
    output: z.object({ nodeTypes: z.array(NodeTypeInfo) }),
    annotations: { readOnlyHint: true },
    run: async ({ deps }) => ({ nodeTypes: listNodeTypes(deps) }),
  }),
  tool({
    name: 'get_app_definition',
    title: 'Get an app as written',
    description:
      "An app's parameters, graph (node configs and positions), outputs and version as written, and " +
      'whether you may edit it. Start an update_app from it, or copy a built-in app into create_app.',
    input: AppInput,
    output: AppDefinitionView,
    annotations: { readOnlyHint: true },
    run: async ({ deps, caller }, { appId }) => {
      const app = await loadUsableApp(deps.db, uuidParam(appId, 'App'), caller);
      return presentAppDefinition(app, canEditApp(ownership(app.row), caller));
    },
  }),
  tool({
    name: 'create_app',
    title: 'Create an app',
    description:
      'A new private app of your workspace from parameters, a graph of typed nodes and outputs. The graph ' +
      'compiler checks it: problems come back as VALIDATION_ERROR details naming the node or edge. ' +
      'validateOnly: true checks without storing.',
    input: AppBody.extend({ validateOnly }),
    output: AppWritten,
    annotations: { openWorldHint: false },
    run: async ({ deps, caller }, { validateOnly: check, ...body }) =>
      presentAppWrite(await createApp(deps, caller, body, { validateOnly: check }), deps.costs),
  }),
  tool({
    name: 'update_app',
    title: 'Write a new version of an app',
    description:
      'Replaces an app you may edit with a new version (runs keep the version they started with). ' +
      'baseVersion refuses the write when someone saved a newer version. Built-in apps are read-only.',
    input: AppUpdateBody.extend({ appId: AppInput.shape.appId, validateOnly }),
    output: AppWritten,
    annotations: { idempotentHint: false },
    run: async ({ deps, caller }, { appId, validateOnly: check, ...body }) =>
      presentAppWrite(
        await updateApp(deps, caller, uuidParam(appId, 'App'), body, { validateOnly: check }),
        deps.costs,
      ),
  }),
  tool({
    name: 'delete_app',
    title: 'Delete an app',
    description:
      'Deletes an app of your workspace that you may edit; its runs and assets stay readable. Built-in ' +
      "apps and other workspaces' apps are refused.",
    input: AppInput,
    output: AppDeleted,
    annotations: { destructiveHint: true },
    run: async ({ deps, caller }, { appId }) => deleteApp(deps, caller, uuidParam(appId, 'App')),
  }),
];
