import { createModels } from '../../../adapters/models';
import { localModels } from '../../../adapters/models/local/local-models';
import { modelFor } from '../../../adapters/models/providers';
import { loadConfig } from '../../../core/config';

describe('createModels and the per-node choice of provider', () => {
  test('each kind uses its configured provider; a node may name another, and a model', () => {
    const models = createModels(
      loadConfig({
        IMAGE_PROVIDER: 'fal',
        FAL_KEY: 'k',
        VIDEO_PROVIDER: 'replicate',
        COMFYUI_BASE_URL: 'http://comfy:8188',
      }),
    );

    expect([models.text.name, models.image.name, models.video.name, models.speech.name]).toEqual([
      'local',
      'fal:fal-ai/flux/schnell',
      'replicate:minimax/video-01',
      'local',
    ]);
    expect(modelFor(models, 'image', {}).name).toBe('fal:fal-ai/flux/schnell');
    expect(modelFor(models, 'image', { provider: 'comfyui', model: 'my-flux' }).name).toBe('comfyui:my-flux');
    expect(modelFor(models, 'video', { model: 'kwaivgi/kling-v2.1' }).name).toBe(
      'replicate:kwaivgi/kling-v2.1',
    );
    expect(modelFor(models, 'image', { provider: 'local' }).name).toBe('local');
  });

  test('a provider that is not set up, or makes no such media, fails the node with what to set', () => {
    const models = createModels(loadConfig({}));

    expect(() => modelFor(models, 'image', { provider: 'comfyui' })).toThrow(
      'ComfyUI needs COMFYUI_BASE_URL',
    );
    expect(() => modelFor(models, 'video', { provider: 'openai' })).toThrow(
      'provider "openai" makes no video in Atelier',
    );
    expect(() => modelFor(localModels('espeak'), 'image', { provider: 'fal' })).toThrow(
      expect.objectContaining({ name: 'InvalidNodeInput' }),
    );
  });

  test('a configured default that cannot be built fails when used, not at start-up', async () => {
    const models = createModels(loadConfig({ VIDEO_PROVIDER: 'comfyui' }));

    await expect(
      models.video.generate({
        prompt: 'x',
        width: 64,
        height: 64,
        seconds: 1,
        variation: 1,
        outPath: '/tmp/x.mp4',
      }),
    ).rejects.toMatchObject({ name: 'InvalidNodeInput', message: 'ComfyUI needs COMFYUI_BASE_URL' });
  });
});
