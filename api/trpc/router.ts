import { initTRPC } from '@trpc/server';
import type { Caller } from '../../core/app/app-access';
import { canEditApp } from '../../core/app/app-access';
import {
  presentAppDefinition,
  presentAppDetail,
  presentAppSummary,
  presentAppWrite,
} from '../../core/app/present-app';
import { isAtelierError } from '../../core/errors';
import { presentAsset } from '../../core/run/present-asset';
import { presentRunSummary } from '../../core/run/present-run';
import { getRun } from '../commands/get-run';
import { listApps } from '../commands/list-apps';
import { listAssets } from '../commands/list-assets';
import { listRuns } from '../commands/list-runs';
import { createApp } from '../commands/create-app';
import { deleteApp } from '../commands/delete-app';
import { listNodeTypes } from '../commands/list-node-types';
import { loadUsableApp, ownership } from '../commands/load-app';
import { updateApp } from '../commands/update-app';
import { startRun } from '../commands/start-run';
import type { ApiDeps } from '../deps';
import { assertStorableInput } from '../validate';
import { formatTrpcError, toTrpcError } from './errors';
import {
  AppCreateInput,
  AppGetInput,
  AppUpdateInput,
  AppsListInput,
  AssetsListInput,
  RunGetInput,
  RunsListInput,
  RunStartInput,
} from './schema';

export interface TrpcContext {
  deps: ApiDeps;
  caller: Caller;
}

const t = initTRPC.context<TrpcContext>().create({ isDev: false, errorFormatter: formatTrpcError });

/** Errors in the contract's codes; input PostgreSQL cannot store is refused here, as on /v1. */
const procedure = t.procedure.use(async ({ next, getRawInput }) => {
  try {
    assertStorableInput(await getRawInput(), 'input');
  } catch (err) {
    throw toTrpcError(err);
  }
  const result = await next();
  if (!result.ok) throw toTrpcError(isAtelierError(result.error.cause) ? result.error.cause : result.error);
  return result;
});

/**
 * The same operations as /v1 for TypeScript agents, typed end to end: the procedures call the commands
 * the HTTP routes call, so rules and shapes are the same.
 */
export const appRouter = t.router({
  apps: t.router({
    list: procedure.input(AppsListInput).query(async ({ ctx, input }) => {
      const apps = await listApps(ctx.deps, ctx.caller, { search: input.search, publicLimit: input.limit });
      return apps.map(presentAppSummary);
    }),
    get: procedure
      .input(AppGetInput)
      .query(async ({ ctx, input }) =>
        presentAppDetail(await loadUsableApp(ctx.deps.db, input.appId, ctx.caller)),
      ),
    definition: procedure.input(AppGetInput).query(async ({ ctx, input }) => {
      const app = await loadUsableApp(ctx.deps.db, input.appId, ctx.caller);
      return presentAppDefinition(app, canEditApp(ownership(app.row), ctx.caller));
    }),
    create: procedure.input(AppCreateInput).mutation(async ({ ctx, input }) => {
      const { validateOnly, ...body } = input;
      return presentAppWrite(await createApp(ctx.deps, ctx.caller, body, { validateOnly }), ctx.deps.costs);
    }),
    update: procedure.input(AppUpdateInput).mutation(async ({ ctx, input }) => {
      const { validateOnly, appId, ...body } = input;
      const result = await updateApp(ctx.deps, ctx.caller, appId, body, { validateOnly });
      return presentAppWrite(result, ctx.deps.costs);
    }),
    remove: procedure
      .input(AppGetInput)
      .mutation(({ ctx, input }) => deleteApp(ctx.deps, ctx.caller, input.appId)),
  }),
  nodeTypes: t.router({ list: procedure.query(({ ctx }) => listNodeTypes(ctx.deps)) }),
  runs: t.router({
    start: procedure.input(RunStartInput).mutation(async ({ ctx, input }) => {
      const app = await loadUsableApp(ctx.deps.db, input.appId, ctx.caller);
      return startRun(ctx.deps, ctx.caller, app, {
        inputs: input.inputs,
        inputOverrides: {},
        outputs: input.outputs,
        webhookUrl: null,
        sandbox: input.test,
        source: 'api',
      });
    }),
    get: procedure
      .input(RunGetInput)
      .query(async ({ ctx, input }) => getRun(ctx.deps, ctx.caller, input.runId)),
    list: procedure.input(RunsListInput).query(async ({ ctx, input }) => {
      const { rows, total } = await listRuns(ctx.deps, ctx.caller, input);
      return {
        data: rows.map(presentRunSummary),
        pagination: { total, limit: input.limit, offset: input.offset },
      };
    }),
  }),
  assets: t.router({
    list: procedure.input(AssetsListInput).query(async ({ ctx, input }) => {
      const { rows, total } = await listAssets(ctx.deps, ctx.caller, input);
      return {
        data: rows.map(presentAsset),
        pagination: { total, limit: input.limit, offset: input.offset },
      };
    }),
  }),
});

export type AppRouter = typeof appRouter;
