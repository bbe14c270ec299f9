import { findRun } from '../../../adapters/db/runs';
import type { Plan } from '../../../core/graph/plan';
import { createTestApi, type TestApi } from '../../support/api';

const SOCIAL_POST = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
const UGC_SCRIPT = '1212b5b6-f425-4cc2-b21e-40f72b40048a';

/** The prompts the run will send to its image and text models, read from the stored run. */
async function promptsOf(api: TestApi, runId: string) {
  const row = await findRun(api.database.db, runId);
  const plan = (typeof row!.plan === 'string' ? JSON.parse(row!.plan) : row!.plan) as Plan;
  return Object.fromEntries(plan.nodes.map((n) => [n.type, n.config.prompt ?? n.config.system]));
}

describe('applyBrand and brandProfileId (accepted and silently ignored)', () => {
  let api: TestApi;
  let profileId: string;
  const key = () => api.users.owner.key;

  beforeAll(async () => {
    api = await createTestApi();
    const dna = await api.http
      .put('/v1/brand/dna')
      .set('x-api-key', key())
      .send({
        visualIdentity: ['flat pastel colours'],
        guardrails: ['no text in images'],
        voiceAttributes: ['wry'],
      });
    profileId = dna.body.brandProfileId;
  });
  afterAll(() => api.close());

  test('Run App with applyBrand folds the brand style and negatives after the image prompt, inputs untouched', async () => {
    const plain = await api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'a rooftop garden' } });
    const branded = await api.http
      .post(`/v1/apps/${SOCIAL_POST}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { topic: 'a rooftop garden' }, applyBrand: true });

    expect([plain.status, branded.status]).toEqual([202, 202]);
    const before = await promptsOf(api, plain.body.data.runId);
    const after = await promptsOf(api, branded.body.data.runId);
    expect(before['image.generate']).not.toContain('pastel');
    expect(after['image.generate']).toBe(
      `${before['image.generate']}. Follow: flat pastel colours. Avoid: no text in images.`,
    );
    // The voice is not a visual: text nodes keep their prompts; the inputs are the caller's.
    expect(after['text.generate']).toBe(before['text.generate']);
    const inputsOf = async (runId: string) => (await findRun(api.database.db, runId))!.inputs;
    expect(await inputsOf(branded.body.data.runId)).toEqual(await inputsOf(plain.body.data.runId));
  });

  test('brandProfileId names the profile; another workspace or a non-UUID is 404; alone it is a 400', async () => {
    const run = (body: object) =>
      api.http
        .post(`/v1/apps/${SOCIAL_POST}/runs`)
        .set('x-api-key', key())
        .send({ inputs: { topic: 'a rooftop garden' }, ...body });

    expect((await run({ applyBrand: true, brandProfileId: profileId })).status).toBe(202);
    expect((await run({ applyBrand: true, brandProfileId: 'abc' })).status).toBe(404);
    expect(
      (await run({ applyBrand: true, brandProfileId: '6f1d7a3e-2b4c-4d5e-8f90-123456789abc' })).status,
    ).toBe(404);
    const alone = await run({ brandProfileId: profileId });
    expect(alone.status).toBe(400);
    expect(alone.body.details).toEqual([
      {
        param: 'brandProfileId',
        code: 'invalid_value',
        message: 'brandProfileId: is used with applyBrand: true; send both, or neither',
      },
    ]);
  });

  test('an app without visual generation runs as it is', async () => {
    const res = await api.http
      .post(`/v1/apps/${UGC_SCRIPT}/runs`)
      .set('x-api-key', key())
      .send({ inputs: { product: 'a water bottle' }, applyBrand: true });

    expect(res.status).toBe(202);
    expect(JSON.stringify(await promptsOf(api, res.body.data.runId))).not.toContain('pastel');
  });

  test('/generate/image with brandProfileId folds the brand into the prompt; without it, no brand', async () => {
    const branded = await api.http
      .post('/v1/generate/image')
      .set('x-api-key', key())
      .send({ prompt: 'a red bicycle', brandProfileId: profileId });
    const plain = await api.http
      .post('/v1/generate/image')
      .set('x-api-key', key())
      .send({ prompt: 'a red bicycle' });
    const stranger = await api.http
      .post('/v1/generate/image')
      .set('x-api-key', api.users.outsider.key)
      .send({ prompt: 'a red bicycle', brandProfileId: profileId });

    expect((await promptsOf(api, branded.body.data.runId))['image.generate']).toBe(
      '{{prompt}}. Follow: flat pastel colours. Avoid: no text in images.',
    );
    expect((await promptsOf(api, plain.body.data.runId))['image.generate']).toBe('{{prompt}}');
    expect(stranger.status).toBe(404);
  });
});
