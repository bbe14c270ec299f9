import { createTestStack, type TestStack } from '../../support/stack';

/**
 *   picture(image.generate: "{{subject}}") --> out(output "Picture")
 */
const pictureApp = (prompt: string) => ({
  name: 'Versioned picture',
  parameters: [{ id: 'p_subject', key: 'subject', name: 'Subject', type: 'text' }],
  graph: {
    nodes: [
      { id: 'picture', type: 'image.generate', label: 'Picture', config: { prompt, longEdge: 256 } },
      { id: 'out', type: 'output', label: 'Picture', config: { label: 'Picture' } },
    ],
    edges: [{ source: 'picture', target: 'out' }],
  },
});

describe('app versions and runs', () => {
  let stack: TestStack;
  const key = () => stack.users.owner.key;
  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) =>
    stack.http[method](path).set('x-api-key', key()).send(body);

  beforeAll(async () => {
    stack = await createTestStack();
  });
  afterAll(() => stack.close());

  test('a run keeps the version and plan it started with; after a delete its run and assets stay readable', async () => {
    const created = await call('post', '/v1/apps', pictureApp('{{subject}} in watercolour'));
    const appId = created.body.data.appId as string;
    const first = await call('post', `/v1/apps/${appId}/runs`, { inputs: { subject: 'a heron' } });
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ appId, appVersion: 1 });

    const updated = await call('put', `/v1/apps/${appId}`, {
      ...pictureApp('{{subject}} in ink'),
      baseVersion: 1,
    });
    expect(updated.body.data.version).toBe(2);
    const second = await call('post', `/v1/apps/${appId}/runs`, { inputs: { subject: 'a heron' } });

    const done = await call('get', `/v1/runs/${first.body.data.runId}/wait?timeout=60`);
    expect(done.body.data).toMatchObject({ status: 'completed', appId, appVersion: 1 });
    expect(done.body.data.nodes).toEqual([
      expect.objectContaining({
        id: 'picture',
        type: 'image.generate',
        parents: [],
        status: 'completed',
        revision: 1,
      }),
      expect.objectContaining({
        id: 'out',
        type: 'output',
        parents: ['picture'],
        status: 'completed',
        output: { type: 'image', value: expect.stringMatching(/^http/) },
      }),
    ]);
    expect((await call('get', `/v1/runs/${second.body.data.runId}`)).body.data.appVersion).toBe(2);
    await call('get', `/v1/runs/${second.body.data.runId}/wait?timeout=60`);

    expect((await call('delete', `/v1/apps/${appId}`)).status).toBe(200);
    expect((await call('post', `/v1/apps/${appId}/runs`, { inputs: { subject: 'x' } })).status).toBe(404);
    const afterDelete = await call('get', `/v1/runs/${first.body.data.runId}`);
    expect(afterDelete.body.data).toMatchObject({ status: 'completed', appVersion: 1 });
    const assets = await call('get', `/v1/assets?runId=${first.body.data.runId}`);
    expect(assets.body.data).toEqual([expect.objectContaining({ outputType: 'image', status: 'completed' })]);
    const runs = await call('get', `/v1/runs?appId=${appId}`);
    expect(runs.body.pagination.total).toBe(2);
  });
});
