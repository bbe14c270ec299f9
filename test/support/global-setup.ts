import { loadConfig } from '../../core/config';
import { startTemporalDevServer, type DevServer } from '../../scripts/dev-server';
import { findTemporalCli } from '../../scripts/temporal-cli';
import { TEST_TEMPORAL_ADDRESS_ENV, TEST_TEMPORAL_NAMESPACE, TEST_WORKFLOW_BUNDLE_ENV } from './temporal';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorkflows } from '../../worker/create-workers';

/** globalSetup and globalTeardown run in one process and share its globals; test workers do not. */
export const TEMPORAL_HANDLE = Symbol.for('atelier.test.temporal');
export type WithServer = typeof globalThis & { [TEMPORAL_HANDLE]?: DevServer };

/**
 * Starts one headless, in-memory Temporal dev server for the whole run. Workers are forked after this
 * and inherit process.env, which is how test files learn its address. An address already set in the
 * environment is used as it is, so a developer can point the tests at a server they keep running.
 */
export default async function globalSetup(): Promise<void> {
  await bundleWorkflowsOnce();
  if (process.env[TEST_TEMPORAL_ADDRESS_ENV]) return;
  const server = await startTemporalDevServer({
    cliPath: findTemporalCli(loadConfig(process.env)),
    uiPort: null,
    namespace: TEST_TEMPORAL_NAMESPACE,
  });
  (globalThis as WithServer)[TEMPORAL_HANDLE] = server;
  process.env[TEST_TEMPORAL_ADDRESS_ENV] = server.address;
}

/** Webpack takes seconds: the workflow code is bundled once per test run and shared through a file. */
async function bundleWorkflowsOnce(): Promise<void> {
  const bundle = await bundleWorkflows();
  const path = join(tmpdir(), `atelier-workflows-${process.pid}.js`);
  await writeFile(path, bundle.code);
  process.env[TEST_WORKFLOW_BUNDLE_ENV] = path;
}
