import sharp from 'sharp';
import {
  ASPECT_RATIOS,
  dimensionsFor,
  editImage,
  type AspectRatio,
} from '../../../adapters/media/image-edit';

const RATIOS = Object.keys(ASPECT_RATIOS) as AspectRatio[];

/** A 1000x700 photo stand-in: blue on the left half, yellow on the right. */
async function sampleImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="700"><rect width="500" height="700" fill="#1040c0"/><rect x="500" width="500" height="700" fill="#f0d020"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function regionMean(
  png: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number[]> {
  const cropped = await sharp(png).extract(region).toBuffer();
  const { channels } = await sharp(cropped).stats();
  return channels.slice(0, 3).map((c) => c.mean);
}

describe('dimensionsFor', () => {
  test.each([
    ['1:1', 1080, 1080, 1080],
    ['16:9', 1920, 1920, 1080],
    ['9:16', 1920, 1080, 1920],
    ['4:5', 1350, 1080, 1350],
    ['4:3', 1440, 1440, 1080],
    ['3:4', 1440, 1080, 1440],
  ] as const)('%s at a long edge of %i is %ix%i', (ratio, longEdge, width, height) => {
    expect(dimensionsFor(ratio, longEdge)).toEqual({ width, height });
  });

  test('rounds to even pixels for video encoders', () => {
    const { width, height } = dimensionsFor('16:9', 1001);
    expect(width % 2).toBe(0);
    expect(height % 2).toBe(0);
  });
});

describe('editImage', () => {
  let input: Buffer;
  beforeAll(async () => {
    input = await sampleImage();
  });

  test.each(RATIOS)('crops to %s at the input long edge by default', async (ratio) => {
    const edited = await editImage(input, { aspectRatio: ratio });

    expect(edited).toMatchObject({ ...dimensionsFor(ratio, 1000), mimeType: 'image/png' });
    expect(await sharp(edited.data).metadata()).toMatchObject(dimensionsFor(ratio, 1000));
  });

  test('longEdge sets the output size', async () => {
    const edited = await editImage(input, { aspectRatio: '4:5', longEdge: 1350 });

    expect([edited.width, edited.height]).toEqual([1080, 1350]);
  });

  test('contain letterboxes with the background colour instead of cropping', async () => {
    const edited = await editImage(input, {
      aspectRatio: '9:16',
      longEdge: 640,
      fit: 'contain',
      background: '#00ff00',
    });

    const top = await regionMean(edited.data, { left: 0, top: 0, width: edited.width, height: 20 });
    expect(top.map(Math.round)).toEqual([0, 255, 0]);
    const middle = await regionMean(edited.data, {
      left: 0,
      top: edited.height / 2 - 5,
      width: 10,
      height: 10,
    });
    expect(middle[2]).toBeGreaterThan(150);
  });

  test('overlays one 102,400-character word as text and still gives an image (CPU lock on long words)', async () => {
    const edited = await editImage(input, {
      aspectRatio: '1:1',
      longEdge: 600,
      text: { content: 'a'.repeat(102_400), position: 'center' },
    });

    expect(await sharp(edited.data).metadata()).toMatchObject({ format: 'png', width: 600, height: 600 });
  });

  test('stops at once when the activity is cancelled', async () => {
    const cancel = new AbortController();
    cancel.abort();

    await expect(editImage(input, { aspectRatio: '1:1' }, { signal: cancel.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  test('a text overlay changes the pixels in its band and leaves the rest alone', async () => {
    const plain = await editImage(input, { aspectRatio: '1:1', longEdge: 800 });
    const captioned = await editImage(input, {
      aspectRatio: '1:1',
      longEdge: 800,
      text: { content: 'Grand opening this Saturday', position: 'bottom' },
    });

    const band = { left: 0, top: 720, width: 800, height: 80 };
    const above = { left: 0, top: 0, width: 800, height: 400 };
    const bandBefore = await regionMean(plain.data, band);
    const bandAfter = await regionMean(captioned.data, band);
    expect(Math.abs(bandAfter[0] - bandBefore[0]) + Math.abs(bandAfter[2] - bandBefore[2])).toBeGreaterThan(
      30,
    );
    expect(await regionMean(captioned.data, above)).toEqual(await regionMean(plain.data, above));
  });

  test('text at the top puts the band at the top', async () => {
    const plain = await editImage(input, { aspectRatio: '1:1', longEdge: 600 });
    const captioned = await editImage(input, {
      aspectRatio: '1:1',
      longEdge: 600,
      text: { content: 'Top line', position: 'top', band: '#000000', bandOpacity: 0.8 },
    });

    const top = { left: 0, top: 0, width: 600, height: 10 };
    const bottom = { left: 0, top: 590, width: 600, height: 10 };
    expect((await regionMean(captioned.data, top))[0]).toBeLessThan(
      (await regionMean(plain.data, top))[0] * 0.5,
    );
    expect(await regionMean(captioned.data, bottom)).toEqual(await regionMean(plain.data, bottom));
  });

  test('a logo is scaled and placed in the chosen corner', async () => {
    const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#ff00ff' } })
      .png()
      .toBuffer();

    const edited = await editImage(input, {
      aspectRatio: '1:1',
      longEdge: 1000,
      logo: { image: logo, corner: 'top-left', scale: 0.2 },
    });

    // 4% margin = 40 px; logo 200x100.
    const inLogo = await regionMean(edited.data, { left: 50, top: 50, width: 180, height: 80 });
    expect(inLogo.map(Math.round)).toEqual([255, 0, 255]);
    const outside = await regionMean(edited.data, { left: 260, top: 50, width: 20, height: 20 });
    expect(outside.map(Math.round)).not.toEqual([255, 0, 255]);
  });

  test('JPEG output is a JPEG', async () => {
    const edited = await editImage(input, {
      aspectRatio: '16:9',
      longEdge: 640,
      format: 'jpeg',
      quality: 80,
    });

    expect(edited.mimeType).toBe('image/jpeg');
    expect(await sharp(edited.data).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });

  test('the same edit gives the same bytes', async () => {
    const ops = { aspectRatio: '4:5' as const, longEdge: 500, text: { content: 'Same every time' } };

    expect((await editImage(input, ops)).data.equals((await editImage(input, ops)).data)).toBe(true);
  });
});
