import { insertApp } from '../../adapters/db/apps';
import { newId } from '../../core/ids';
import { scrapeMetrics, TEST_METRICS_TOKEN, type Sample } from '../support/prometheus';
import { startAppRun, waitForEnd } from '../support/runs';
import { createTestStack, type TestStack } from '../support/stack';
import { CHAIN_APP } from './webhooks/test-apps';

const APPS = 100;
/** Runs in flight at once: enough to be a burst, few enough for two shared cores. */
const AT_ONCE = 10;

/** Atelier's own series (name and labels), the ones a tenant could grow; Node's and Temporal's are not theirs. */
const atelierSeries = (samples: Sample[]) =>
  new Set(samples.filter((s) => s.name.startsWith('atelier_runs_')).map((s) => JSON.stringify(s)));
const seriesKeys = (samples: Sample[]) =>
  new Set(
    samples.filter((s) => s.name.startsWith('atelier_')).map((s) => `${s.name}${JSON.stringify(s.labels)}`),
  );

describe('issue 27 item 5: /metrics leaked private app ids, and tenants could grow it without bound', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await createTestStack({
      config: { METRICS_TOKEN: TEST_METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: '100000' },
    });
  });
  afterAll(() => stack.close());

  /** A private app of the owner's workspace, a copy of the chain app under a new id. */
  async function createPrivateApp(): Promise<string> {
    const appId = newId();
    await insertApp(
      stack.services.database.db,
      { ...CHAIN_APP, appId, name: `Private ${appId}` },
      {
        workspaceId: stack.users.owner.workspaceId,
        creatorId: stack.users.owner.userId,
        visibility: 'private',
      },
    );
    return appId;
  }

  async function runToEnd(appId: string): Promise<void> {
    const runId = await startAppRun(stack, stack.users.owner, appId, { topic: 'lighthouses' });
    expect((await waitForEnd(stack, stack.users.owner, runId)).status).toBe('completed');
  }

  test('100 new private apps, each run once, add no series and no app id to the exposition', async () => {
    // One run of one custom app first, so every series a run of a custom app makes exists already.
    // A scrape adds the series of its own request: the baseline is the second scrape.
    await runToEnd(await createPrivateApp());
    await scrapeMetrics(stack.http);
    const before = await scrapeMetrics(stack.http);

    const appIds: string[] = [];
    for (let i = 0; i < APPS; i++) appIds.push(await createPrivateApp());
    for (let i = 0; i < APPS; i += AT_ONCE) await Promise.all(appIds.slice(i, i + AT_ONCE).map(runToEnd));

    const after = await scrapeMetrics(stack.http);
    const text = (samples: Sample[]) => samples.map((s) => JSON.stringify(s.labels)).join('\n');
    expect([...seriesKeys(after)].filter((key) => !seriesKeys(before).has(key))).toEqual([]);
    expect(seriesKeys(after).size).toBe(seriesKeys(before).size);
    for (const appId of appIds) expect(text(after)).not.toContain(appId);
    // The runs were counted, under the bounded label.
    const started = [...atelierSeries(after)].map((s) => JSON.parse(s) as Sample);
    expect(
      started.filter((s) => s.name === 'atelier_runs_started_total').map((s) => [s.labels.app, s.value]),
    ).toEqual([['custom', APPS + 1]]);
  }, 300_000);
});
