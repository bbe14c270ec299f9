import { ProviderRejected, ProviderUnavailable } from '../../../adapters/models/http-json';
import { localModels } from '../../../adapters/models/local/local-models';
import type { TextRequest } from '../../../adapters/models/providers';
import { FailureType } from '../../../core/run/failure-types';
import { textGenerateActivity } from '../../../nodes/text-generate/activity';
import { nodeActivityHarness, type NodeActivityHarness } from '../activity-harness';

describe('textGenerate activity (text.generate)', () => {
  const requests: TextRequest[] = [];
  let answer: (request: TextRequest) => Promise<string>;
  let harness: NodeActivityHarness;
  beforeAll(async () => {
    const text = { name: 'scripted', generate: (request: TextRequest) => answer(request) };
    harness = await nodeActivityHarness({ ...localModels('espeak'), text });
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    requests.length = 0;
    answer = async (request) => {
      requests.push(request);
      return `Bottles that last: ${request.prompt}`;
    };
  });

  const run = (config: Record<string, unknown>, variation = 1) =>
    harness.run(textGenerateActivity(harness.deps).textGenerate, [
      harness.task({ type: 'text.generate', label: 'Caption', config }, variation),
    ]);

  test('asks the text model with the rendered config and stores its answer as the node text asset', async () => {
    const output = await run({ prompt: 'reusable bottles', purpose: 'caption', maxWords: 12 }, 2);

    expect(requests).toEqual([
      { prompt: 'reusable bottles', system: undefined, purpose: 'caption', maxWords: 12, variation: 2 },
    ]);
    expect(output).toMatchObject({
      kind: 'text',
      text: 'Bottles that last: reusable bottles',
      metadata: { mimeType: 'text/plain', contentDescription: '5 words of caption' },
    });
    const asset = await harness.deps.db
      .selectFrom('assets')
      .select(['text_content', 'output_type', 'node_id', 'run_id'])
      .where('id', '=', output.assetId!)
      .executeTakeFirstOrThrow();
    expect(asset).toEqual({
      text_content: 'Bottles that last: reusable bottles',
      output_type: 'text',
      node_id: 'node',
      run_id: harness.runId,
    });
  });

  test('a second execution of the same node revision overwrites its asset instead of adding one', async () => {
    const first = await run({ prompt: 'first try' });
    const second = await run({ prompt: 'second try' });

    expect(second.assetId).toBe(first.assetId);
  });

  test('a provider refusal becomes a non-retryable ProviderRejected failure', async () => {
    answer = () => Promise.reject(new ProviderRejected('content policy'));

    const error = await run({ prompt: 'anything' }).catch((err: unknown) => err);

    expect(error).toMatchObject({
      name: 'ApplicationFailure',
      type: FailureType.ProviderRejected,
      nonRetryable: true,
      message: 'content policy',
    });
  });

  test('a provider outage is left retryable for the retry policy', async () => {
    answer = () => Promise.reject(new ProviderUnavailable('HTTP 503'));

    const error = await run({ prompt: 'anything' }).catch((err: unknown) => err);

    expect(error).toMatchObject({ name: 'ProviderUnavailable', message: 'HTTP 503' });
  });
});
