import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

/** The activities of the floor workflows: each returns at once. */
export interface FloorActivities {
  noop(): Promise<void>;
  record(): Promise<void>;
}

const { noop } = proxyActivities<FloorActivities>({ startToCloseTimeout: '10s' });
const { record } = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '10s' });

/** The Temporal floor: five sequential no-op activities, nothing else. */
export async function fiveNoops(): Promise<void> {
  for (let i = 0; i < 5; i++) await noop();
}

/**
 * The floor with runApp's recording pattern (run running, then node running -> activity -> node completed,
 * then run completed) done as no-op local activities: the orchestration cost of the records without their I/O.
 */
export async function fiveNoopsWithRecords(): Promise<void> {
  await record();
  for (let i = 0; i < 5; i++) {
    await record();
    await noop();
    await record();
  }
  await record();
}
