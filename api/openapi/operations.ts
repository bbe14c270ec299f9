import { ACCOUNT_OPERATIONS } from './operations-account';
import { APP_OPERATIONS } from './operations-apps';
import { COMPOUND_OPERATIONS } from './operations-compound';
import { INTELLIGENCE_OPERATIONS } from './operations-intelligence';
import { PUBLISHING_OPERATIONS } from './operations-publishing';
import { RUN_OPERATIONS } from './operations-runs';
import type { Operation } from './operation';
import { WEBHOOK_OPERATIONS } from './operations-webhooks';

export type { Operation, Tag } from './operation';
export { TAGS } from './operation';

/**
 * What the routers cannot say about themselves, by `METHOD /path` (one file per resource group,
 * operations-<group>.ts): the operationId, the tag, the zod schemas each route parses with, and every success
 * answer with its response schema (core/responses/) and an example. The OpenAPI document refuses a route
 * missing here and an entry no router declares; a test builds it from the real routers.
 */
export const OPERATIONS: Record<string, Operation> = {
  ...APP_OPERATIONS,
  ...RUN_OPERATIONS,
  ...COMPOUND_OPERATIONS,
  ...INTELLIGENCE_OPERATIONS,
  ...PUBLISHING_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
};
