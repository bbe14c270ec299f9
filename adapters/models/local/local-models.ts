import type { ImageModel, Models, SpeechModel, TextModel } from '../providers';
import { generateText } from './text-generator';
import { renderImage } from './image-renderer';
import { synthesizeSpeech } from './speech';

/** Deterministic text from rules over the prompt; a variation reseeds the choices. */
export const localText: TextModel = {
  name: 'local',
  async generate(request) {
    return generateText({ prompt: request.prompt, system: request.system, purpose: request.purpose, maxWords: request.maxWords, variation: request.variation }).text;
  },
};

/** Real compositions rendered with sharp. */
export const localImage: ImageModel = {
  name: 'local',
  generate: (request) =>
    renderImage({ prompt: request.prompt, width: request.width, height: request.height, background: request.image, seed: request.variation - 1 }),
};

/** espeak-ng speech encoded with ffmpeg. */
export const localSpeech: SpeechModel = {
  name: 'local',
  synthesize: (request) =>
    synthesizeSpeech({ text: request.text, voice: request.voice, rate: request.rate, pitch: request.pitch, outPath: request.outPath, signal: request.signal }),
};

export const localModels = (): Models => ({ text: localText, image: localImage, speech: localSpeech });
