import { join } from 'node:path';
import { renderAudiogram } from '../../../../adapters/models/local/audiogram';
import { expectFaststart, ffprobe, frameColor, makeImage, makeScratch, makeTone } from './media-kit';

describe('renderAudiogram', () => {
  const scratch = makeScratch();
  const file = (name: string) => join(scratch.dir, name);
  afterAll(() => scratch.cleanup());

  test('renders title, waveform and audio over a colour, as long as the audio', async () => {
    const audio = makeTone(file('episode.m4a'), 2);
    const video = await renderAudiogram({
      audioPath: audio,
      title: 'Episode 12: Agents that make videos',
      outPath: file('colour.mp4'),
      width: 360,
      height: 640,
      background: '#1e293b',
      preset: 'ultrafast',
    });

    const probed = ffprobe(video.path);
    expect(probed.video).toMatchObject({ codec_name: 'h264', width: 360, height: 640, pix_fmt: 'yuv420p' });
    expect(probed.audio).toMatchObject({ codec_name: 'aac' });
    expect(probed.duration).toBeCloseTo(2, 0);
    expectFaststart(video.path);
    // Slate background (#1e293b) plus white title and waveform: brighter than the bare colour.
    const [r, g, b] = await frameColor(video.path, 1);
    expect(r + g + b).toBeGreaterThan(0x1e + 0x29 + 0x3b + 15);
  });

  test('uses a picture as the background when given one', async () => {
    const audio = makeTone(file('short.m4a'), 1);
    const image = await makeImage(file('cover.png'), 400, 300);
    const video = await renderAudiogram({
      audioPath: audio,
      imagePath: image,
      title: 'Cover',
      outPath: file('picture.mp4'),
      width: 320,
      height: 320,
      preset: 'ultrafast',
    });

    expect(ffprobe(video.path).video).toMatchObject({ width: 320, height: 320 });
    const [r, , b] = await frameColor(video.path, 0.5);
    expect(r).toBeGreaterThan(100); // the magenta circle and orange stripes of the picture
    expect(b).toBeGreaterThan(100);
  });

  test('an audio file without duration is a MediaInputError', async () => {
    const image = await makeImage(file('not-audio.png'), 64, 64);
    const render = renderAudiogram({
      audioPath: image,
      title: 'x',
      outPath: file('x.mp4'),
      width: 320,
      height: 320,
    });

    await expect(render).rejects.toMatchObject({ name: 'MediaInputError' });
  });
});
