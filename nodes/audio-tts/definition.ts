import { z } from 'zod';
import { TemplateString } from '../../core/graph/node-types';
import { SPEECH_PROVIDERS, providerChoice } from '../../core/model-providers';
import { PROVIDER_RETRY, type NodeDefinition } from '../node-definition';

export const AudioTtsConfig = z.object({
  text: TemplateString.optional(),
  voice: z.string().default('en-us'),
  rate: z.number().int().min(80).max(400).default(165),
  pitch: z.number().int().min(0).max(99).default(50),
  ...providerChoice(SPEECH_PROVIDERS),
});
export type AudioTtsConfig = z.infer<typeof AudioTtsConfig>;

/** audio.tts: speaks the node's text, or its first text parent, with the speech model. */
export const AUDIO_TTS = {
  title: 'Speak text',
  description: 'Speaks its text, or its first text parent, as a voiceover.',
  config: AudioTtsConfig,
  produces: 'audio',
  generation: true,
  queue: 'media',
  produceTag: 'voiceover',
  minParents: 0,
  maxParents: 10,
  execution: 'activity',
  activity: {
    name: 'audioTts',
    options: { startToCloseTimeout: '5m', heartbeatTimeout: '60s', retry: PROVIDER_RETRY },
  },
} as const satisfies NodeDefinition;
