import { spawn } from 'node:child_process';
import { MediaToolError, stderrTail, throwIfAborted } from './media-errors';

/** What social platforms expect of spoken audio: -16 LUFS integrated, peaks under -1.5 dBTP. */
export const SPEECH_LOUDNESS = { integrated: -16, truePeak: -1.5, range: 11 } as const;

const MEASURE_TIMEOUT_MS = 120_000;
/** Peaks are held under -3 dBFS before encoding, so AAC's overshoot stays under the true-peak ceiling. */
const PEAK_LIMIT = 0.7;
const TOLERANCE_LU = 0.25;
const MAX_MEASURES = 5;

/** Integrated loudness (LUFS) of a file, after `filter` when given; -Infinity for silence. */
export function measureLoudness(path: string, filter?: string, signal?: AbortSignal): Promise<number> {
  throwIfAborted(signal);
  const measure = `${filter ? `${filter},` : ''}loudnorm=print_format=json`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      ['-hide_banner', '-nostats', '-i', path, '-af', measure, '-f', 'null', '-'],
      {
        signal,
        timeout: MEASURE_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) => reject(err.name === 'AbortError' ? err : new MediaToolError(err.message)));
    child.on('close', (code) => {
      const value = stderr.match(/"input_i"\s*:\s*"([^"]+)"/)?.[1];
      if (code !== 0 || value === undefined)
        return reject(new MediaToolError('loudness measurement failed', stderrTail(stderr)));
      resolve(Number(value));
    });
  });
}

/** A gain, then a limiter that keeps the raised peaks under PEAK_LIMIT. */
const gainChain = (gainDb: number) =>
  `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${PEAK_LIMIT}:attack=5:release=50:level=disabled`;

/**
 * The audio filter that brings speech to SPEECH_LOUDNESS (-16 LUFS), or null for silence. Speech synthesis
 * has sharp peaks, so a plain gain would clip and loudnorm's linear mode stops short of the target; a gain
 * with a limiter reaches it, and since the limiter takes some loudness back, the gain is found by the
 * secant method on measured results (a few passes of ffmpeg over seconds of audio).
 * 1. measure the file; the first gain is the distance to the target;
 * 2. measure the file through gain + limiter; stop within 0.25 LU, else take the next gain on the secant.
 */
export async function speechLoudnessFilter(path: string, signal?: AbortSignal): Promise<string | null> {
  const target = SPEECH_LOUDNESS.integrated;
  const raw = await measureLoudness(path, undefined, signal);
  if (!Number.isFinite(raw)) return null;
  let previous = { gain: 0, loudness: raw };
  let gain = target - raw;
  for (let i = 1; i < MAX_MEASURES; i++) {
    const loudness = await measureLoudness(path, gainChain(gain), signal);
    if (!Number.isFinite(loudness) || Math.abs(target - loudness) <= TOLERANCE_LU) break;
    const slope = (loudness - previous.loudness) / (gain - previous.gain);
    previous = { gain, loudness };
    gain += (target - loudness) / (slope > 0.1 ? slope : 1);
  }
  return gainChain(gain);
}
