import { join } from 'node:path';
import type { AudioTtsConfig } from '../core/graph/node-types';
import type { NodeOutput, NodeTask } from '../core/run/run-types';
import type { ActivityDeps } from './deps';
import { classifyFailures, invalidNodeInput } from './failures';
import { heartbeatWhile, mediaProgress, parentsOf } from './media-inputs';
import { withTempDir } from '../adapters/media/media-params';
import { storeMedia } from './store-output';

export function audioActivities(deps: ActivityDeps) {
  return {
    /** audio.tts: speaks the node's text, or its first text parent, with the speech model. */
    async audioTts(task: NodeTask): Promise<NodeOutput> {
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
              contentDescription: `Voiceover (${config.voice}, ${Math.round(speech.durationSeconds)} s): "${text.slice(0, 120)}${text.length > 120 ? '…' : ''}"`,
            },
          );
          return { ...output, transcript: text } as NodeOutput;
        }),
      );
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
