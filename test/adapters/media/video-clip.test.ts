import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeVideo, concatClips, imageToClip, textClip } from '../../../adapters/media/video-clip';
import { estimateCaptionCues } from '../../../adapters/media/captions';
import {
  expectFaststart,
  ffmpegChildren,
  ffprobe,
  frameColor,
  makeClip,
  makeImage,
  makeScratch,
  makeTone,
} from './media-kit';

describe('local video', () => {
  const scratch = makeScratch();
  const file = (name: string) => join(scratch.dir, name);
  afterAll(() => scratch.cleanup());

  test('imageToClip animates a picture into an H.264 clip of the asked size and length', async () => {
    const image = await makeImage(file('still.png'), 640, 480);
    const clip = await imageToClip({
      imagePath: image,
      outPath: file('zoom.mp4'),
      seconds: 2,
      width: 360,
      height: 640,
      motion: 'zoom-in',
      preset: 'ultrafast',
    });
    const probed = ffprobe(clip.path);
    expect(probed.video).toMatchObject({ codec_name: 'h264', width: 360, height: 640, pix_fmt: 'yuv420p' });
    expect(probed.duration).toBeCloseTo(2, 0);
    expect(clip).toMatchObject({ width: 360, height: 640, mimeType: 'video/mp4' });
    expectFaststart(clip.path);
    // Zooming in on the centre: the magenta circle fills more of the last frame than of the first.
    const [r0] = await frameColor(clip.path, 0);
    const [r1] = await frameColor(clip.path, 1.9);
    expect(r1).toBeGreaterThan(r0);
  });

  test('textClip draws animated text over a background colour', async () => {
    const clip = await textClip({
      text: 'Fresh bread, every morning',
      outPath: file('title.mp4'),
      seconds: 2,
      width: 320,
      height: 320,
      background: '#1e3a8a',
      animation: 'fade',
      preset: 'ultrafast',
    });
    expect(ffprobe(clip.path).video).toMatchObject({ codec_name: 'h264', width: 320, height: 320 });
    const [r, g, b] = await frameColor(clip.path, 1.5);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
  });

  test('concatClips joins clips with a cross-fade that shortens the total by the overlap', async () => {
    const a = makeClip(file('a.mp4'), 2, 320, 240, 'red');
    const b = makeClip(file('b.mp4'), 2, 320, 240, 'blue');
    const joined = await concatClips({
      clipPaths: [a, b],
      outPath: file('joined.mp4'),
      transition: 'fade',
      transitionSeconds: 0.5,
      preset: 'ultrafast',
    });
    expect(ffprobe(joined.path).duration).toBeCloseTo(3.5, 0);
    const [rStart, , bStart] = await frameColor(joined.path, 0.5);
    const [rEnd, , bEnd] = await frameColor(joined.path, 3.2);
    expect(rStart).toBeGreaterThan(bStart);
    expect(bEnd).toBeGreaterThan(rEnd);
  });

  test('composeVideo mixes the voiceover, follows its length, burns captions and writes AAC with faststart', async () => {
    const clip = makeClip(file('c.mp4'), 2, 360, 640, 'gray');
    const voice = makeTone(file('voice.m4a'), 3);
    const captions = estimateCaptionCues('Fresh bread every morning at the corner bakery', 3);
    const plain = await composeVideo({
      clips: [clip],
      voiceoverPath: voice,
      outPath: file('plain.mp4'),
      width: 360,
      height: 640,
      preset: 'ultrafast',
    });
    const video = await composeVideo({
      clips: [clip],
      voiceoverPath: voice,
      captions,
      outPath: file('composed.mp4'),
      width: 360,
      height: 640,
      preset: 'ultrafast',
    });
    const probed = ffprobe(video.path);
    expect(probed.video).toMatchObject({ codec_name: 'h264', width: 360, height: 640 });
    expect(probed.audio).toMatchObject({ codec_name: 'aac' });
    expect(probed.duration).toBeCloseTo(3, 0);
    expectFaststart(video.path);
    // Captions are white text near the bottom: that band is brighter with them than without.
    const band = async (path: string) => (await frameColor(path, 1)).reduce((s, c) => s + c, 0);
    expect(await band(video.path)).not.toBeCloseTo(await band(plain.path), 0);
  });

  test('composeVideo draws the voiceover waveform over the picture when asked', async () => {
    const clip = makeClip(file('w.mp4'), 2, 360, 360, 'black');
    const voice = makeTone(file('wave-voice.m4a'), 2, 220);
    const flat = await composeVideo({
      clips: [clip],
      voiceoverPath: voice,
      outPath: file('flat.mp4'),
      width: 360,
      height: 360,
      preset: 'ultrafast',
    });
    const wave = await composeVideo({
      clips: [clip],
      voiceoverPath: voice,
      outPath: file('wave.mp4'),
      width: 360,
      height: 360,
      preset: 'ultrafast',
      waveform: true,
    });
    const brightness = async (path: string) => (await frameColor(path, 1)).reduce((s, c) => s + c, 0);
    expect(await brightness(wave.path)).toBeGreaterThan((await brightness(flat.path)) + 1);
    expect(ffprobe(wave.path).duration).toBeCloseTo(2, 0);
  });

  test('an abort stops ffmpeg promptly and leaves no child process', async () => {
    const image = await makeImage(file('long.png'), 640, 480);
    const controller = new AbortController();
    const started = Date.now();
    const render = imageToClip({
      imagePath: image,
      outPath: file('long.mp4'),
      seconds: 60,
      width: 1080,
      height: 1920,
      motion: 'zoom-in',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 500);
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ffmpegChildren()).toEqual([]);
  });

  test("a missing input is the caller's fault (MediaInputError)", async () => {
    await expect(
      imageToClip({
        imagePath: file('nope.png'),
        outPath: file('x.mp4'),
        seconds: 1,
        width: 320,
        height: 320,
      }),
    ).rejects.toMatchObject({ name: 'MediaInputError' });
  });

  test.each(['slide-up', 'typewriter'] as const)(
    'textClip %s starts bare and ends with the text drawn',
    async (animation) => {
      const clip = await textClip({
        text: 'Open 100% {daily}',
        outPath: file(`${animation}.mp4`),
        seconds: 1.5,
        width: 320,
        height: 320,
        background: ['#000000', '#000000'],
        animation,
        preset: 'ultrafast',
      });
      const light = async (t: number) => (await frameColor(clip.path, t)).reduce((s, c) => s + c, 0);
      const end = await light(1.4);
      expect(end).toBeGreaterThan(10);
      expect(await light(0)).toBeLessThan(end / 3);
    },
  );

  test('concatClips cuts or slides between clips of different sizes at the asked size', async () => {
    const a = makeClip(file('wide.mp4'), 1, 320, 180, 'red');
    const b = makeClip(file('tall.mp4'), 1, 180, 320, 'blue');
    const cut = await concatClips({
      clipPaths: [a, b],
      outPath: file('cut.mp4'),
      width: 240,
      height: 240,
      preset: 'ultrafast',
    });
    const slid = await concatClips({
      clipPaths: [a, b],
      outPath: file('slid.mp4'),
      transition: 'slide',
      transitionSeconds: 0.4,
      preset: 'ultrafast',
    });
    expect(ffprobe(cut.path).video).toMatchObject({ width: 240, height: 240 });
    expect(ffprobe(cut.path).duration).toBeCloseTo(2, 1);
    expect(ffprobe(slid.path).video).toMatchObject({ width: 320, height: 180 });
    expect(ffprobe(slid.path).duration).toBeCloseTo(1.6, 1);
  });

  test('composeVideo without a voiceover lasts as long as the clips, with music or a silent track', async () => {
    const clip = makeClip(file('m.mp4'), 1.5, 320, 320, 'navy');
    const music = makeTone(file('music.m4a'), 0.5, 330);
    const withMusic = await composeVideo({
      clips: [clip, clip],
      musicPath: music,
      outPath: file('music.mp4'),
      width: 320,
      height: 320,
      preset: 'ultrafast',
    });
    const silent = await composeVideo({
      clips: [clip],
      outPath: file('silent.mp4'),
      width: 320,
      height: 320,
      preset: 'ultrafast',
    });
    // The 0.5 s music loops under the whole 3 s.
    expect(ffprobe(withMusic.path)).toMatchObject({
      duration: expect.closeTo(3, 1),
      audio: { codec_name: 'aac' },
    });
    expect(ffprobe(silent.path)).toMatchObject({
      duration: expect.closeTo(1.5, 1),
      audio: { codec_name: 'aac' },
    });
  });

  test('composeVideo ducks music under a voiceover longer than the clips, freezing the last frame', async () => {
    const clip = makeClip(file('short.mp4'), 1, 320, 320, 'olive');
    const voice = makeTone(file('long-voice.m4a'), 2.5, 200);
    const music = makeTone(file('bed.m4a'), 4, 500);
    const video = await composeVideo({
      clips: [clip],
      voiceoverPath: voice,
      musicPath: music,
      outPath: file('ducked.mp4'),
      width: 320,
      height: 320,
      preset: 'ultrafast',
    });
    const probed = ffprobe(video.path);
    expect(probed.duration).toBeCloseTo(2.5, 1);
    expect(probed.audio).toMatchObject({ codec_name: 'aac' });
    expect(await frameColor(video.path, 2.3)).toEqual(await frameColor(video.path, 0.9));
  });

  test('progress is reported as rising percentages up to the end', async () => {
    const image = await makeImage(file('progress.png'), 320, 240);
    const seen: number[] = [];
    await imageToClip({
      imagePath: image,
      outPath: file('progress.mp4'),
      seconds: 3,
      width: 640,
      height: 640,
      motion: 'pan-left',
      onProgress: (p) => seen.push(p),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(seen.every((p) => p >= 0 && p <= 100)).toBe(true);
  });

  test('an abort rejects with AbortError, even before ffmpeg has started', async () => {
    const image = await makeImage(file('early.png'), 320, 240);
    const controller = new AbortController();
    const render = imageToClip({
      imagePath: image,
      outPath: file('early.mp4'),
      seconds: 30,
      width: 1080,
      height: 1920,
      signal: controller.signal,
    });
    controller.abort();
    await expect(render).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ffmpegChildren()).toEqual([]);
  });

  test.each([
    ['a picture given as the voiceover (no duration)', 'png'],
    ['a file that is not media', 'txt'],
  ])("%s is the caller's fault (MediaInputError)", async (_name, kind) => {
    const clip = makeClip(file('ok.mp4'), 1, 320, 320);
    const bad = kind === 'png' ? await makeImage(file('voice.png'), 32, 32) : file('voice.txt');
    if (kind === 'txt') writeFileSync(bad, 'not audio at all');
    const render = composeVideo({
      clips: [clip],
      voiceoverPath: bad,
      outPath: file('bad.mp4'),
      width: 320,
      height: 320,
    });
    await expect(render).rejects.toMatchObject({ name: 'MediaInputError' });
  });

  test.each([
    ['odd width', { width: 321 }],
    ['an unsafe colour', { background: 'red:s=1x1' }],
    ['zero seconds', { seconds: 0 }],
  ])('textClip refuses %s with a MediaInputError', async (_name, override) => {
    const render = textClip({
      text: 'x',
      outPath: file('bad-title.mp4'),
      seconds: 1,
      width: 320,
      height: 320,
      ...override,
    });
    await expect(render).rejects.toMatchObject({ name: 'MediaInputError' });
  });

  test('regression: a video stream cross-faded before a longer voiceover lasts as long as the voiceover', async () => {
    // tpad after xfade did not extend the stream: the picture stopped at the clips' end, the audio went on.
    const a = makeClip(file('x1.mp4'), 1, 320, 320, 'red');
    const b = makeClip(file('x2.mp4'), 1, 320, 320, 'blue');
    const voice = makeTone(file('x-voice.m4a'), 3);
    const video = await composeVideo({
      clips: [a, b],
      voiceoverPath: voice,
      transition: 'fade',
      outPath: file('x.mp4'),
      width: 320,
      height: 320,
      preset: 'ultrafast',
    });
    expect(Number(ffprobe(video.path).video?.duration)).toBeCloseTo(3, 1);
    const [r, , blue] = await frameColor(video.path, 2.8);
    expect(blue).toBeGreaterThan(r);
  });
});
