import { MockActivityEnvironment } from '@temporalio/testing';
import { activityLogContext } from '../../worker/activity-log-context';
import { capturingLogger } from '../support/log-capture';

const RUN_ID = '0b8c2a4e-5f6d-4e7a-9b1c-2d3e4f5a6b7c';

/** An activity environment of `workflowId` with the worker's log-context interceptor. */
const environment = (workflowId: string, activityType: string) =>
  new MockActivityEnvironment(
    { activityType, workflowExecution: { workflowId, runId: 'temporal-execution-id' } },
    { interceptors: [activityLogContext] },
  );

describe('activity log context', () => {
  test('every line logged inside an activity names its run, workflow and activity type', async () => {
    const { logger, lines } = capturingLogger();
    await environment(RUN_ID, 'textGenerate').run(async () => {
      logger.info('provider called');
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ nodeId: 'draft' }).warn({ attempt: 2 }, 'provider slow');
    });
    logger.info('between activities');

    expect(lines.map((l) => [l.msg, l.runId, l.workflowId, l.activityType])).toEqual([
      ['provider called', RUN_ID, RUN_ID, 'textGenerate'],
      ['provider slow', RUN_ID, RUN_ID, 'textGenerate'],
      ['between activities', undefined, undefined, undefined],
    ]);
  });

  test("a webhook delivery's activities log the run they deliver for", async () => {
    const { logger, lines } = capturingLogger();
    await environment(`${RUN_ID}/webhook/r2`, 'attemptWebhook').run(async () => logger.info('POST'));
    expect(lines[0]).toMatchObject({ runId: RUN_ID, workflowId: `${RUN_ID}/webhook/r2` });
  });

  test('a field given at the call wins over the context', async () => {
    const { logger, lines } = capturingLogger();
    await environment(RUN_ID, 'recordNode').run(async () => logger.info({ runId: 'explicit' }, 'x'));
    expect(lines[0].runId).toBe('explicit');
  });
});
