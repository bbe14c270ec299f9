import type { KyselyPlugin } from 'kysely';
import { findApp } from '../../../adapters/db/apps';
import { insertRun, recordRunState } from '../../../adapters/db/runs';
import { newId } from '../../../core/ids';
import { compileRow } from '../../../api/commands/load-app';
import { waitForRun } from '../../../api/commands/follow-run';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('waitForRun', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await createTestStack({ workers: false });
  });
  afterAll(() => stack.close());

  test('a completion published while the first read is in flight is not missed', async () => {
    const db = stack.deps.db;
    const app = compileRow((await findApp(db, QUOTE_CARD))!);
    const runId = newId();
    await insertRun(db, {
      id: runId,
      workspace_id: stack.users.owner.workspaceId,
      app_id: QUOTE_CARD,
      user_id: stack.users.owner.userId,
      status: 'running',
      source: 'api',
      inputs: JSON.stringify({ quote: 'race', author: '', palette: 'Dark' }),
      plan: JSON.stringify(app.plan),
      execute: JSON.stringify(app.plan.nodes.map((n) => n.id)),
      revision: 1,
      webhook_url: null,
      cost_credits: 0,
    });
    // The worker finishes the run after the waiter's first read has seen it running, but before that read returns.
    let fired = false;
    const completeDuringFirstRead: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const row = args.result.rows[0] as { id?: string; status?: string } | undefined;
        if (!fired && row?.id === runId && row.status === 'running') {
          fired = true;
          await recordRunState(db, { runId, revision: 1, status: 'completed', errorMessage: null });
          await stack.deps.bus.publish({ runId, kind: 'run', status: 'completed' });
        }
        return args.result;
      },
    };
    const started = Date.now();
    const result = await waitForRun(db.withPlugin(completeDuringFirstRead), stack.deps.bus, runId, 5000);
    expect(fired).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.run.status).toBe('completed');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
