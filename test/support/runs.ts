import type { Visibility } from '../../core/app/app-access';
import type { AppDefinition } from '../../core/app/app-definition';
import { insertApp } from '../../adapters/db/apps';
import type { TestStack } from './stack';
import type { TestUser } from './seed';

/** The Run as `GET /v1/runs/{id}` and `/wait` answer it, loosely typed for assertions. */
export interface RunBody {
  runId: string;
  status: string;
  errorMessage: string | null;
  cost: { credits: number };
  outputs: {
    id: string;
    label: string;
    type: string;
    value: unknown;
    status: string;
    error: string | null;
    mimeType?: string;
    dimensions?: { width: number; height: number } | null;
    durationSeconds?: number | null;
  }[];
}

const TERMINAL = ['completed', 'failed', 'cancelled'];

/** Starts a run through `POST /v1/apps/{appId}/runs` and returns its id (the response must be 202). */
export async function startAppRun(
  stack: TestStack,
  user: TestUser,
  appId: string,
  inputs: Record<string, unknown>,
): Promise<string> {
  const res = await stack.http.post(`/v1/apps/${appId}/runs`).set('x-api-key', user.key).send({ inputs });
  if (res.status !== 202)
    throw new Error(`run of ${appId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.runId as string;
}

/** Blocks on `GET /v1/runs/{id}/wait` until the run ends, or throws after `totalSeconds`. */
export async function waitForEnd(
  stack: TestStack,
  user: TestUser,
  runId: string,
  totalSeconds = 300,
): Promise<RunBody> {
  const deadline = Date.now() + totalSeconds * 1000;
  while (Date.now() < deadline) {
    const timeout = Math.max(1, Math.min(120, Math.ceil((deadline - Date.now()) / 1000)));
    const res = await stack.http.get(`/v1/runs/${runId}/wait?timeout=${timeout}`).set('x-api-key', user.key);
    if (res.status !== 200) throw new Error(`wait answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (TERMINAL.includes(res.body.data.status)) return res.body.data as RunBody;
    // A run waiting for a person answers /wait at once: look again a little later.
    if (res.body.awaitingApproval) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`run ${runId} did not end within ${totalSeconds} s`);
}

/** Polls the run's node rows until `nodeId` waits for a human decision. */
export async function waitForApprovalRequest(
  stack: TestStack,
  runId: string,
  nodeId: string,
  totalSeconds = 120,
): Promise<void> {
  const deadline = Date.now() + totalSeconds * 1000;
  while (Date.now() < deadline) {
    const row = await stack.deps.db
      .selectFrom('run_nodes')
      .select('status')
      .where('run_id', '=', runId)
      .where('node_id', '=', nodeId)
      .executeTakeFirst();
    if (row?.status === 'awaiting_approval') return;
    if (row && ['failed', 'skipped', 'cancelled'].includes(row.status))
      throw new Error(`node ${nodeId} ended ${row.status} before approval`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`node ${nodeId} of run ${runId} never waited for approval`);
}

/** Stores a private app of the user's workspace, so a test can run a purpose-built graph through the API. */
export async function insertTestApp(
  stack: TestStack,
  user: TestUser,
  app: AppDefinition,
  visibility: Visibility = 'private',
): Promise<string> {
  await insertApp(stack.deps.db, app, { workspaceId: user.workspaceId, creatorId: user.userId, visibility });
  return app.appId;
}

/** The stored bytes behind an output URL, read through the API's own /cdn route. */
export async function outputBytes(stack: TestStack, url: string): Promise<Buffer> {
  const res = await stack.http
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return res.body as Buffer;
}
