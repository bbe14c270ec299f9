import { createApiKey } from '../../../adapters/db/api-keys';
import { createWorkspace } from '../../../adapters/db/workspaces';
import { waitForEnd } from '../../support/runs';
import type { TestUser } from '../../support/seed';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a'; // one image.generate node: 4 credits

describe('credit overspend: concurrent runs of one workspace (issue 12 item 2)', () => {
  let stack: TestStack;
  let user: TestUser;
  const usage = async () =>
    (await stack.http.get('/v1/account/usage').set('x-api-key', user.key)).body.data.credits;

  beforeAll(async () => {
    stack = await createTestStack();
    const db = stack.services.database.db;
    const workspace = await createWorkspace(db, 'forty-credits', 40);
    const { key } = await createApiKey(db, {
      workspaceId: workspace.workspaceId,
      userId: workspace.ownerId,
    });
    user = { workspaceId: workspace.workspaceId, userId: workspace.ownerId, key };
  });
  afterAll(() => stack.close());

  test('30 concurrent Quote Card starts with 40 credits: 10 accepted, 20 refused 403 FORBIDDEN, the final balance 0', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        stack.http
          .post(`/v1/apps/${QUOTE_CARD}/runs`)
          .set('x-api-key', user.key)
          .send({ inputs: { quote: `Spend wisely, number ${i}` } }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status !== 202);
    expect(accepted).toHaveLength(10);
    expect(refused.map((a) => [a.status, a.body.code, a.body.retryable])).toEqual(
      Array(20).fill([403, 'FORBIDDEN', false]),
    );
    const inFlight = await usage();
    expect(inFlight.balance).toBeGreaterThanOrEqual(0);
    expect(inFlight.balance + inFlight.reserved + inFlight.totalSpent).toBe(40);

    const ended = await Promise.all(accepted.map((a) => waitForEnd(stack, user, a.body.data.runId)));
    expect(ended.map((run) => run.status)).toEqual(Array(10).fill('completed'));
    expect(await usage()).toEqual({ balance: 0, totalEarned: 40, totalSpent: 40, reserved: 0 });
  });
});
