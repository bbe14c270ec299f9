import { join } from 'node:path';
import { synthesizeSpeech } from '../../../../adapters/models/local/speech';
import { ffprobe, makeScratch } from '../../media/media-kit';

describe('synthesizeSpeech', () => {
  const scratch = makeScratch();
  afterAll(scratch.cleanup);
  const text = 'Hello from Atelier. This is a short test of the speech engine.';

  test('speaks text into an AAC m4a with a measured duration', async () => {
    const outPath = join(scratch.dir, 'speech.m4a');
    const result = await synthesizeSpeech({ text, outPath });

    expect(result).toEqual({ path: outPath, durationSeconds: expect.any(Number), mimeType: 'audio/mp4' });
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
