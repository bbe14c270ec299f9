import { syncAsset, writeAsset } from '../../../adapters/db/assets';
import { insertRun } from '../../../adapters/db/runs';
import { compileRow } from '../../../api/commands/load-app';
import { findApp } from '../../../adapters/db/apps';
import { newId } from '../../../core/ids';
import type { NodeOutput } from '../../../core/run/run-types';
import { createTestApi, type TestApi } from '../../support/api';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

describe('the asset writer (adapters/db/assets.ts)', () => {
  let api: TestApi;
  let runId: string;
  const rows = (where: { runId?: string; sourceUrl?: string }) => {
    let q = api.deps.db.selectFrom('assets').selectAll();
    if (where.runId) q = q.where('run_id', '=', where.runId);
    if (where.sourceUrl) q = q.where('source_url', '=', where.sourceUrl);
    return q.execute();
  };
  const png = (key: string, bytes: number) => ({
    key,
    url: `http://cdn.test/${key}`,
    mimeType: 'image/png',
    bytes,
    sha256: key.padEnd(64, '0'),
  });

  beforeAll(async () => {
    api = await createTestApi();
    const app = compileRow((await findApp(api.deps.db, QUOTE_CARD))!);
    runId = newId();
    await insertRun(api.deps.db, {
      id: runId,
      workspace_id: api.users.owner.workspaceId,
      app_id: QUOTE_CARD,
      user_id: api.users.owner.userId,
      status: 'running',
      source: 'api',
      inputs: JSON.stringify({ quote: 'assets' }),
      plan: JSON.stringify(app.plan),
      execute: JSON.stringify(app.plan.nodes.map((n) => n.id)),
      revision: 1,
      webhook_url: null,
      cost_credits: 0,
    });
  });
  afterAll(() => api.close());

  test('a node output written twice (a retried activity) keeps one row, holding the second write', async () => {
    const node = { runId, nodeId: 'image', revision: 1, label: 'Image' };
    const write = (key: string, bytes: number) =>
      writeAsset(api.deps.db, {
        workspaceId: api.users.owner.workspaceId,
        outputType: 'image',
        content: { ref: png(key, bytes) },
        metadata: { attempt: key },
        node,
      });
    const first = await write('first', 10);
    const second = await write('second', 20);
    expect(second).toBe(first);
    expect(await rows({ runId })).toEqual([
      expect.objectContaining({
        id: first,
        node_id: 'image',
        revision: 1,
        node_label: 'Image',
        output_type: 'image',
        storage_key: 'second',
        cdn_url: 'http://cdn.test/second',
        mime_type: 'image/png',
        metadata: { attempt: 'second' },
        status: 'completed',
        source_url: null,
      }),
    ]);
  });

  test('text is kept inline with its byte length and digest, and no file', async () => {
    const id = await writeAsset(api.deps.db, {
      workspaceId: api.users.owner.workspaceId,
      outputType: 'text',
      content: { text: 'héllo' },
      metadata: {},
      node: { runId, nodeId: 'caption', revision: 1, label: 'Caption' },
    });
    const [row] = (await rows({ runId })).filter((r) => r.id === id);
    expect(row).toMatchObject({
      text_content: 'héllo',
      mime_type: 'text/plain',
      cdn_url: null,
      storage_key: null,
      sha256: '3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179',
    });
    expect(Number(row.bytes)).toBe(6);
  });

  test('a transferred file (no run) is a new row every time, even with the same content', async () => {
    const transfer = () =>
      writeAsset(api.deps.db, {
        workspaceId: api.users.owner.workspaceId,
        outputType: 'image',
        content: { ref: png('transfers/same', 5) },
        metadata: { transferred: true },
        sourceUrl: 'https://example.test/same.png',
      });
    const [a, b] = [await transfer(), await transfer()];
    expect(a).not.toBe(b);
    expect(await rows({ sourceUrl: 'https://example.test/same.png' })).toHaveLength(2);
  });

  test('syncAsset points a node row at the output that was kept', async () => {
    const assetId = await writeAsset(api.deps.db, {
      workspaceId: api.users.owner.workspaceId,
      outputType: 'image',
      content: { ref: png('v1', 1) },
      metadata: { variation: 1 },
      node: { runId, nodeId: 'kept', revision: 1, label: 'Kept' },
    });
    const kept: NodeOutput = {
      kind: 'media',
      modality: 'image',
      ref: png('v2', 2),
      assetId,
      metadata: {
        mimeType: 'image/png',
        dimensions: null,
        durationSeconds: null,
        bytes: 2,
        contentDescription: null,
      },
    };
    await syncAsset(api.deps.db, kept);
    const [row] = (await rows({ runId })).filter((r) => r.id === assetId);
    expect(row).toMatchObject({ storage_key: 'v2', cdn_url: 'http://cdn.test/v2', metadata: kept.metadata });
  });
});
