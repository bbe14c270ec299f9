import { loadConfig } from '../../../core/config';
import { missingProviderSetting } from '../../../adapters/models/provider-setup';

describe('missingProviderSetting', () => {
  test('names the setting each provider lacks, and nothing once it is set', () => {
    const bare = loadConfig({});
    const set = loadConfig({
      OPENAI_API_KEY: 'k',
      REPLICATE_API_TOKEN: 't',
      FAL_KEY: 'f',
      COMFYUI_BASE_URL: 'http://comfy:8188',
    });

    expect(
      (['local', 'openai', 'replicate', 'fal', 'comfyui'] as const).map((p) =>
        missingProviderSetting(bare, p),
      ),
    ).toEqual([null, 'OPENAI_API_KEY', 'REPLICATE_API_TOKEN', 'FAL_KEY', 'COMFYUI_BASE_URL']);
    expect(
      (['local', 'openai', 'replicate', 'fal', 'comfyui'] as const).map((p) =>
        missingProviderSetting(set, p),
      ),
    ).toEqual([null, null, null, null, null]);
  });

  test('an OpenAI-compatible server of its own needs no key', () => {
    const ollama = loadConfig({ OPENAI_BASE_URL: 'http://localhost:11434/v1' });

    expect(missingProviderSetting(ollama, 'openai')).toBeNull();
  });
});
