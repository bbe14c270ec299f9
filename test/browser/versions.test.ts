import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, startConsoleStack, type ConsoleStack } from '../support/browser';
import { pictureApp as pictureAppNamed } from '../support/picture-app';

const DESKTOP = { width: 1280, height: 900 };

const pictureApp = (prompt: string, withCaption = false) =>
  pictureAppNamed('Heron pictures', prompt, withCaption);

/**
 * The version history of an app in the console (issue 24 item 4): each version with who saved it and what
 * changed, the changes between two chosen versions (nodes, edges, config fields), and restore as a new
 * version. Pictures go to .test-data/screenshots/versions-*.png.
 */
describe('console version history (browser)', () => {
  let env: ConsoleStack;
  let context: BrowserContext;
  let page: Page;
  let appId: string;

  beforeAll(async () => {
    env = await startConsoleStack();
    context = await env.browser.newContext({ viewport: DESKTOP });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const call = (method: 'post' | 'put', path: string, body: object) =>
      env.stack.http[method](path).set('x-api-key', env.stack.users.owner.key).send(body);
    const created = await call('post', '/v1/apps', pictureApp('{{subject}} at dawn', false));
    appId = created.body.data.appId as string;
    await call('put', `/v1/apps/${appId}`, { ...pictureApp('{{subject}} in ink', true), baseVersion: 1 });
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await env?.close();
  });

  const versions = () => page.locator('section[aria-labelledby="versions-title"]');
  const diff = () => versions().locator('.version-diff');

  test('the history lists each version with what changed; the diff shows nodes, edges and config fields', async () => {
    await page.goto(`${env.origin}/console/`);
    await page.getByLabel('API key').fill(env.stack.users.owner.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
    await page.goto(`${env.origin}/console/apps/${appId}`);

    const table = versions().getByRole('table', { name: 'Version history' });
    await table
      .getByRole('row', { name: /2 current .*2 nodes added, 1 node changed, 2 edges added/ })
      .waitFor();
    await table.getByRole('row', { name: /^1 .*created/ }).waitFor();

    await diff().getByRole('heading', { name: 'From version 1 to version 2' }).waitFor();
    await diff().getByText('Caption (caption, text.generate)').waitFor();
    await diff().getByText('caption → out2').waitFor();
    const prompt = diff().getByRole('row', { name: /Picture \(picture\) config\.prompt/ });
    await prompt.getByText('"{{subject}} at dawn"').waitFor();
    await prompt.getByText('"{{subject}} in ink"').waitFor();
    await screenshot(page, 'versions-01-diff');
  }, 90_000);

  test('restore brings version 1 back as version 3; comparing 2 with 3 shows what the restore removed', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await versions().getByRole('button', { name: 'Restore version 1' }).click();
    const table = versions().getByRole('table', { name: 'Version history' });
    await table.getByRole('row', { name: /3 current .*restored version 1/ }).waitFor();
    await page.getByText('version 3 ·', { exact: false }).waitFor();

    await diff().getByRole('heading', { name: 'From version 2 to version 3' }).waitFor();
    await diff().getByRole('heading', { name: 'Nodes removed' }).waitFor();
    await diff().getByText('picture → caption').waitFor();

    await versions().getByLabel('Compare version').selectOption('1');
    await diff().getByRole('heading', { name: 'From version 1 to version 3' }).waitFor();
    await diff().getByText('No changes').waitFor();

    const definition = await env.stack.http
      .get(`/v1/apps/${appId}/definition`)
      .set('x-api-key', env.stack.users.owner.key);
    expect(definition.body.data.version).toBe(3);
    expect(definition.body.data.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['picture', 'out']);
    await screenshot(page, 'versions-02-restored');
  }, 60_000);
});
