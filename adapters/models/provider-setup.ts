import type { Config } from '../../core/config';
import type { ProviderName } from '../../core/model-providers';

/**
 * What each provider cannot work without, as `createModels` builds it: the setting this deployment lacks
 * for it, or null when it is configured. `local` needs nothing; OpenAI's own endpoint needs a key, a
 * server of one's own behind OPENAI_BASE_URL (Ollama, vLLM, llama.cpp) may not.
 */
const MISSING_SETTING: Record<ProviderName, (config: Config) => string | null> = {
  local: () => null,
  openai: (config) =>
    config.OPENAI_API_KEY || new URL(config.OPENAI_BASE_URL).hostname !== 'api.openai.com'
      ? null
      : 'OPENAI_API_KEY',
  replicate: (config) => (config.REPLICATE_API_TOKEN ? null : 'REPLICATE_API_TOKEN'),
  fal: (config) => (config.FAL_KEY ? null : 'FAL_KEY'),
  comfyui: (config) => (config.COMFYUI_BASE_URL ? null : 'COMFYUI_BASE_URL'),
};

/** The setting `provider` still needs here (`COMFYUI_BASE_URL`), or null when it is configured. */
export function missingProviderSetting(config: Config, provider: ProviderName): string | null {
  return MISSING_SETTING[provider](config);
}
