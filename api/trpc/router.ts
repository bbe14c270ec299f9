import { initTRPC, TRPCError } from '@trpc/server';
import type { Caller } from '../../core/app/app-access';
import { presentAppDetail, presentAppSummary } from '../../core/app/present-app';
import { ERROR_CODES, isAtelierError } from '../../core/errors';
import { presentAsset } from '../../core/run/present-asset';
import { presentRunSummary } from '../../core/run/present-run';
import { getRun } from '../commands/get-run';
import { listApps } from '../commands/list-apps';
import { listAssets } from '../commands/list-assets';
import { listRuns } from '../commands/list-runs';
import { loadUsableApp } from '../commands/load-app';
import { startRun } from '../commands/start-run';
import type { ApiDeps } from '../deps';
import {
  AppGetInput,
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

const t = initTRPC.context<TrpcContext>().create();

/** The contract's codes as tRPC codes; the message and the contract code travel in the error. */
const TRPC_CODES: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  if (isAtelierError(err))
    return new TRPCError({
      code: TRPC_CODES[ERROR_CODES[err.code].status] ?? 'INTERNAL_SERVER_ERROR',
      message: `${err.code}: ${err.message}`,
      cause: err,
    });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' });
}

const procedure = t.procedure.use(async ({ next }) => {
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
  }),
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
