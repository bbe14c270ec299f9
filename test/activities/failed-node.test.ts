import { sql } from 'kysely';
import sharp from 'sharp';
import { runRecordActivities } from '../../activities/run-records';
import { outputKey, storeMedia } from '../../activities/store-output';
import type { NodeTask } from '../../core/run/run-types';
import { activityDeps } from '../../worker/start-worker';
import { testLogger } from '../support/logger';
import { startAppRun, waitForEnd } from '../support/runs';
import { createTestStack, type TestStack } from '../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a'; // card (image.generate) -> out

describe('a node that fails after writing its file (issue 12 item 7)', () => {
  let stack: TestStack;
  let runId: string;
  const db = () => stack.services.database.db;
  const deps = () => activityDeps(stack.config, stack.services, testLogger);
  const task = (nodeId: string): NodeTask => ({
    runId,
    workspaceId: stack.users.owner.workspaceId,
    revision: 1,
    variation: 1,
    node: { id: nodeId, type: 'image.generate', label: nodeId, parents: [], produces: 'image', config: {} },
    parents: [],
  });
  const assetsOf = (nodeId: string) =>
    db()
      .selectFrom('assets')
      .select('id')
      .where('run_id', '=', runId)
      .where('node_id', '=', nodeId)
      .execute();
  const debitsOf = () =>
    db().selectFrom('credit_ledger').select('amount').where('run_id', '=', runId).execute();

  beforeAll(async () => {
    stack = await createTestStack();
    // The database refuses the card's asset row after its file is stored, as it refused the json of a cut
    // surrogate pair in the issue.
    await sql`CREATE FUNCTION refuse_card_asset() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.node_id = 'card' THEN RAISE EXCEPTION 'invalid input syntax for type json'; END IF;
        RETURN NEW;
      END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_card_asset BEFORE INSERT OR UPDATE ON assets
      FOR EACH ROW EXECUTE FUNCTION refuse_card_asset()`.execute(db());
  });
  afterAll(() => stack.close());

  test('leaves no stored object, no asset row and no charge; the run fails and its reservation is released', async () => {
    runId = await startAppRun(stack, stack.users.owner, QUOTE_CARD, { quote: 'Nothing left behind' });
    const run = await waitForEnd(stack, stack.users.owner, runId);

    expect(run).toMatchObject({
      status: 'failed',
      errorMessage: expect.stringContaining('invalid input syntax'),
    });
    expect(await stack.services.storage.stat(outputKey(task('card'), 'image/png'))).toBeNull();
    expect(await assetsOf('card')).toEqual([]);
    expect(await debitsOf()).toEqual([]);
    const usage = await stack.http.get('/v1/account/usage').set('x-api-key', stack.users.owner.key);
    expect(usage.body.data.credits).toEqual({ balance: 1000, totalEarned: 1000, totalSpent: 0, reserved: 0 });
  });

  test('an output an earlier attempt stored (its answer lost) goes, file and row, when the node is recorded failed', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const stored = await storeMedia(
      deps(),
      task('poster'),
      'image',
      { buffer: png, mimeType: 'image/png' },
      {
        dimensions: { width: 8, height: 8 },
        durationSeconds: null,
        contentDescription: 'a square',
      },
    );
    expect(stored.kind === 'media' && (await stack.services.storage.stat(stored.ref.key))).toBeTruthy();
    expect(await assetsOf('poster')).toHaveLength(1);

    await runRecordActivities(deps()).recordNode({
      runId,
      nodeId: 'poster',
      nodeType: 'image.generate',
      revision: 1,
      status: 'failed',
      output: null,
      error: 'retries exhausted',
    });
    expect(await stack.services.storage.stat(outputKey(task('poster'), 'image/png'))).toBeNull();
    expect(await assetsOf('poster')).toEqual([]);
    expect(await debitsOf()).toEqual([]);
  });
});
