import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MediaToolError, stderrTail, throwIfAborted } from '../../media/media-errors';

/** Where setup installs Piper and its voices (scripts/setup.sh, step_piper). */
export const PIPER_HOME = resolve(__dirname, '../../../.tools/piper');
const PIPER_TIMEOUT_MS = 120_000;

/** A Piper voice: its id ("en_US-joe-medium"), language ("en-us"), speaker ("joe") and model files. */
export interface PiperVoice {
  id: string;
  language: string;
  speaker: string;
  model: string;
  config: string;
}

/** Piper where setup put it, with every voice installed beside it (each *-piper-voice package's data/). */
export interface PiperInstall {
  home: string;
  voices: PiperVoice[];
}

let found: PiperInstall | null | undefined;

/** The installed Piper and its voices, or null when it is missing (then espeak-ng speaks). */
export function findPiper(home = PIPER_HOME): PiperInstall | null {
  if (home === PIPER_HOME && found !== undefined) return found;
  const install = existsSync(join(home, 'piper', '__main__.py')) ? { home, voices: voicesIn(home) } : null;
  const result = install && install.voices.length > 0 ? install : null;
  if (home === PIPER_HOME) found = result;
  return result;
}

function voicesIn(home: string): PiperVoice[] {
  return readdirSync(home, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(home, d.name, 'data')))
    .flatMap((d) =>
      readdirSync(join(home, d.name, 'data'))
        .filter((f) => f.endsWith('.onnx') && existsSync(join(home, d.name, 'data', `${f}.json`)))
        .map((f) => {
          const id = f.replace(/\.onnx$/, '');
          const [locale = '', speaker = id] = id.split('-');
          const model = join(home, d.name, 'data', f);
          return {
            id,
            language: locale.toLowerCase().replace('_', '-'),
            speaker,
            model,
            config: `${model}.json`,
          };
        }),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The Piper voice a node's `voice` names: a voice id or speaker ("en_US-joe-medium", "joe"), else the first
 * voice of the language an espeak-style name asks for ("en-us", "en", "en-us+f3"); null when none fits.
 */
export function piperVoiceFor(install: PiperInstall, voice: string): PiperVoice | null {
  const asked = voice.toLowerCase();
  const exact = install.voices.find((v) => v.id.toLowerCase() === asked || v.speaker === asked);
  if (exact) return exact;
  const language = asked.split('+')[0];
  return (
    install.voices.find((v) => v.language === language) ??
    install.voices.find((v) => !language.includes('-') && v.language.startsWith(`${language}-`)) ??
    null
  );
}

/** Words per minute Piper speaks at a length scale of 1 (measured on the joe voice: about 160). */
export const PIPER_NATURAL_RATE = 160;

/** Speaks text with Piper into a WAV file; the text goes through stdin, never through a shell. */
export function runPiper(
  install: PiperInstall,
  voice: PiperVoice,
  options: { text: string; rate: number; wavPath: string; signal?: AbortSignal },
): Promise<void> {
  throwIfAborted(options.signal);
  const lengthScale = Math.min(2, Math.max(0.5, PIPER_NATURAL_RATE / options.rate));
  const args = [
    '-m',
    'piper',
    '-m',
    voice.model,
    '-c',
    voice.config,
    '-f',
    options.wavPath,
    '--length-scale',
    lengthScale.toFixed(3),
    '--sentence-silence',
    '0.25',
    // No sampling noise: the same text gives the same bytes, like every local model (a refinement that
    // re-speaks an unchanged script keeps its voiceover, and is not charged). Piper's noise adds small
    // variations of tone and timing; without it the voice is a little flatter, and still the neural voice.
    '--noise-scale',
    '0',
    '--noise-w-scale',
    '0',
  ];
  return new Promise((done, reject) => {
    const child = spawn('python3', args, {
      signal: options.signal,
      timeout: PIPER_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, PYTHONPATH: install.home, PYTHONDONTWRITEBYTECODE: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on('error', () => {}); // a dead child reports itself through 'close'
    child.on('error', (err) =>
      reject(err.name === 'AbortError' ? err : new MediaToolError(`piper: ${err.message}`)),
    );
    child.on('close', (code, sig) =>
      code === 0
        ? done()
        : reject(new MediaToolError(`piper exited with ${sig ?? `code ${code}`}`, stderrTail(stderr))),
    );
    child.stdin.end(options.text);
  });
}
