import { join } from 'node:path';
import { withTempDir } from '../../adapters/media/media-params';
import type { NodeOutput, NodeTask } from '../../core/run/run-types';
import { truncateText } from '../../core/text/graphemes';
import type { ActivityDeps } from '../../activities/deps';
import { storeMedia } from '../../activities/store-output';
import { classifyFailures, invalidNodeInput } from '../failures';
import { heartbeatWhile, mediaProgress, parentsOf } from '../media-inputs';
import { AUDIO_TTS, type AudioTtsConfig } from './definition';

export function audioTtsActivity(deps: ActivityDeps) {
  return {
    /** audio.tts: speaks the node's text, or its first text parent, with the speech model. */
    async [AUDIO_TTS.activity.name](task: NodeTask): Promise<NodeOutput> {
      return classifyFailures(() =>
        withTempDir(async (dir) => {
          const config = task.node.config as AudioTtsConfig;
          const parentText = parentsOf(task, 'text')[0];
          const text = (config.text?.trim() || (parentText?.kind === 'text' ? parentText.text : '')).trim();
          if (!text) throw invalidNodeInput(`audio.tts "${task.node.label}" has no text to speak`);
          const { signal } = mediaProgress();
          const speech = await heartbeatWhile(
            deps.models.speech.synthesize({
              text,
              voice: config.voice,
              rate: config.rate,
              pitch: config.pitch,
              outPath: join(dir, 'speech.m4a'),
              signal,
            }),
          );
          const output = await storeMedia(
            deps,
            task,
            'audio',
            { path: speech.path, mimeType: speech.mimeType },
            {
              dimensions: null,
              durationSeconds: round(speech.durationSeconds),
              contentDescription: `Voiceover (${config.voice}, ${Math.round(speech.durationSeconds)} s): "${truncateText(text, 120)}"`,
            },
          );
          return { ...output, transcript: text } as NodeOutput;
        }),
      );
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
