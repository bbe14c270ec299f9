import { join } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { measureLoudness, SPEECH_LOUDNESS } from '../../../../adapters/media/loudness';
import { findPiper, piperVoiceFor } from '../../../../adapters/models/local/piper';
import { synthesizeSpeech as speak, type SpeechOptions } from '../../../../adapters/models/local/speech';
import { ffprobe, makeScratch } from '../../media/media-kit';

/** The general behaviour with espeak-ng (fast); Piper has its own describe below. */
const synthesizeSpeech = (options: SpeechOptions) => speak({ engine: 'espeak', ...options });

describe('synthesizeSpeech', () => {
  const scratch = makeScratch();
  afterAll(scratch.cleanup);
  const text = 'Hello from Atelier. This is a short test of the speech engine.';

  test('speaks text into an AAC m4a with a measured duration', async () => {
    const outPath = join(scratch.dir, 'speech.m4a');
    const result = await synthesizeSpeech({ text, outPath });

    expect(result).toEqual({
      path: outPath,
      durationSeconds: expect.any(Number),
      mimeType: 'audio/mp4',
      voice: 'espeak-ng en-us',
    });
    const probed = ffprobe(outPath);
    expect(probed.audio?.codec_name).toBe('aac');
    expect(probed.duration).toBeGreaterThan(1);
    expect(Math.abs(probed.duration - result.durationSeconds)).toBeLessThan(0.1);
  });

  test('encodes mp3 with libmp3lame and wav as is', async () => {
    const mp3 = await synthesizeSpeech({
      text: 'Short one.',
      outPath: join(scratch.dir, 's.mp3'),
      format: 'mp3',
    });
    const wav = await synthesizeSpeech({
      text: 'Short one.',
      outPath: join(scratch.dir, 's.wav'),
      format: 'wav',
    });

    expect(ffprobe(mp3.path).audio?.codec_name).toBe('mp3');
    expect(mp3.mimeType).toBe('audio/mpeg');
    expect(ffprobe(wav.path).audio?.codec_name).toBe('pcm_s16le');
    expect(wav.durationSeconds).toBeGreaterThan(0);
  });

  test('a faster rate makes shorter speech', async () => {
    const slow = await synthesizeSpeech({
      text,
      rate: 120,
      outPath: join(scratch.dir, 'slow.wav'),
      format: 'wav',
    });
    const fast = await synthesizeSpeech({
      text,
      rate: 300,
      outPath: join(scratch.dir, 'fast.wav'),
      format: 'wav',
    });

    expect(fast.durationSeconds).toBeLessThan(slow.durationSeconds * 0.7);
  });

  test('text with quotes, newlines and a leading dash is spoken, not parsed as options', async () => {
    const tricky = `-v nope --help "quoted" it's\n$(rm -rf /) \`x\`; second line`;
    const result = await synthesizeSpeech({
      text: tricky,
      outPath: join(scratch.dir, 'tricky.wav'),
      format: 'wav',
    });

    expect(result.durationSeconds).toBeGreaterThan(1);
  });

  test('a variant voice is accepted', async () => {
    const result = await synthesizeSpeech({
      text: 'Hi.',
      voice: 'en-us+f3',
      pitch: 70,
      outPath: join(scratch.dir, 'f3.wav'),
      format: 'wav',
    });

    expect(result.durationSeconds).toBeGreaterThan(0);
  });

  test.each([
    ['an unknown voice', { voice: 'xx-nowhere' }],
    ['a voice with filter characters', { voice: 'en;rm' }],
    ['a rate out of range', { rate: 5 }],
    ['a pitch out of range', { pitch: 120 }],
    ['text without words', { text: ' ... ' }],
  ])('%s is a MediaInputError', async (_name, override) => {
    const run = synthesizeSpeech({ text: 'Hello.', outPath: join(scratch.dir, 'bad.m4a'), ...override });

    await expect(run).rejects.toMatchObject({ name: 'MediaInputError' });
  });

  test('an aborted signal rejects with AbortError', async () => {
    const controller = new AbortController();
    const run = synthesizeSpeech({
      text: text.repeat(20),
      outPath: join(scratch.dir, 'a.m4a'),
      signal: controller.signal,
    });
    controller.abort();

    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('synthesizeSpeech with Piper (issue 29 item 1)', () => {
  const scratch = makeScratch();
  afterAll(scratch.cleanup);
  const text = 'Crumb and Co. sourdough launches this Saturday. Pre-order for Saturday pickup.';
  const piper = findPiper();

  test('setup installed Piper with the en_US joe voice', () => {
    expect(piper?.voices.map((v) => v.id)).toContain('en_US-joe-medium');
  });

  test('speaks with the neural voice by default, at -16 LUFS (+/- 1)', async () => {
    const result = await speak({ text, outPath: join(scratch.dir, 'piper.m4a') });

    expect(result.voice).toBe('Piper en_US-joe-medium');
    expect(result.durationSeconds).toBeGreaterThan(2);
    const loudness = await measureLoudness(result.path);
    expect(Math.abs(loudness - SPEECH_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
  });

  test('espeak-ng output is normalised to -16 LUFS too', async () => {
    const result = await speak({ text, engine: 'espeak', outPath: join(scratch.dir, 'espeak.m4a') });

    expect(result.voice).toBe('espeak-ng en-us');
    const loudness = await measureLoudness(result.path);
    expect(Math.abs(loudness - SPEECH_LOUDNESS.integrated)).toBeLessThanOrEqual(1);
  });

  test('Piper speaks the same text into the same bytes (no sampling noise)', async () => {
    const once = await speak({ text, outPath: join(scratch.dir, 'once.wav'), format: 'wav' });
    const twice = await speak({ text, outPath: join(scratch.dir, 'twice.wav'), format: 'wav' });

    expect(readFileSync(twice.path).equals(readFileSync(once.path))).toBe(true);
  });

  test('a faster rate makes shorter Piper speech', async () => {
    const slow = await speak({ text, rate: 120, outPath: join(scratch.dir, 'slow.wav'), format: 'wav' });
    const fast = await speak({ text, rate: 260, outPath: join(scratch.dir, 'fast.wav'), format: 'wav' });

    expect(fast.voice).toBe('Piper en_US-joe-medium');
    expect(fast.durationSeconds).toBeLessThan(slow.durationSeconds * 0.75);
  });

  test('a voice is chosen by id, speaker or language; a language without a Piper voice falls back to espeak-ng', async () => {
    expect(piperVoiceFor(piper!, 'en_US-joe-medium')?.id).toBe('en_US-joe-medium');
    expect(piperVoiceFor(piper!, 'joe')?.id).toBe('en_US-joe-medium');
    expect(piperVoiceFor(piper!, 'en-us+f3')?.id).toBe('en_US-joe-medium');
    expect(piperVoiceFor(piper!, 'en')?.id).toBe('en_US-joe-medium');
    expect(piperVoiceFor(piper!, 'de')).toBeNull();

    const german = await speak({
      text: 'Guten Tag.',
      voice: 'de',
      outPath: join(scratch.dir, 'de.wav'),
      format: 'wav',
    });
    expect(german.voice).toBe('espeak-ng de');
  });

  test('without Piper installed there is no Piper install to use', () => {
    expect(findPiper(mkdtempSync(join(tmpdir(), 'no-piper-')))).toBeNull();
  });
});
