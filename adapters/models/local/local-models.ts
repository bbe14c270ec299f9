import { renderInProcess } from '../../media/render-process';
import type { ImageModel, Models, SpeechModel, TextModel } from '../providers';
import { generateText } from './text-generator';
import type { RenderImageRequest } from './image-renderer';
import { synthesizeSpeech } from './speech';
import { splitDirections } from './directions';

/** Deterministic text from rules over the prompt; a variation reseeds the choices. */
export const localText: TextModel = {
  name: 'local',
  async generate(request) {
    const { subject, directions } = splitDirections(request.prompt);
    const system = [request.system, ...directions].filter(Boolean).join('. ') || undefined;
    return generateText({
      prompt: subject,
      system,
      purpose: request.purpose,
      maxWords: request.maxWords,
      variation: request.variation,
    }).text;
  },
};

const IMAGE_RENDERER = require.resolve('./image-renderer');

/** Real compositions rendered with sharp, in a render process that is stopped at its deadline or on cancel. */
export const localImage: ImageModel = {
  name: 'local',
  generate: (request) => {
    const { subject, directions } = splitDirections(request.prompt);
    const render: RenderImageRequest = {
      prompt: subject,
      direction: directions.join(' '),
      width: request.width,
      height: request.height,
      background: request.image,
      seed: request.variation - 1,
    };
    return renderInProcess<Buffer>(
      { module: IMAGE_RENDERER, fn: 'renderImage', args: [render] },
      { signal: request.signal },
    );
  },
};

/** espeak-ng speech encoded with ffmpeg. */
export const localSpeech: SpeechModel = {
  name: 'local',
  synthesize: (request) =>
    synthesizeSpeech({
      text: request.text,
      voice: request.voice,
      rate: request.rate,
      pitch: request.pitch,
      outPath: request.outPath,
      signal: request.signal,
    }),
};

export const localModels = (): Models => ({ text: localText, image: localImage, speech: localSpeech });
