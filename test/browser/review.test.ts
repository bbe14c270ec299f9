import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, startConsoleStack, type ConsoleStack } from '../support/browser';

const DESKTOP = { width: 1280, height: 900 };
const RUN_TIMEOUT = 60_000;
/** catalog/apps/campaign-set-approval.json: key visual -> quality check -> review -> three formats. */
const CAMPAIGN_APP = '6031edac-7cdb-451a-8a9b-5ff29a6f2996';

/**
 * Reviewing a run in the console (issue 24 items 1 and 5): the approval panel shows the key visual at full
 * size with its quality score, "reject and revise with this comment" comes back to review, approve
 * completes, the history keeps every decision, feedback and summary across a reload, the runs waiting for
 * a person are counted in the navigation and filtered in the Runs list, and a run starts again with the
 * same inputs. Pictures go to .test-data/screenshots/review-*.png.
 */
describe('console review (browser)', () => {
  let env: ConsoleStack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    env = await startConsoleStack();
    context = await env.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  const startCampaign = async (campaign: string): Promise<string> => {
    const res = await env.stack.http
      .post(`/v1/apps/${CAMPAIGN_APP}/runs`)
      .set('x-api-key', env.stack.users.owner.key)
      .send({ inputs: { campaign, palette: 'Autumn' } });
    expect(res.status).toBe(202);
    return res.body.data.runId as string;
  };
  const approvalPanel = () => page.locator('section[data-approval="review"]');
  const history = (revision: number) => page.locator(`.history-entry[data-revision="${revision}"]`);
  const shoot = (name: string) => screenshot(page, `review-${name}`);

  test('sign in; a waiting run is counted in the navigation and shows the key visual at full size with its quality', async () => {
    const runId = await startCampaign('Autumn coffee menu, pumpkin spice is back');
    await page.goto(`${env.origin}/console/`);
    await page.getByLabel('API key').fill(env.stack.users.owner.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();

    await page.goto(`${env.origin}/console/runs/${runId}`);
    await approvalPanel().waitFor({ timeout: RUN_TIMEOUT });
    await page.locator('.page-header .status-awaiting_approval').waitFor();
    await page.locator('.nav-count', { hasText: '1' }).waitFor();

    const panel = approvalPanel();
    await panel.getByText('Check the key visual against the brand guidelines', { exact: false }).waitFor();
    const image = panel.locator('figure[data-reviewing="key_visual"] img');
    await image.waitFor();
    await page.waitForFunction(
      (img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0,
      await image.elementHandle(),
    );
    const size = await image.evaluate((img) => {
      const el = img as unknown as { naturalWidth: number; getBoundingClientRect(): { width: number } };
      return { natural: el.naturalWidth, shown: el.getBoundingClientRect().width };
    });
    expect(size.natural).toBeGreaterThan(0);
    // At full size: not shrunk into a preview (the card may be narrower than the picture).
    expect(size.shown).toBeGreaterThan(Math.min(size.natural, 700) - 2);
    await panel.locator('.quality', { hasText: /Quality \d\.\d\d/ }).waitFor();
    await panel.getByText(/threshold 0\.60/).waitFor();
    await shoot('01-approval-panel');

    // Per-node outputs and timings, and the inputs the run was started with.
    await page.locator('tr[data-node="key_visual"] img.node-output').waitFor();
    await page.locator('tr[data-node="visual_check"] .quality').waitFor();
    const inputs = page.locator('section[aria-labelledby="inputs-title"]');
    await inputs.getByText('Autumn coffee menu, pumpkin spice is back').waitFor();
    await inputs.getByText('Available now').waitFor();
  }, 120_000);

  test('reject and revise with a comment comes back to review in a new revision; approve completes; a reload keeps the history', async () => {
    const panel = approvalPanel();
    await panel.getByLabel('Comment').fill('Make the colours warmer and brighter');
    await panel.getByRole('button', { name: 'Reject and revise with this comment' }).click();

    // Revision 2 runs the key visual again and waits for review once more.
    await history(2).waitFor({ timeout: RUN_TIMEOUT });
    await page.getByText('revision 2', { exact: false }).first().waitFor();
    await approvalPanel()
      .locator('figure[data-reviewing="key_visual"] img')
      .waitFor({ timeout: RUN_TIMEOUT });
    await history(2).getByText('Revised after a rejection').waitFor();
    await history(2).getByText('Make the colours warmer and brighter').waitFor();
    await history(1)
      .locator('.review-line[data-decision="reject"]', { hasText: 'Make the colours warmer and brighter' })
      .waitFor();
    await shoot('02-revised-back-to-review');

    await approvalPanel().getByLabel('Comment').fill('Warm enough now');
    await approvalPanel().getByRole('button', { name: 'Approve' }).click();
    await page.locator('.page-header .status-completed').waitFor({ timeout: RUN_TIMEOUT });
    await history(2)
      .locator('.review-line[data-decision="approve"]', { hasText: 'Warm enough now' })
      .waitFor();
    const took = await page.getByTestId('run-took').textContent();
    expect(took).toMatch(/\d( ms| s|\.\d s| min)/);

    await page.reload();
    await page.locator('.page-header .status-completed').waitFor();
    await history(2).getByText('Make the colours warmer and brighter').waitFor();
    await history(2).locator('.revision-summary').waitFor();
    await history(1).locator('.review-line[data-decision="reject"]').waitFor();
    await history(2).locator('.review-line[data-decision="approve"]').waitFor();
    await page.locator('tr[data-node="review"] .review-line[data-decision="approve"]').waitFor();
    await shoot('03-history-after-reload');
  }, 180_000);

  test('run again with the same inputs; the new run is in the Runs list under "awaiting approval"', async () => {
    const finished = page.url();
    await page.getByRole('button', { name: 'Run again' }).click();
    await page.waitForURL((url) => url.href !== finished && /\/console\/runs\/[0-9a-f-]{36}$/.test(url.href));
    const againId = page.url().split('/').pop()!;
    await approvalPanel().waitFor({ timeout: RUN_TIMEOUT });
    await page
      .locator('section[aria-labelledby="inputs-title"]')
      .getByText('Autumn coffee menu, pumpkin spice is back')
      .waitFor();

    await page.getByRole('link', { name: /^Runs/ }).click();
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    await page.getByLabel('Status').selectOption('awaiting_approval');
    await page.waitForURL(/status=awaiting_approval/);
    const rows = page.locator('.runs-table tbody tr');
    // The unfiltered page stays until the filtered one arrives: wait for the finished run to leave.
    await page.locator('.runs-table .status-completed').waitFor({ state: 'detached' });
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await rows.first().locator('.status-awaiting_approval').waitFor();
    await rows
      .first()
      .getByRole('link', { name: againId.slice(0, 8) })
      .waitFor();
    await shoot('04-runs-awaiting-approval');

    // "Edit inputs and run again" opens the app's form filled with this run's inputs.
    await page.goto(`${env.origin}/console/runs/${againId}`);
    await page.getByRole('link', { name: 'Edit inputs and run again' }).click();
    await page.getByRole('heading', { name: 'Campaign Asset Set with Review', level: 1 }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Campaign', exact: true }).inputValue()).resolves.toBe(
      'Autumn coffee menu, pumpkin spice is back',
    );
    await env.stack.http
      .post(`/v1/runs/${againId}/cancel`)
      .set('x-api-key', env.stack.users.owner.key)
      .expect(200);
  }, 120_000);

  test('a plain rejection fails the run, and the console offers to revise it with the comment', async () => {
    const runId = await startCampaign('Winter tea launch');
    await page.goto(`${env.origin}/console/runs/${runId}`);
    await approvalPanel().waitFor({ timeout: RUN_TIMEOUT });
    await approvalPanel().getByLabel('Comment').fill('Too dark');
    await approvalPanel().getByRole('button', { name: 'Reject', exact: true }).click();
    await page.locator('.page-header .status-failed').waitFor({ timeout: RUN_TIMEOUT });
    const rejected = page.locator('section[aria-labelledby="rejected-title"]');
    await expect(rejected.getByLabel('What should change?').inputValue()).resolves.toBe('Too dark');
    await shoot('05-rejected');
    await rejected.getByRole('button', { name: 'Revise with this comment' }).click();
    await history(2).waitFor({ timeout: RUN_TIMEOUT });
    await approvalPanel().waitFor({ timeout: RUN_TIMEOUT });
    await env.stack.http
      .post(`/v1/runs/${runId}/cancel`)
      .set('x-api-key', env.stack.users.owner.key)
      .expect(200);
  }, 120_000);
});
