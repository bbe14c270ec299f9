import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join, relative } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CONSOLE_DIST_DIR } from '../../api/console';
import { freePort } from '../../scripts/free-port';
import { createTestStack, type TestStack } from './stack';

/** Debian's chromium (scripts/setup.sh --test installs it); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error('No chromium found: run `bash scripts/setup.sh --test` (it installs Debian chromium).');
  return found;
}

export interface ConsoleStack {
  stack: TestStack;
  /** http://127.0.0.1:<port>: the API, its CDN and the console on one real port, as `npm start` serves them. */
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The whole service on a real port for a browser: the test stack (API, workers, the run's Temporal) with
 * PUBLIC_URL set to that port so CDN links load (and any `config` given), the built console, and a
 * headless chromium.
 */
export async function startConsoleStack(config: Record<string, string> = {}): Promise<ConsoleStack> {
  if (!existsSync(join(CONSOLE_DIST_DIR, 'index.html')))
    throw new Error('console/dist is missing: run `npm run setup` (it builds the console).');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const stack = await createTestStack({ config: { PUBLIC_URL: origin, ...config } });
  const server: Server = createServer(stack.app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    // Root in a container has no user namespaces for chromium's sandbox.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  return {
    stack,
    origin,
    browser,
    async close() {
      await browser.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stack.close();
    },
  };
}

export const SCREENSHOT_DIR = join(__dirname, '..', '..', '.test-data', 'screenshots');

/** Saves a full-page screenshot as .test-data/screenshots/<name>.png and prints where. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // A page scrolled down would draw its sticky header mid-page in a full-page picture.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path, fullPage: true });
  process.stdout.write(`screenshot: ${relative(process.cwd(), path)}\n`);
  return path;
}

/**
 * Does `action` until `seen` resolves, three tries at most. On a loaded machine a click or a drag can be
 * lost (made before React Flow has measured, or while a banner moves the canvas); one that was seen is
 * never repeated.
 */
export async function repeatUntilSeen(action: () => Promise<void>, seen: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await action();
    try {
      await seen();
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Drags from one node's source handle to another's target handle until the edge is on the graph. */
export async function connectNodes(page: Page, from: string, to: string): Promise<void> {
  const source = page.locator(`.react-flow__node[data-id="${from}"] .react-flow__handle.source`);
  const target = page.locator(`.react-flow__node[data-id="${to}"] .react-flow__handle.target`);
  const edges = page.locator('.react-flow__edge');
  const before = await edges.count();
  await repeatUntilSeen(
    async () => {
      const a = (await source.boundingBox())!;
      const b = (await target.boundingBox())!;
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
      await page.mouse.up();
    },
    () => edges.nth(before).waitFor({ timeout: 5_000 }),
  );
}
