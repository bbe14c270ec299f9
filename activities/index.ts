import { createNodeActivities } from '../nodes/activities';
import type { ActivityDeps } from './deps';
import { localNodeActivities } from './local-node';
import { runRecordActivities } from './run-records';
import { webhookActivities } from './webhook-delivery';

export type { ActivityDeps } from './deps';

/** Every activity of Atelier, built over real dependencies by the worker (or fakes in tests). */
export function createActivities(deps: ActivityDeps) {
  const records = runRecordActivities(deps);
  const nodes = createNodeActivities(deps);
  return {
    ...records,
    ...nodes,
    ...localNodeActivities(records, nodes),
    ...webhookActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
