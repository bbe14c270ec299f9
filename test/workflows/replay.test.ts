import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HistoryAndWorkflowId } from '@temporalio/client';
import { Worker, type ReplayWorkerOptions } from '@temporalio/worker';
import { historyFromJSON as historyFromJson } from '@temporalio/common/lib/proto-utils';
import { installRuntimeLogging } from '../../worker/runtime-logging';
import { testLogger } from '../support/logger';
import { testWorkflowBundlePath } from '../support/temporal';

/**
 * Every recorded history (test/fixtures/histories, made by `npm run record-histories`) must replay against
 * the current workflow code: a failure here means a change would break runs already in flight (docs/replay.md).
 */
const HISTORIES_DIR = path.join(__dirname, '..', 'fixtures', 'histories');
const files = readdirSync(HISTORIES_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (file: string): unknown => JSON.parse(readFileSync(path.join(HISTORIES_DIR, file), 'utf8'));
const scenario = (file: string) => file.replace(/\.json$/, '');

type JsonEvent = Record<string, unknown> & { eventType: string };

/** A copy of a recorded history with one event changed, as a changed workflow would see it. */
function edited(file: string, change: (events: JsonEvent[]) => void): HistoryAndWorkflowId {
  const json = load(file) as { events: JsonEvent[] };
  change(json.events);
  return { workflowId: `edited-${scenario(file)}`, history: historyFromJson(json) };
}

async function replayAll(options: ReplayWorkerOptions, histories: HistoryAndWorkflowId[]) {
  const results: { workflowId: string; error?: Error }[] = [];
  for await (const result of Worker.runReplayHistories(options, histories)) results.push(result);
  return results;
}

describe('replay of recorded runApp histories', () => {
  // The bundle of the current workflow code, built once by the Jest global setup.
  const options = (): ReplayWorkerOptions => ({ workflowBundle: { codePath: testWorkflowBundlePath() } });
  let results: Map<string, Error | undefined>;

  beforeAll(async () => {
    installRuntimeLogging(testLogger);
    const replayed = await replayAll(
      options(),
      files.map((file) => ({ workflowId: scenario(file), history: historyFromJson(load(file)) })),
    );
    results = new Map(replayed.map((r) => [r.workflowId, r.error]));
  });

  test('the fixtures cover the core scenarios', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'linear-run.json',
        'parallel-branches.json',
        'failed-run.json',
        'approval.json',
        'cancelled-run.json',
        'webhook-handoff.json',
        'webhook-schedule.json',
      ]),
    );
  });

  test.each(files)('%s replays without error', (file) => {
    expect(results.has(scenario(file))).toBe(true);
    const error = results.get(scenario(file));
    expect(error && `${error.name}: ${error.message}`).toBeUndefined();
  });

  test('a history whose activity type changed is a DeterminismViolationError', async () => {
    const changed = edited('linear-run.json', (events) => {
      const scheduled = events.find((e) => e.eventType === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED')!;
      const attributes = scheduled.activityTaskScheduledEventAttributes as { activityType: { name: string } };
      expect(attributes.activityType.name).toBe('textGenerate');
      attributes.activityType.name = 'imageGenerate';
    });
    const [result] = await replayAll(options(), [changed]);

    expect(result.error?.name).toBe('DeterminismViolationError');
    expect(result.error?.message).toMatch(/imageGenerate|textGenerate/);
  });

  test('a workflow that starts its parallel branches in another order is a DeterminismViolationError', async () => {
    const changed = edited('parallel-branches.json', (events) => {
      const scheduled = events
        .filter((e) => e.eventType === 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED')
        .map((e) => e.activityTaskScheduledEventAttributes as { activityType: { name: string } });
      expect(scheduled.map((a) => a.activityType.name)).toEqual(['textGenerate', 'imageGenerate']);
      [scheduled[0].activityType.name, scheduled[1].activityType.name] = ['imageGenerate', 'textGenerate'];
    });
    const [result] = await replayAll(options(), [changed]);

    expect(result.error?.name).toBe('DeterminismViolationError');
  });

  test('runReplayHistory throws a ReplayError for a workflow type the bundle does not export', async () => {
    const changed = edited('approval.json', (events) => {
      const attributes = events[0].workflowExecutionStartedEventAttributes as {
        workflowType: { name: string };
      };
      attributes.workflowType.name = 'runAppRenamed';
    });

    const error = await Worker.runReplayHistory(options(), changed.history, changed.workflowId).then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.name).toBe('ReplayError');
    expect(error?.message).toMatch(/runAppRenamed/);
  });
});
