import type { ActivityDeps } from './deps';
import { audioActivities } from './audio-nodes';
import { imageActivities } from './image-nodes';
import { qualityActivities } from './quality-check';
import { runRecordActivities } from './run-records';
import { textActivities } from './text-nodes';
import { videoActivities } from './video-nodes';
import { webhookActivities } from './webhook-delivery';

export type { ActivityDeps } from './deps';

/** Every activity of Atelier, built over real dependencies by the worker (or fakes in tests). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...runRecordActivities(deps),
    ...textActivities(deps),
    ...imageActivities(deps),
    ...videoActivities(deps),
    ...audioActivities(deps),
    ...qualityActivities(deps),
    ...webhookActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
