import type { BrowserContext, Locator, Page } from 'playwright-core';
import { connectNodes, screenshot, startConsoleStack, type ConsoleStack } from '../support/browser';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const RUN_TIMEOUT = 45_000;

/**
 * The console in a real browser over the real stack: sign in, run an app and watch its graph complete,
 * build an app in the builder (a dangling edge is reported on the graph, then fixed), run it, refine a
 * run. Every page is photographed into .test-data/screenshots/.
 */
describe('console (browser)', () => {
  let env: ConsoleStack;
  let context: BrowserContext;
  let page: Page;
  let firstRunUrl = '';

  beforeAll(async () => {
    env = await startConsoleStack();
    context = await env.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  const nodeOnGraph = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
  const waitForRunCompleted = async () => {
    try {
      await page.locator('.page-header .status-completed').waitFor({ timeout: RUN_TIMEOUT });
    } catch (err) {
      await screenshot(page, 'failed-run-wait');
      throw err;
    }
  };

  test('sign in, open an app, run it, watch the graph reach completed and see the image', async () => {
    await page.goto(`${env.origin}/console/`);
    await screenshot(page, '01-sign-in');
    await page.getByLabel('API key').fill('atl_not_a_key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: /key/i }).waitFor();
    await page.getByLabel('API key').fill(env.stack.users.owner.key);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Image from Prompt' }).waitFor();
    await screenshot(page, '02-apps');
    await page.getByLabel('Search apps').fill('prompt');
    await page.getByRole('link', { name: 'Image from Prompt' }).click();

    await page.getByRole('heading', { name: 'Image from Prompt', level: 1 }).waitFor();
    await page.getByText('credits', { exact: true }).waitFor();
    await expectVisible(nodeOnGraph('image'));
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a lighthouse on a cliff at dawn');
    await page.getByRole('combobox', { name: 'Aspect ratio (optional)' }).selectOption('16:9');
    await page.getByRole('button', { name: 'Sandbox' }).click();
    await page.getByText('Sandbox: the inputs are valid.').waitFor();
    await screenshot(page, '03-app-detail');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/console\/runs\/[0-9a-f-]{36}$/);
    firstRunUrl = page.url();
    await waitForRunCompleted();
    for (const id of ['image', 'out'])
      await nodeOnGraph(id).locator('[data-status="completed"]').waitFor({ timeout: RUN_TIMEOUT });
    const image = page.locator('figure[data-output="Image"] img');
    await image.waitFor();
    const loaded = await image.evaluate((img) => {
      const { complete, naturalWidth, naturalHeight } = img as unknown as Record<string, number>;
      return { complete, ratio: naturalWidth / naturalHeight };
    });
    expect(loaded.complete).toBe(true);
    expect(loaded.ratio).toBeCloseTo(16 / 9, 1);
    await screenshot(page, '04-run-completed');
  }, 90_000);

  test('build a three-node app, see a dangling edge reported on the graph, fix it, save and run it', async () => {
    await page.getByRole('link', { name: 'Builder', exact: true }).click();
    await page.getByRole('heading', { name: 'Builder: new app' }).waitFor();
    const palette = (type: string) => page.locator(`.palette-item[data-node-type="${type}"]`);
    // Pressed, not dragged: each press adds one node beside the last (a drag from the palette, under
    // load, could be lost, made twice or end as a press on another palette item). Tidy up then lays the
    // three out and fits them in view, so no click aims at a node the view has moved under the palette.
    for (const [type, id] of [
      ['image.generate', 'image'],
      ['image.edit', 'edit'],
      ['output', 'out'],
    ] as const) {
      await palette(type).click();
      await nodeOnGraph(id).waitFor({ state: 'visible', timeout: 15_000 });
    }
    expect(await page.locator('.react-flow__node').count()).toBe(3);
    await page.getByRole('button', { name: 'Tidy up' }).click();

    // The app's one parameter, then the image node's prompt uses it.
    await page.getByRole('tab', { name: /Parameters/ }).click();
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Subject');
    await nodeOnGraph('image').click();
    await page.getByLabel(/^Prompt/).fill('{{subject}} in watercolour');

    // Connect image -> edit -> out by dragging from handle to handle.
    await connectNodes(page, 'image', 'edit');
    await connectNodes(page, 'edit', 'out');
    await page.locator('[data-check="valid"]').waitFor();

    // Point the last edge at a node that does not exist, as a typo in the JSON would.
    await page.getByRole('tab', { name: 'JSON' }).click();
    const source = page.getByLabel('Parameters and graph (JSON)');
    const json = JSON.parse(await source.inputValue());
    json.graph.edges = json.graph.edges.map((e: { source: string; target: string }) =>
      e.target === 'out' ? { source: 'edit', target: 'ghost' } : e,
    );
    await source.fill(JSON.stringify(json, null, 2));
    await page.getByRole('button', { name: 'Apply JSON' }).click();
    await page.locator('[data-check="invalid"]').waitFor();
    const problems = page.getByRole('list', { name: 'Problems', exact: true });
    await problems.getByText('dangling edge: no node "ghost"').waitFor();
    await nodeOnGraph('edit').locator('.flow-node-problems').getByText(/ghost/).waitFor();
    await nodeOnGraph('out')
      .locator('.flow-node-problems')
      .getByText(/needs 1 parents, has 0/)
      .waitFor();
    await screenshot(page, '05-builder-dangling-edge');

    await problems.getByRole('button', { name: 'Remove edge' }).click();
    await connectNodes(page, 'edit', 'out');
    await page.locator('[data-check="valid"]').waitFor();
    expect(await page.locator('.flow-node-invalid').count()).toBe(0);
    await page.getByRole('tab', { name: 'App' }).click();
    await page.getByLabel('Name').fill('Watercolour poster');
    await page.locator('[data-check="valid"]').waitFor();
    await screenshot(page, '06-builder-valid');

    await page.getByRole('button', { name: 'Save as new app' }).click();
    await page.getByText('Saved “Watercolour poster”, version 1.').waitFor();
    await page.getByRole('link', { name: 'Open the app to run it' }).click();
    await page.getByRole('heading', { name: 'Watercolour poster', level: 1 }).waitFor();
    await page.getByLabel('Subject').fill('a heron');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/console\/runs\//);
    await waitForRunCompleted();
    for (const id of ['image', 'edit', 'out'])
      await nodeOnGraph(id).locator('[data-status="completed"]').waitFor();
    await page.locator('figure[data-output="Output"] img').waitFor();
    await page.getByText('version 1').waitFor();
    await screenshot(page, '07-builder-app-run');
  }, 90_000);

  test('refine a run: a new revision runs in place and is listed', async () => {
    await page.goto(firstRunUrl);
    await waitForRunCompleted();
    await page.getByLabel('What should change?').fill('make the picture warmer, golden light');
    await page.getByRole('button', { name: 'Refine' }).click();
    await page.getByRole('status').filter({ hasText: 'Revision 2' }).waitFor();
    await page.getByText(/revision 2 ·/).waitFor();
    await waitForRunCompleted();
    await page.getByRole('heading', { name: 'Revision 2 (current)' }).waitFor({ timeout: RUN_TIMEOUT });
    await page.getByRole('heading', { name: 'Revision 1', exact: true }).waitFor();
    await screenshot(page, '08-run-refined');
  }, 90_000);

  test('runs, assets and usage pages, and every page at a phone width', async () => {
    await page.getByRole('link', { name: 'Runs', exact: true }).click();
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    await page.getByLabel('Status').selectOption('completed');
    await page.locator('.runs-table tbody tr').first().waitFor();
    expect(await page.locator('.runs-table .status-completed').count()).toBe(
      await page.locator('.runs-table tbody tr').count(),
    );
    await screenshot(page, '09-runs');

    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await page.locator('.asset-card').first().waitFor();
    await page.getByRole('radio', { name: 'image', exact: true }).check();
    await page.locator('.asset-card[data-asset-type="image"]').first().waitFor();
    expect(await page.locator('.asset-card:not([data-asset-type="image"])').count()).toBe(0);
    const copy = page.getByRole('button', { name: 'Copy CDN URL' }).first();
    expect(await copy.getAttribute('data-copy')).toMatch(new RegExp(`^${env.origin}/cdn/`));
    await screenshot(page, '10-assets');

    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await page.getByTestId('balance').waitFor();
    await screenshot(page, '11-usage');

    await page.setViewportSize(PHONE);
    for (const [path, name, ready] of [
      ['/console/', '12-phone-apps', 'link[name="Image from Prompt"]'],
      [firstRunUrl, '13-phone-run', 'heading:Revision 2 (current)'],
      ['/console/builder', '14-phone-builder', 'heading:Builder: new app'],
    ] as const) {
      await page.goto(path.startsWith('http') ? path : `${env.origin}${path}`);
      if (ready.startsWith('heading:')) await page.getByRole('heading', { name: ready.slice(8) }).waitFor();
      else await page.getByRole('link', { name: 'Image from Prompt' }).waitFor();
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(1);
      await screenshot(page, name);
    }
    await page.setViewportSize(DESKTOP);
  }, 60_000);
});

async function expectVisible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible' });
}

/** Drags a connection from a node's output handle to another node's input handle. */
