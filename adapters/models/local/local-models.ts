import { renderInProcess } from '../../media/render-process';
import type { ImageModel, Models, SpeechModel, TextModel } from '../providers';
import { generateText } from './text-generator';
import type { RenderedImage, RenderImageRequest } from './image-renderer';
import { synthesizeSpeech, type VoiceEngine } from './speech';
import { splitDirections } from './directions';
import { readTextDirection } from './text-direction';
import { localVideo } from './local-video';

/** Deterministic text from rules over the prompt; revision directions set length, tone and the rest. */
export const localText: TextModel = {
  name: 'local',
  async generate(request) {
    const { subject, directions } = splitDirections(request.prompt);
    return generateText({
      prompt: subject,
      system: request.system,
      purpose: request.purpose,
      maxWords: request.maxWords,
      variation: request.variation,
      direction: readTextDirection(directions, request.purpose).settings,
      about: request.about,
    }).text;
  },
};

const IMAGE_RENDERER = require.resolve('./image-renderer');

/**
 * Real compositions rendered with sharp, in a render process that is stopped at its deadline or on cancel;
 * the result carries what was drawn (layout, colours, every line of text, the directions applied).
 */
export const localImage: ImageModel = {
  name: 'local',
  generate: async (request) => {
    const { subject, directions } = splitDirections(request.prompt);
    const render: RenderImageRequest = {
      prompt: subject,
      directions,
      width: request.width,
      height: request.height,
      background: request.image,
      seed: request.variation - 1,
    };
    const rendered = await renderInProcess<RenderedImage>(
      { module: IMAGE_RENDERER, fn: 'renderImageWithReport', args: [render] },
      { signal: request.signal },
    );
    return { data: Buffer.from(rendered.png), drawn: rendered.drawn };
  },
};

/** The local voice: Piper (neural) when installed, else espeak-ng; `espeak` keeps espeak-ng (LOCAL_VOICE). */
export const localSpeechWith = (engine: VoiceEngine): SpeechModel => ({
  name: 'local',
  synthesize: (request) =>
    synthesizeSpeech({
      text: request.text,
      voice: request.voice,
      rate: request.rate,
      pitch: request.pitch,
      outPath: request.outPath,
      signal: request.signal,
      engine,
    }),
});

export const localSpeech = localSpeechWith('auto');

export { localVideo };

/** The local models; `voice` picks the speech engine (tests that run whole apps keep espeak-ng: it is faster). */
export const localModels = (voice: VoiceEngine = 'auto'): Models => ({
  text: localText,
  image: localImage,
  video: localVideo,
  speech: localSpeechWith(voice),
});
