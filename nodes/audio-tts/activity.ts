import { join } from 'node:path';
import { withTempDir } from '../../adapters/media/media-params';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import { modelFor, providerOf } from '../../adapters/models/providers';
import { describeAudio } from '../../core/run/describe-media';
import type { AudioFacts } from '../../core/run/media-facts';
import type { ActivityDeps } from '../../activities/deps';
import { storeMedia } from '../../activities/store-output';
import { classifyFailures, invalidNodeInput } from '../failures';
import { heartbeatWhile, mediaProgress, parentsOf } from '../media-inputs';
import { AUDIO_TTS, type AudioTtsConfig } from './definition';

export function audioTtsActivity(deps: ActivityDeps) {
  return {
    /** audio.tts: speaks the node's text, or its first text parent, with the speech model (the node's own, else the configured one). */
    async [AUDIO_TTS.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(() =>
        withTempDir(async (dir) => {
          const config = task.node.config as AudioTtsConfig;
          const parentText = parentsOf(task, 'text')[0];
          const text = (config.text?.trim() || (parentText?.kind === 'text' ? parentText.text : '')).trim();
          if (!text) throw invalidNodeInput(`audio.tts "${task.node.label}" has no text to speak`);
          const { signal } = mediaProgress();
          const model = modelFor(deps.models, 'speech', config);
          const speech = await heartbeatWhile(
            model.synthesize({
              text,
              voice: config.voice,
              rate: config.rate,
              pitch: config.pitch,
              outPath: join(dir, 'speech.m4a'),
              signal,
            }),
          );
          const facts: AudioFacts = {
            modality: 'audio',
            madeBy: model.name,
            durationSeconds: round(speech.durationSeconds),
            voice: speech.voice ?? config.voice,
            words: text.split(/\s+/).filter(Boolean).length,
          };
          const output = await storeMedia(
            deps,
            task,
            'audio',
            { path: speech.path, mimeType: speech.mimeType },
            {
              dimensions: null,
              durationSeconds: facts.durationSeconds,
              contentDescription: describeAudio(facts, text),
              facts,
              provider: providerOf(model.name),
            },
          );
          return { ...output, transcript: text } as NodeOutput;
        }),
      );
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
