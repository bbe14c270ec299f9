import type { Config } from '../../core/config';
import { localImage, localSpeech, localText } from './local/local-models';
import { openAiImage, openAiSpeech, openAiText, type OpenAiOptions } from './openai-compatible';
import type { Models } from './providers';
import { replicateImage } from './replicate';

/** The provider of each modality, as configured; `local` makes real media on this machine. */
export function createModels(config: Config): Models {
  const openAi: OpenAiOptions = {
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    chatModel: config.OPENAI_CHAT_MODEL,
    imageModel: config.OPENAI_IMAGE_MODEL,
    speechModel: config.OPENAI_SPEECH_MODEL,
  };
  const replicate = {
    baseUrl: config.REPLICATE_BASE_URL,
    apiToken: config.REPLICATE_API_TOKEN,
    model: config.REPLICATE_IMAGE_MODEL,
  };
  return {
    text: config.TEXT_PROVIDER === 'openai' ? openAiText(openAi) : localText,
    image:
      config.IMAGE_PROVIDER === 'openai'
        ? openAiImage(openAi)
        : config.IMAGE_PROVIDER === 'replicate'
          ? replicateImage(replicate)
          : localImage,
    speech: config.SPEECH_PROVIDER === 'openai' ? openAiSpeech(openAi) : localSpeech,
  };
}
