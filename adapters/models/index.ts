import { join } from 'node:path';
import type { Config } from '../../core/config';
import type { ConfiguredProviders } from '../../core/model-providers';
import { CATALOG_DIR } from '../catalog';
import { comfyImage, comfyVideo, type ComfyOptions } from './comfyui';
import { falImage, falSpeech, falVideo, type FalOptions } from './fal';
import { localImage, localSpeechWith, localText, localVideo } from './local/local-models';
import { openAiImage, openAiSpeech, openAiText, type OpenAiOptions } from './openai-compatible';
import {
  ProviderNotConfigured,
  type ImageModel,
  type ModelChooser,
  type ModelKind,
  type Models,
  type SpeechModel,
  type TextModel,
  type VideoModel,
} from './providers';

type AnyModel = TextModel | ImageModel | VideoModel | SpeechModel;
import { replicateImage, replicateVideo, type ReplicateOptions } from './replicate';

/** The default provider of each kind, as configured. */
export const configuredProviders = (config: Config): ConfiguredProviders => ({
  text: config.TEXT_PROVIDER,
  image: config.IMAGE_PROVIDER,
  video: config.VIDEO_PROVIDER,
  speech: config.SPEECH_PROVIDER,
});

/**
 * The provider of each kind, as configured (`local` makes real media on this machine), and a chooser for
 * nodes that name their own provider and model. A provider without the credentials or address it needs is
 * refused when a node asks for it, with the variable to set.
 */
export function createModels(config: Config): Models {
  const timeoutMs = config.GENERATION_TIMEOUT_MINUTES * 60_000;
  const openAi = (model?: string): OpenAiOptions => ({
    baseUrl: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    chatModel: model ?? config.OPENAI_CHAT_MODEL,
    imageModel: model ?? config.OPENAI_IMAGE_MODEL,
    speechModel: model ?? config.OPENAI_SPEECH_MODEL,
  });
  // Without a token the provider answers 401, which fails the node with that message (not retried).
  const replicate = (model: string): ReplicateOptions => ({
    baseUrl: config.REPLICATE_BASE_URL,
    apiToken: config.REPLICATE_API_TOKEN,
    model,
  });
  const fal = (): FalOptions => ({ baseUrl: config.FAL_BASE_URL, apiKey: config.FAL_KEY, timeoutMs });
  const comfy = (): ComfyOptions => {
    if (!config.COMFYUI_BASE_URL) throw new ProviderNotConfigured('ComfyUI needs COMFYUI_BASE_URL');
    return {
      baseUrl: config.COMFYUI_BASE_URL,
      token: config.COMFYUI_TOKEN,
      workflowsDir: config.COMFYUI_WORKFLOWS_DIR ?? join(CATALOG_DIR, 'comfyui'),
      timeoutMs,
    };
  };
  const unsupported = (kind: ModelKind, provider: string) =>
    new ProviderNotConfigured(`provider "${provider}" makes no ${kind} in Atelier`);

  const pick = (kind: ModelKind, provider: string, model?: string): AnyModel => {
    switch (`${kind}:${provider}`) {
      case 'text:local':
        return localText;
      case 'text:openai':
        return openAiText(openAi(model));
      case 'image:local':
        return localImage;
      case 'image:openai':
        return openAiImage(openAi(model));
      case 'image:replicate':
        return replicateImage(replicate(model ?? config.REPLICATE_IMAGE_MODEL));
      case 'image:fal':
        return falImage(fal(), model ?? config.FAL_IMAGE_MODEL);
      case 'image:comfyui':
        return comfyImage(
          comfy(),
          model ?? config.COMFYUI_IMAGE_WORKFLOW,
          model ?? config.COMFYUI_IMAGE_TO_IMAGE_WORKFLOW,
        );
      case 'video:local':
        return localVideo;
      case 'video:replicate':
        return replicateVideo({
          ...replicate(model ?? config.REPLICATE_VIDEO_MODEL),
          imageInput: config.REPLICATE_VIDEO_IMAGE_INPUT,
        });
      case 'video:fal':
        return falVideo(fal(), model ?? config.FAL_VIDEO_MODEL, model ?? config.FAL_IMAGE_TO_VIDEO_MODEL);
      case 'video:comfyui':
        return comfyVideo(
          comfy(),
          model ?? config.COMFYUI_VIDEO_WORKFLOW,
          model ?? config.COMFYUI_IMAGE_TO_VIDEO_WORKFLOW,
        );
      case 'speech:local':
        return localSpeechWith(config.LOCAL_VOICE);
      case 'speech:openai':
        return openAiSpeech(openAi(model));
      case 'speech:fal':
        return falSpeech(fal(), model ?? config.FAL_SPEECH_MODEL);
      default:
        throw unsupported(kind, provider);
    }
  };

  const defaults = configuredProviders(config);
  // A default that cannot be built (no key) is reported by the first node that uses it, not at start-up.
  const orFailing = (kind: ModelKind): AnyModel => {
    try {
      return pick(kind, defaults[kind]);
    } catch (err) {
      return failing(kind, defaults[kind], err as Error);
    }
  };
  return {
    text: orFailing('text') as TextModel,
    image: orFailing('image') as ImageModel,
    video: orFailing('video') as VideoModel,
    speech: orFailing('speech') as SpeechModel,
    choose: pick as unknown as ModelChooser,
  };
}

/** A model that fails every call with the configuration error that kept it from being built. */
function failing(kind: ModelKind, provider: string, err: Error): AnyModel {
  const fail = async (): Promise<never> => {
    throw err;
  };
  const name = `${provider}:unconfigured`;
  return kind === 'speech' ? { name, synthesize: fail } : { name, generate: fail };
}
