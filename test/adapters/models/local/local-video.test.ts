import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { colourDistance, hexToRgb } from '../../../../adapters/media/colours';
import { frameOf } from '../../../../adapters/media/video-frame';
import { localVideo, readMotionDirection } from '../../../../adapters/models/local/local-video';

describe('localVideo (the offline video model)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'local-video-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const clip = (prompt: string, extra: { image?: Buffer; seconds?: number } = {}) =>
    localVideo.generate({
      prompt,
      width: 240,
      height: 426,
      seconds: extra.seconds ?? 3,
      variation: 1,
      image: extra.image,
      outPath: join(dir, `${Math.random()}.mp4`),
    });

  test('a prompt without a picture is a title card of its subject, never of its directions', async () => {
    const card = await clip('Shop now. Revision: navy background, shorter');

    expect(card.drawn).toMatchObject({
      kind: 'title-card',
      lines: ['Shop now'],
      applied: ['background colour navy (#1b2a4a)', 'shorter clip'],
      declined: [],
    });
    expect(card.durationSeconds).toBeCloseTo(1.8, 1);
    const { r, g, b } = (await sharp(await frameOf(card.path, 1)).stats()).dominant;
    expect(colourDistance([r, g, b], hexToRgb('#1b2a4a'))).toBeLessThan(40);
  });

  test('a picture is animated with the asked camera motion; colours and text of a picture are declined', async () => {
    const picture = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#f4842d' } })
      .png()
      .toBuffer();

    const moving = await clip('Revision: zoom out, navy background', { image: picture });

    expect(moving.drawn).toMatchObject({ kind: 'motion', motion: 'zoom-out', applied: ['zoom-out motion'] });
    expect(moving.drawn!.declined[0].reason).toContain('animates its input picture');
  });

  test('speed is declined: the local motion has one speed', () => {
    expect(readMotionDirection(['make it faster'], { hasImage: true }).declined[0].reason).toContain(
      'one speed',
    );
  });
});
