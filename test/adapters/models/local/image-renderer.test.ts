import sharp from 'sharp';
import { generatedImage } from '../../../../adapters/models/providers';
import { renderImage, styleFromPrompt } from '../../../../adapters/models/local/image-renderer';
import { localImage } from '../../../../adapters/models/local/local-models';

async function meanColour(png: Buffer): Promise<[number, number, number]> {
  const { channels } = await sharp(png).stats();
  return [channels[0].mean, channels[1].mean, channels[2].mean];
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]));

describe('renderImage', () => {
  test('renders a Quote Card whose quote is one 102,400-character word (CPU lock on long words)', async () => {
    const png = await renderImage({
      prompt: `quote card, Dark palette, minimal typography: "${'a'.repeat(102_400)}" `,
      width: 1080,
      height: 1080,
    });

    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
  });

  test('renders a quote with controls and U+FFFF, which librsvg refused ("invalid Char value 27")', async () => {
    const png = await renderImage({
      prompt: 'quote card, Warm palette: "Ring\u0007 the \u001bbell\uffff twice" — Ada Lovelace',
      width: 600,
      height: 600,
    });

    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 600, height: 600 });
  });

  test.each([
    [1080, 1350],
    [1920, 1080],
    [1080, 1920],
    [512, 512],
    [300, 900],
  ])('renders a valid PNG of exactly %ix%i', async (width, height) => {
    const png = await renderImage({
      prompt: 'A bold poster for a summer jazz festival, July 12',
      width,
      height,
    });

    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width, height });
  });

  test('the same request gives byte-identical images', async () => {
    const request = {
      prompt: 'Geometric teal shapes for a design conference',
      width: 800,
      height: 1000,
      seed: 3,
    };

    const [first, second] = await Promise.all([renderImage(request), renderImage(request)]);

    expect(first.equals(second)).toBe(true);
  });

  test('another seed gives another image for the same prompt', async () => {
    const prompt = 'Geometric shapes for a design conference';
    const first = await renderImage({ prompt, width: 600, height: 600, seed: 1 });
    const second = await renderImage({ prompt, width: 600, height: 600, seed: 2 });

    expect(first.equals(second)).toBe(false);
  });

  test('colour words steer the palette: a teal image is greener and bluer than a crimson one', async () => {
    const teal = await meanColour(
      await renderImage({ prompt: 'teal gradient poster for a spa weekend', width: 600, height: 750 }),
    );
    const crimson = await meanColour(
      await renderImage({ prompt: 'crimson gradient poster for a spa weekend', width: 600, height: 750 }),
    );

    expect(teal[1] + teal[2]).toBeGreaterThan(2 * teal[0]);
    expect(crimson[0]).toBeGreaterThan(crimson[1] + 40);
    expect(distance(teal, crimson)).toBeGreaterThan(80);
  });

  test('a brand colour given as hex dominates the background', async () => {
    const png = await renderImage({
      prompt: 'Bold launch graphic in #1d4ed8 for Acme Cloud',
      width: 600,
      height: 600,
    });
    const [r, g, b] = await meanColour(png);

    expect(b).toBeGreaterThan(r + 50);
    expect(b).toBeGreaterThan(g + 30);
  });

  test('"dark" and "pastel" give a dark and a light image of the same subject', async () => {
    const dark = await meanColour(
      await renderImage({ prompt: 'dark gradient poster for a book club', width: 500, height: 500 }),
    );
    const pastel = await meanColour(
      await renderImage({ prompt: 'pastel gradient poster for a book club', width: 500, height: 500 }),
    );

    expect(dark.reduce((a, b) => a + b) / 3).toBeLessThan(110);
    expect(pastel.reduce((a, b) => a + b) / 3).toBeGreaterThan(170);
  });

  test('prompts without colour words still differ from each other', async () => {
    const a = await meanColour(
      await renderImage({ prompt: 'Gradient poster: quarterly product update', width: 400, height: 400 }),
    );
    const b = await meanColour(
      await renderImage({ prompt: 'Gradient poster: hiring senior engineers', width: 400, height: 400 }),
    );

    expect(distance(a, b)).toBeGreaterThan(20);
  });

  test('an input image fills the background of a non-studio layout', async () => {
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();

    const png = await renderImage({
      prompt: 'Minimal post about our red sale',
      width: 600,
      height: 800,
      background: red,
    });

    const corner = await sharp(png).extract({ left: 0, top: 0, width: 20, height: 20 }).toBuffer();
    const [r, g] = await meanColour(corner);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeLessThan(20);
  });

  test('a product image is centred on a studio backdrop, not stretched over it', async () => {
    const product = await sharp({ create: { width: 200, height: 300, channels: 4, background: '#00ff00' } })
      .png()
      .toBuffer();

    const png = await renderImage({
      prompt: 'Product photo of a bottle',
      width: 800,
      height: 800,
      background: product,
    });

    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    expect(pixel(400, 450)).toEqual([0, 255, 0]);
    expect(pixel(20, 780)).not.toEqual([0, 255, 0]);
  });

  test('prompts whose hash has the top bit set still get a layout (regression: signed XOR gave a negative index)', async () => {
    const prompts = ['warmup', 'Team offsite in Lisbon', 'quarterly numbers', 'a', 'b', 'c', 'd', 'e'];

    for (const prompt of prompts) {
      for (const seed of [0, 1, 7]) {
        expect(styleFromPrompt(prompt, seed)).toEqual(expect.any(String));
        await expect(renderImage({ prompt, width: 64, height: 64, seed })).resolves.toBeInstanceOf(Buffer);
      }
    }
  });

  test('rejects sizes outside 16..4096', async () => {
    await expect(renderImage({ prompt: 'x', width: 10, height: 100 })).rejects.toThrow(RangeError);
    await expect(renderImage({ prompt: 'x', width: 5000, height: 100 })).rejects.toThrow(RangeError);
  });
});

describe('styleFromPrompt', () => {
  test.each([
    ['Product photo of a ceramic mug', 'studio'],
    ['Quote card: "Stay hungry"', 'quote'],
    ['"Less, but better"', 'quote'],
    ['Minimal poster for a yoga class', 'minimal'],
    ['Bold sale banner', 'bold'],
    ['Geometric abstract cover', 'geometric'],
    ['Ocean waves banner', 'waves'],
    ['Soft gradient background', 'gradient'],
  ])('%j asks for the %s layout', (prompt, style) => {
    expect(styleFromPrompt(prompt)).toBe(style);
  });

  test('a prompt without style words gets a stable layout', () => {
    expect(styleFromPrompt('Team offsite in Lisbon')).toBe(styleFromPrompt('Team offsite in Lisbon'));
  });
});

describe('localImage', () => {
  test('renders in a render process and answers with the PNG', async () => {
    const png = await localImage.generate({
      prompt: 'minimal poster for a tea shop',
      width: 400,
      height: 500,
      variation: 1,
    });

    expect(await sharp(generatedImage(png).data).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 500,
    });
  });

  test('stops at once when the activity is cancelled', async () => {
    const cancel = new AbortController();
    cancel.abort();

    const generate = localImage.generate({
      prompt: 'poster',
      width: 400,
      height: 400,
      variation: 1,
      signal: cancel.signal,
    });

    await expect(generate).rejects.toMatchObject({ name: 'AbortError' });
  });
});
