import { createNodeActivities } from '../nodes/activities';
import type { ActivityDeps } from './deps';
import { runRecordActivities } from './run-records';
import { webhookActivities } from './webhook-delivery';

export type { ActivityDeps } from './deps';

/** Every activity of Atelier, built over real dependencies by the worker (or fakes in tests). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...runRecordActivities(deps),
    ...createNodeActivities(deps),
    ...webhookActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
