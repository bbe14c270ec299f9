import type { BrowserContext, Page } from 'playwright-core';
import { createApiKey, revokeApiKey } from '../../adapters/db/api-keys';
import {
  connectNodes,
  repeatUntilSeen,
  screenshot,
  startConsoleStack,
  type ConsoleStack,
} from '../support/browser';

const DESKTOP = { width: 1280, height: 800 };

type Box = { id: string; x: number; y: number; width: number; height: number };

/**
 * Editing in the builder as in the editors people know (issue 24 items 2 and 7): palette search, nodes
 * placed in view and clear of each other, undo and redo of a delete, copy, paste and duplicate, tidy up,
 * the minimap toggle, the guard on unsaved changes, and a revoked key named on the sign-in page.
 */
describe('builder editing (browser)', () => {
  let env: ConsoleStack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // No key cache: a revocation counts at the next request.
    env = await startConsoleStack({ API_KEY_CACHE_MS: '0' });
    context = await env.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  const node = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
  const palette = (type: string) => page.locator(`.palette-item[data-node-type="${type}"]`);
  const nodeIds = async () =>
    (
      await page.locator('.react-flow__node').evaluateAll((ns) => ns.map((n) => n.getAttribute('data-id')))
    ).sort();
  const boxes = async (): Promise<Box[]> => {
    const out: Box[] = [];
    for (const n of await page.locator('.react-flow__node').all())
      out.push({ id: (await n.getAttribute('data-id'))!, ...(await n.boundingBox())! });
    return out;
  };
  /** Each node's position on the graph (not the screen), from React Flow's transform. */
  const flowPositions = async () =>
    Object.fromEntries(
      await page.locator('.react-flow__node').evaluateAll((ns) =>
        ns.map((n) => {
          const m = /translate\(([-\d.]+)px, ?([-\d.]+)px\)/.exec(
            (n as unknown as { style: { transform: string } }).style.transform,
          )!;
          return [n.getAttribute('data-id'), { x: Math.round(Number(m[1])), y: Math.round(Number(m[2])) }];
        }),
      ),
    ) as Record<string, { x: number; y: number }>;
  const expectApart = (all: Box[]) => {
    for (const a of all)
      for (const b of all)
        if (a !== b)
          expect(
            a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
          ).toBe(false);
  };

  test('sign in, search the palette, add nodes that land in view and clear of each other', async () => {
    await page.goto(`${env.origin}/console/`);
    await page.getByLabel('API key').fill(env.stack.users.owner.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Builder', exact: true }).click();
    await page.getByRole('heading', { name: 'Builder: new app' }).waitFor();

    const search = page.getByLabel('Search nodes');
    await search.fill('edit IMAGE');
    await palette('image.edit').waitFor();
    expect(await palette('image.generate').count()).toBe(0);
    await search.fill('no such node');
    await page.getByText('No node matches “no such node”.').waitFor();
    await search.fill('');

    await palette('image.generate').click();
    await palette('output').click();
    await palette('text.generate').click();
    await palette('image.edit').click();
    for (const id of ['image', 'out', 'text', 'edit']) await node(id).waitFor();
    await page.locator('[data-check="invalid"]').waitFor();
    await screenshot(page, '30-builder-placed');
    const canvas = (await page.locator('.canvas').boundingBox())!;
    const placed = await boxes();
    expectApart(placed);
    for (const b of placed) {
      expect(b.x).toBeGreaterThanOrEqual(canvas.x);
      expect(b.y).toBeGreaterThanOrEqual(canvas.y);
      expect(b.x + b.width).toBeLessThanOrEqual(canvas.x + canvas.width);
      expect(b.y + b.height).toBeLessThanOrEqual(canvas.y + canvas.height);
    }
  }, 60_000);

  test('a deleted node comes back with Ctrl+Z (and its edge), goes again with Ctrl+Shift+Z, and by the buttons', async () => {
    await connectNodes(page, 'image', 'edit');
    const edges = page.locator('.react-flow__edge');
    expect(await edges.count()).toBe(1);
    await node('edit').click();
    await page.keyboard.press('Delete');
    await node('edit').waitFor({ state: 'detached' });
    expect(await edges.count()).toBe(0);

    await page.keyboard.press('Control+z');
    await node('edit').waitFor();
    await edges.first().waitFor();
    await page.keyboard.press('Control+Shift+z');
    await node('edit').waitFor({ state: 'detached' });
    const edit = page.getByRole('toolbar', { name: 'Edit' });
    await edit.getByRole('button', { name: 'Undo' }).click();
    await node('edit').waitFor();
    expect(await edges.count()).toBe(1);
    await edit.getByRole('button', { name: 'Redo' }).click();
    await node('edit').waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'Undo' }).click();
    await node('edit').waitFor();
  }, 60_000);

  test('copy and paste a node, duplicate two: new ids, edges between them kept, nothing overlapping', async () => {
    await node('image').click();
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await node('image_2').waitFor();
    expect(await node('image_2').getAttribute('class')).toContain('selected');

    await node('image').click();
    await node('edit').click({ modifiers: ['Control'] });
    await page.getByRole('toolbar', { name: 'Edit' }).getByRole('button', { name: 'Duplicate' }).click();
    await node('image_3').waitFor();
    await node('edit_2').waitFor();
    expect(await nodeIds()).toEqual(['edit', 'edit_2', 'image', 'image_2', 'image_3', 'out', 'text']);
    await page.locator('.react-flow__edge[aria-label="Edge from image_3 to edit_2"]').waitFor();
    expectApart(await boxes());
    await screenshot(page, '31-builder-pasted');

    // A paste is one step back.
    await page.keyboard.press('Control+z');
    await node('image_3').waitFor({ state: 'detached' });
    expect(await node('edit_2').count()).toBe(0);
  }, 60_000);

  test('tidy up lays the graph out left to right, clear of each other, and is undone in one step', async () => {
    // The paste moved the view to the new nodes: the whole graph in view first.
    await page.locator('.react-flow__controls-fitview').click();
    await page.waitForTimeout(400);
    await connectNodes(page, 'edit', 'out');
    const before = await flowPositions();
    await page.getByRole('button', { name: 'Tidy up' }).click();
    await page.waitForTimeout(500);
    expectApart(await boxes());
    const after = await flowPositions();
    expect(after.image.x).toBeLessThan(after.edit.x);
    expect(after.edit.x).toBeLessThan(after.out.x);
    expect(after).not.toEqual(before);
    await screenshot(page, '32-builder-tidy');

    await page.keyboard.press('Control+z');
    await page.waitForTimeout(300);
    expect(await flowPositions()).toEqual(before);
  }, 60_000);

  test('Show node brings a node that is out of view back into view', async () => {
    const pane = (await page.locator('.canvas .react-flow__pane').boundingBox())!;
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await page.mouse.down();
    await page.mouse.move(pane.x + pane.width / 2 + 900, pane.y + pane.height / 2 + 500, { steps: 6 });
    await page.mouse.up();
    const canvas = (await page.locator('.canvas').boundingBox())!;
    const inView = async (id: string) => {
      const b = (await node(id).boundingBox())!;
      return (
        b.x >= canvas.x &&
        b.y >= canvas.y &&
        b.x + b.width <= canvas.x + canvas.width &&
        b.y + b.height <= canvas.y + canvas.height
      );
    };
    expect(await inView('image_2')).toBe(false);
    await page.getByRole('button', { name: 'Show node image_2' }).click();
    await page.waitForTimeout(500);
    expect(await inView('image_2')).toBe(true);
    expect(await node('image_2').getAttribute('class')).toContain('selected');
  }, 30_000);

  test('the minimap is off until asked for', async () => {
    expect(await page.locator('.react-flow__minimap').count()).toBe(0);
    const minimap = page.getByRole('button', { name: 'Minimap' });
    await minimap.click();
    await page.locator('.react-flow__minimap').waitFor();
    await minimap.click();
    await page.locator('.react-flow__minimap').waitFor({ state: 'detached' });
  }, 30_000);

  test('a failed save says what to fix in words, and the message goes once the graph changes', async () => {
    await page.getByRole('button', { name: 'Save as new app' }).click();
    const banner = page.locator('.banner-error').filter({ hasText: 'Not saved' });
    await banner
      .getByText(/Fix \d+ problems first\. Node \w+: .+ \(and \d+ more, listed above\)\./)
      .waitFor();
    expect(await banner.textContent()).not.toMatch(/graph\.nodes|Invalid input/);
    await screenshot(page, '34-builder-save-error');
    // The error banner above the canvas can move the node between Playwright's aim and its click.
    await repeatUntilSeen(
      () => node('text').click(),
      () => page.getByLabel(/^Prompt/).waitFor({ timeout: 10_000 }),
    );
    await page.getByLabel(/^Prompt/).fill('a haiku about the sea');
    await banner.waitFor({ state: 'detached' });
  }, 60_000);

  test('unsaved changes: a link asks first and staying keeps the work; closing the tab is stopped too', async () => {
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('link', { name: 'Runs', exact: true }).click();
    expect(asked[0]).toMatch(/not saved/);
    expect(page.url()).toMatch(/\/console\/builder$/);
    await node('image').waitFor();

    // Back asks too; staying puts the address back.
    const back = page.waitForEvent('dialog');
    void page.goBack().catch(() => undefined);
    const question = await back;
    asked.push(question.message());
    await question.dismiss();
    await page.waitForURL(/\/console\/builder$/);
    expect(asked).toHaveLength(2);
    expect(page.url()).toMatch(/\/console\/builder$/);
    await node('image').waitFor();

    const stopped = await page.evaluate(
      `(() => { const e = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(e); return e.defaultPrevented; })()`,
    );
    expect(stopped).toBe(true);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('link', { name: 'Runs', exact: true }).click();
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    // Nothing left unsaved: leaving asks nothing.
    await page.getByRole('link', { name: 'Builder', exact: true }).click();
    await page.getByRole('heading', { name: 'Builder: new app' }).waitFor();
    await page.getByRole('link', { name: 'Apps', exact: true }).click();
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
  }, 60_000);

  test('a key revoked during a session: the sign-in page says it was revoked', async () => {
    const owner = env.stack.users.owner;
    const { id, key } = await createApiKey(env.stack.deps.db, {
      workspaceId: owner.workspaceId,
      userId: owner.userId,
    });
    const other = await context.browser()!.newContext({ viewport: DESKTOP });
    const tab = await other.newPage();
    try {
      await tab.goto(`${env.origin}/console/`);
      await tab.getByLabel('API key').fill(key);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
      await revokeApiKey(env.stack.deps.db, id);
      // The next request signs out: this click's, or the navigation's own count of waiting runs.
      await tab
        .getByRole('link', { name: 'Runs', exact: true })
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await tab.getByRole('alert').getByText('You were signed out: This API key was revoked.').waitFor();
      await tab.getByLabel('API key').waitFor();
      await screenshot(tab, '33-sign-in-revoked');
    } finally {
      await other.close();
    }
  }, 60_000);
});
