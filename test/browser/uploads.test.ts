import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { screenshot, startConsoleStack, type ConsoleStack } from '../support/browser';

const DESKTOP = { width: 1280, height: 900 };
const RUN_TIMEOUT = 120_000;
/** catalog/apps/photo-to-video-clip.json: a photo (url input, images) animated into a clip. */
const PHOTO_TO_VIDEO = 'ca0f9e11-c2a5-49e9-b35c-3b78dc2448a5';

/**
 * Bringing your own photo (issue 24 item 6): in the run form of "Photo to Video Clip" a local JPEG is
 * chosen with the file picker, uploaded (POST /v1/assets/upload-urls, then the signed PUT), its CDN URL
 * fills the input, and the run made from it completes with a video. Pictures go to
 * .test-data/screenshots/uploads-*.png.
 */
describe('console upload into a url input (browser)', () => {
  let env: ConsoleStack;
  let context: BrowserContext;
  let page: Page;
  let dir: string;
  let photo: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-upload-'));
    photo = join(dir, 'harbour.jpg');
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f4a259' } })
            .png()
            .toBuffer(),
          left: 220,
          top: 140,
        },
      ])
      .jpeg()
      .toBuffer();
    await writeFile(photo, jpeg);
    env = await startConsoleStack();
    context = await env.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await env?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a local JPEG chosen in the run form is uploaded, fills the URL, and the run completes with a video', async () => {
    await page.goto(`${env.origin}/console/`);
    await page.getByLabel('API key').fill(env.stack.users.owner.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
    await page.goto(`${env.origin}/console/apps/${PHOTO_TO_VIDEO}`);
    await page.getByRole('heading', { name: 'Photo to Video Clip', level: 1 }).waitFor();

    await page.getByLabel('Upload a file for Photo').setInputFiles(photo);
    await page.getByText('Uploaded harbour.jpg.').waitFor();
    const url = await page.locator('#input-photo').inputValue();
    expect(url).toMatch(new RegExp(`^${env.origin}/cdn/uploads/[0-9a-f-]+/[0-9a-f-]+/harbour\\.jpg$`));
    await page.getByRole('img', { name: 'Preview of Photo' }).waitFor();
    const preview = page.getByRole('img', { name: 'Preview of Photo' });
    await page.waitForFunction(
      (img) => (img as unknown as { naturalWidth: number }).naturalWidth === 640,
      await preview.elementHandle(),
    );
    await screenshot(page, 'uploads-01-photo-uploaded');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.waitForURL(/\/console\/runs\/[0-9a-f-]+$/);
    await page.locator('.page-header .status-completed').waitFor({ timeout: RUN_TIMEOUT });
    await page.locator('video').first().waitFor();
    const runId = page.url().split('/').pop()!;
    const run = await env.stack.http.get(`/v1/runs/${runId}`).set('x-api-key', env.stack.users.owner.key);
    expect(run.body.data).toMatchObject({
      status: 'completed',
      inputs: expect.objectContaining({ photo: url }),
    });
    expect(run.body.data.outputs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'video', value: expect.stringMatching(/^http/) }),
      ]),
    );
    await screenshot(page, 'uploads-02-run-completed');
  }, 180_000);
});
