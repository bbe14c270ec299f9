import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Caller } from '../../core/app/app-access';
import { appAccess } from '../../core/app/app-access';
import { ERROR_CODES, isAtelierError, notFound } from '../../core/errors';
import { isUuid } from '../../core/ids';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../core/limits';
import { listVisibleApps } from '../../adapters/db/apps';
import { listAssets } from '../../adapters/db/assets';
import { findRun, findRunNodes, listRuns } from '../../adapters/db/runs';
import { presentRun, presentRunSummary } from '../../adapters/db/run-view';
import { compileRow, loadUsableApp, ownership } from '../apps/app-store';
import { presentAppDetail, presentAppSummary } from '../apps/presenter';
import { presentAsset } from '../assets/routes';
import type { ApiDeps } from '../deps';
import { startRun } from '../runs/start-run';

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

const uuid = z.string().refine(isUuid, 'not found');
const page = {
  limit: z.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  offset: z.number().int().min(0).default(0),
};

/**
 * The same operations as /v1 for TypeScript agents, typed end to end: the procedures call the services
 * the HTTP routes call, so rules and shapes are the same.
 */
export const appRouter = t.router({
  apps: t.router({
    list: procedure
      .input(
        z
          .object({ search: z.string().max(200).optional(), limit: z.number().int().min(0).optional() })
          .default({}),
      )
      .query(async ({ ctx, input }) => {
        const rows = await listVisibleApps(ctx.deps.db, ctx.caller.workspaceId, {
          search: input.search,
          publicLimit: input.limit,
        });
        const own = rows.own.filter((row) => appAccess(ownership(row), ctx.caller) === 'use');
        return [...own, ...rows.public].map((row) => presentAppSummary(compileRow(row)));
      }),
    get: procedure
      .input(z.object({ appId: uuid }))
      .query(async ({ ctx, input }) =>
        presentAppDetail(await loadUsableApp(ctx.deps.db, input.appId, ctx.caller)),
      ),
  }),
  runs: t.router({
    start: procedure
      .input(
        z.object({
          appId: uuid,
          inputs: z.record(z.string(), z.unknown()).default({}),
          outputs: z.array(z.string()).optional(),
          test: z.boolean().default(false),
        }),
      )
      .mutation(async ({ ctx, input }) => {
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
    get: procedure.input(z.object({ runId: uuid })).query(async ({ ctx, input }) => {
      const run = await findRun(ctx.deps.db, input.runId, ctx.caller.workspaceId);
      if (!run) throw notFound('Run');
      return presentRun(run, await findRunNodes(ctx.deps.db, run.id));
    }),
    list: procedure
      .input(
        z
          .object({
            appId: uuid.optional(),
            status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']).optional(),
            ...page,
          })
          .default({ limit: PAGE_LIMIT_DEFAULT, offset: 0 }),
      )
      .query(async ({ ctx, input }) => {
        const { rows, total } = await listRuns(ctx.deps.db, ctx.caller.workspaceId, input);
        return {
          data: rows.map(presentRunSummary),
          pagination: { total, limit: input.limit, offset: input.offset },
        };
      }),
  }),
  assets: t.router({
    list: procedure
      .input(
        z
          .object({
            runId: uuid.optional(),
            type: z.enum(['image', 'video', 'audio', 'text']).optional(),
            ...page,
          })
          .default({ limit: PAGE_LIMIT_DEFAULT, offset: 0 }),
      )
      .query(async ({ ctx, input }) => {
        const { rows, total } = await listAssets(ctx.deps.db, ctx.caller.workspaceId, input);
        return {
          data: rows.map(presentAsset),
          pagination: { total, limit: input.limit, offset: input.offset },
        };
      }),
  }),
});

export type AppRouter = typeof appRouter;
