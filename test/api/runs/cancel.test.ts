import { localModels } from '../../../adapters/models/local/local-models';
import type { Models } from '../../../adapters/models/providers';
import { testApp, textParameter } from '../../support/app-definitions';
import { eventually } from '../../support/eventually';
import { insertTestApp, startAppRun } from '../../support/runs';
import { createTestStack, type TestStack } from '../../support/stack';

const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

/** A voiceover app: a caption written from the script, and the script spoken. */
const VOICEOVER = testApp({
  name: 'Voiceover',
  description: 'Speaks a script.',
  summary: 'Speaks a script and writes a caption for it.',
  formats: ['audio'],
  parameters: [textParameter('script', { role: 'copy' })],
  nodes: [
    {
      id: 'caption',
      type: 'text.generate',
      label: 'Caption',
      config: { prompt: 'A caption for {{script}}', purpose: 'caption' },
    },
    { id: 'speech', type: 'audio.tts', label: 'Speech', config: { text: '{{script}}' } },
    { id: 'out_caption', type: 'output', label: 'Caption', config: { label: 'Caption' } },
    { id: 'out_speech', type: 'output', label: 'Voiceover', config: { label: 'Voiceover' } },
  ],
  edges: [
    { source: 'caption', target: 'out_caption' },
    { source: 'speech', target: 'out_speech' },
  ],
});

interface SpeechCall {
  text: string;
  startedAt: number;
  abortedAt?: number;
}

/** A speech model that never finishes on its own: it waits for its AbortSignal, as a long synthesis would. */
function endlessSpeech(calls: SpeechCall[]): Models {
  return {
    ...localModels('espeak'),
    speech: {
      name: 'endless',
      synthesize(request) {
        const call: SpeechCall = { text: request.text, startedAt: Date.now() };
        calls.push(call);
        return new Promise((_, reject) => {
          const stop = () => {
            call.abortedAt = Date.now();
            reject(request.signal?.reason ?? new Error('aborted'));
          };
          if (request.signal?.aborted) stop();
          else request.signal?.addEventListener('abort', stop, { once: true });
        });
      },
    },
  };
}

describe('POST /v1/runs/{runId}/cancel', () => {
  let stack: TestStack;
  const speechCalls: SpeechCall[] = [];
  const key = () => stack.users.owner.key;
  const start = (appId: string, inputs: Record<string, unknown>) =>
    startAppRun(stack, stack.users.owner, appId, inputs);
  const cancel = (runId: string) => stack.http.post(`/v1/runs/${runId}/cancel`).set('x-api-key', key());
  const getRun = async (runId: string) =>
    (await stack.http.get(`/v1/runs/${runId}`).set('x-api-key', key())).body.data;

  beforeAll(async () => {
    stack = await createTestStack({ models: endlessSpeech(speechCalls) });
    await insertTestApp(stack, stack.users.owner, VOICEOVER, 'shared');
  });
  afterAll(() => stack.close());

  test('a running run is cancelled, its pending outputs fail and its activity stops', async () => {
    const runId = await start(VOICEOVER.appId, { script: 'A script that takes forever to say.' });
    const call = await eventually(
      () => speechCalls.find((c) => c.text === 'A script that takes forever to say.'),
      (c) => c !== undefined,
    );
    expect(call).toBeDefined();
    expect((await getRun(runId)).status).toBe('running');

    const res = await cancel(runId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { runId, status: 'cancelled' } });

    const run = await getRun(runId);
    expect(run.status).toBe('cancelled');
    expect(run.completedAt).not.toBeNull();
    expect(run.errorMessage).toBe('Run cancelled');
    const voiceover = run.outputs.find((o: { label: string }) => o.label === 'Voiceover');
    expect(voiceover).toMatchObject({ status: 'error', value: null, error: 'cancelled' });

    // The activity learns of the cancel in a heartbeat's answer and tells its model to stop, within seconds.
    const cancelledAt = Date.parse(run.completedAt);
    const stopped = await eventually(
      () => call!,
      (c) => c.abortedAt !== undefined,
      15_000,
    );
    expect(stopped.abortedAt).toBeDefined();
    expect(stopped.abortedAt! - cancelledAt).toBeLessThan(10_000);

    const nodes = await stack.deps.db
      .selectFrom('run_nodes')
      .select(['node_id', 'status'])
      .where('run_id', '=', runId)
      .where('node_id', '=', 'speech')
      .execute();
    expect(nodes).toEqual([{ node_id: 'speech', status: 'cancelled' }]);
    // The workflow's own end does not undo the cancel.
    await new Promise((r) => setTimeout(r, 500));
    expect(await getRun(runId)).toMatchObject({ status: 'cancelled', completedAt: run.completedAt });
  });

  test('a second cancel answers the same', async () => {
    const runId = await start(VOICEOVER.appId, { script: 'Cancelled twice.' });
    await eventually(
      () => speechCalls.find((c) => c.text === 'Cancelled twice.'),
      (c) => c !== undefined,
    );
    const first = await cancel(runId);
    const second = await cancel(runId);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body).toEqual({ data: { runId, status: 'cancelled' } });
  });

  test('cancelling a completed run changes nothing and answers completed', async () => {
    const runId = await start(QUOTE_CARD, { quote: 'Finished business' });
    const done = await stack.http.get(`/v1/runs/${runId}/wait?timeout=60`).set('x-api-key', key());
    expect(done.body.data.status).toBe('completed');
    const res = await cancel(runId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { runId, status: 'completed' } });
    expect(await getRun(runId)).toEqual(done.body.data);
  });

  test('a queued run cancelled before any worker picks it up never runs a node', async () => {
    await stack.stopWorkers();
    let runId: string;
    try {
      runId = await start(VOICEOVER.appId, { script: 'Never spoken.' });
      const res = await cancel(runId);
      expect(res.body).toEqual({ data: { runId, status: 'cancelled' } });
      const run = await getRun(runId);
      expect(run).toMatchObject({ status: 'cancelled', startedAt: null, completedAt: expect.any(String) });
      expect(run.outputs.map((o: { status: string; error: string }) => [o.status, o.error])).toEqual([
        ['error', 'cancelled'],
        ['error', 'cancelled'],
      ]);
    } finally {
      await stack.startWorkers();
    }
    // Give the workflow a moment to see its cancel once a worker is back.
    await new Promise((r) => setTimeout(r, 1500));
    expect(speechCalls.find((c) => c.text === 'Never spoken.')).toBeUndefined();
    expect(await getRun(runId)).toMatchObject({ status: 'cancelled', startedAt: null });
    const nodes = await stack.deps.db
      .selectFrom('run_nodes')
      .select('node_id')
      .where('run_id', '=', runId)
      .execute();
    expect(nodes).toEqual([]);
  });
});
