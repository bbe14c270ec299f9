import Router from '@koa/router';
import { listNodeTypes } from '../commands/list-node-types';
import type { ApiDeps } from '../deps';

/** GET /v1/node-types: the builder's palette (config JSON Schema, produces, parents, credits per node). */
export function nodeTypesRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/node-types', (ctx) => {
    ctx.body = { data: listNodeTypes(deps) };
  });
  return router;
}
