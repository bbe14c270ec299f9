import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureLoudness } from '../../adapters/media/loudness';
import { synthesizeSpeech, type VoiceEngine } from '../../adapters/models/local/speech';
import { timeInterleaved, type Timed } from './stats';

/** A voiced app's narration: about 15 s at the audio.tts node's default rate. */
const NARRATION =
  'Crumb and Co. naturally leavened sourdough launches this Saturday at 14 Elm Street. It is made with ' +
  'local flour and a thirty six hour ferment, so the crust crackles and the crumb stays soft. Pre-order ' +
  'for Saturday pickup, and come early: the first batch sells out by ten.';

/**
 * The voice of a voiced app (audio.tts on the local provider): Piper, the default when setup installed it,
 * beside espeak-ng, both encoded to m4a at -16 LUFS. Prints how long each takes, the speech it made and its
 * measured loudness.
 */
export async function benchSpeech(runs: number): Promise<{ rows: Timed[]; notes: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-speech-'));
  try {
    const made: Record<string, { seconds: number; voice: string; path: string }> = {};
    const speak = (name: string, engine: VoiceEngine) => async () => {
      const out = await synthesizeSpeech({ text: NARRATION, engine, outPath: join(dir, `${engine}.m4a`) });
      made[name] = { seconds: out.durationSeconds, voice: out.voice, path: out.path };
    };
    const rows = await timeInterleaved(runs, 1, [
      { name: 'audio.tts local (Piper)', fn: speak('audio.tts local (Piper)', 'auto') },
      { name: 'audio.tts local (espeak-ng)', fn: speak('audio.tts local (espeak-ng)', 'espeak') },
    ]);
    const notes = await Promise.all(
      Object.entries(made).map(
        async ([name, m]) =>
          `${name}: ${m.voice}, ${m.seconds.toFixed(1)} s of speech at ${(await measureLoudness(m.path)).toFixed(1)} LUFS`,
      ),
    );
    return { rows, notes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
