import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { AAC_OUTPUT_OPTIONS, hasEncoder, requireDuration, runFfmpeg } from '../../media/ffmpeg';
import { MediaInputError, MediaToolError, stderrTail, throwIfAborted } from '../../media/media-errors';
import { withTempDir } from '../../media/media-params';
import { speechLoudnessFilter } from '../../media/loudness';
import { findPiper, piperVoiceFor, runPiper } from './piper';

export { estimateCaptionCues, estimateWordTimings } from '../../media/captions';

export type SpeechFormat = 'mp3' | 'm4a' | 'wav';

export interface SpeechOptions {
  text: string;
  /** espeak-ng voice: 'en-us', 'en-gb', 'en-us+f3' ... */
  voice?: string;
  /** Words per minute. */
  rate?: number;
  /** 0..99 */
  pitch?: number;
  outPath: string;
  format?: SpeechFormat;
  signal?: AbortSignal;
  /** `auto`: Piper when it and a voice for `voice` are installed, else espeak-ng; `espeak`: espeak-ng. */
  engine?: VoiceEngine;
}

export type VoiceEngine = 'auto' | 'espeak';

export interface SpeechResult {
  path: string;
  durationSeconds: number;
  mimeType: string;
  /** The voice that spoke: "Piper en_US-joe-medium" or "espeak-ng en-us". */
  voice: string;
}

export const SPEECH_RATE = { min: 80, max: 450, default: 170 } as const;
export const SPEECH_TEXT_MAX_CHARS = 20_000;
const ESPEAK_TIMEOUT_MS = 120_000;
const VOICE_NAME = /^[a-z0-9-]+(\+[a-z0-9-]+)?$/i;

const MIME_TYPES: Record<SpeechFormat, string> = { mp3: 'audio/mpeg', m4a: 'audio/mp4', wav: 'audio/wav' };

/**
 * Speaks text and encodes it (AAC in m4a by default):
 * 1. the input is checked (words, length, voice name, rate, pitch);
 * 2. Piper speaks it when it is installed with a voice for `voice` (a neural voice), else espeak-ng;
 * 3. the speech is measured (EBU R128) and brought to -16 LUFS by one linear gain while it is encoded.
 */
export async function synthesizeSpeech(options: SpeechOptions): Promise<SpeechResult> {
  const { outPath, format = 'm4a', signal, voice = 'en-us', rate = SPEECH_RATE.default } = options;
  const args = espeakArgs(options);
  const piper = options.engine === 'espeak' ? null : findPiper();
  const piperVoice = piper ? piperVoiceFor(piper, voice) : null;
  return withTempDir(async (dir) => {
    const wavPath = join(dir, 'speech.wav');
    if (piper && piperVoice) await runPiper(piper, piperVoice, { text: options.text, rate, wavPath, signal });
    else await runEspeak([...args, '-w', wavPath], options.text, signal);
    const spoken = await requireDuration(wavPath, 'synthesized speech');
    const loudness = await speechLoudnessFilter(wavPath, signal);
    await encodeSpeech(wavPath, outPath, format, spoken, loudness, signal);
    const durationSeconds = await requireDuration(outPath, 'encoded speech');
    const spokenBy = piperVoice ? `Piper ${piperVoice.id}` : `espeak-ng ${voice}`;
    return { path: outPath, durationSeconds, mimeType: MIME_TYPES[format], voice: spokenBy };
  });
}

function espeakArgs({
  text,
  voice = 'en-us',
  rate = SPEECH_RATE.default,
  pitch = 50,
}: SpeechOptions): string[] {
  if (!/[\p{L}\p{N}]/u.test(text)) throw new MediaInputError('text to speak has no words');
  if (text.length > SPEECH_TEXT_MAX_CHARS)
    throw new MediaInputError(`text is over ${SPEECH_TEXT_MAX_CHARS} characters`);
  if (!VOICE_NAME.test(voice)) throw new MediaInputError(`invalid voice name: ${voice}`);
  if (!Number.isFinite(rate) || rate < SPEECH_RATE.min || rate > SPEECH_RATE.max) {
    throw new MediaInputError(`rate must be ${SPEECH_RATE.min}..${SPEECH_RATE.max} words per minute`);
  }
  if (!Number.isInteger(pitch) || pitch < 0 || pitch > 99)
    throw new MediaInputError('pitch must be an integer 0..99');
  return ['-v', voice, '-s', String(Math.round(rate)), '-p', String(pitch), '--stdin'];
}

/** The text goes through stdin, so quotes, newlines and leading dashes are never parsed as options. */
function runEspeak(args: string[], text: string, signal?: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', args, { signal, timeout: ESPEAK_TIMEOUT_MS, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on('error', () => {}); // a dead child reports itself through 'close'
    child.on('error', (err) =>
      reject(err.name === 'AbortError' ? err : new MediaToolError(`espeak-ng: ${err.message}`)),
    );
    child.on('close', (code, sig) => {
      if (code === 0) return resolve();
      if (/voice does not exist/i.test(stderr))
        return reject(new MediaInputError(`unknown voice: ${args[1]}`));
      reject(new MediaToolError(`espeak-ng exited with ${sig ?? `code ${code}`}`, stderrTail(stderr)));
    });
    child.stdin.end(text);
  });
}

async function encodeSpeech(
  wavPath: string,
  outPath: string,
  format: SpeechFormat,
  durationSeconds: number,
  loudness: string | null,
  signal?: AbortSignal,
): Promise<void> {
  if (format === 'mp3' && !(await hasEncoder('libmp3lame'))) {
    throw new MediaToolError('mp3 needs an ffmpeg built with libmp3lame; ask for m4a instead');
  }
  const codec =
    format === 'mp3'
      ? ['-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100']
      : format === 'wav'
        ? ['-c:a', 'pcm_s16le', '-ar', '44100']
        : [...AAC_OUTPUT_OPTIONS, '-movflags', '+faststart'];
  await runFfmpeg({
    inputs: [{ path: wavPath }],
    outputOptions: ['-vn', ...(loudness ? ['-af', loudness] : []), ...codec],
    outPath,
    durationSeconds,
    signal,
  });
}
