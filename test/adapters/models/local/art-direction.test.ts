import sharp from 'sharp';
import { colourDistance, hexToRgb } from '../../../../adapters/media/colours';
import { measureImage } from '../../../../adapters/media/image-measure';
import { readArtDirection } from '../../../../adapters/models/local/art-direction';
import { renderImageWithReport } from '../../../../adapters/models/local/image-renderer';

describe('readArtDirection', () => {
  test('a colour goes to the part the feedback names, and says which colour it is', () => {
    expect(readArtDirection(['Make the background a deep ocean blue and the type bolder'])).toEqual({
      settings: { background: '#0f437c', weight: 'bold' },
      applied: ['background colour deep ocean blue (#0f437c)', 'bold type'],
      declined: [],
    });
    expect(readArtDirection(['white text on a black background, coral accents']).settings).toEqual({
      ink: '#fafafa',
      background: '#15171c',
      accent: '#ff6f61',
    });
  });

  test('a compound colour name is one colour: "navy blue" is navy, "#1b2a4a" is itself', () => {
    expect(readArtDirection(['navy blue please']).settings.background).toBe('#1b2a4a');
    expect(readArtDirection(['use #0A4D68']).settings.background).toBe('#0a4d68');
  });

  test.each([
    ['darker', { tone: 'dark' }],
    ['lighter and airy', { tone: 'light' }],
    ['more minimal', { style: 'minimal' }],
    ['bolder', { style: 'bold' }],
    ['playful', { style: 'playful' }],
    ['make it elegant', { style: 'elegant' }],
    ['bigger text', { textScale: 1.3 }],
    ['much smaller title', { textScale: 0.6 }],
    ['centre the headline', { placement: 'center', align: 'middle' }],
    ['put the text at the top', { placement: 'top' }],
    ['a wavy layout', { layout: 'waves' }],
    ['try a different layout', { otherLayout: true }],
    ['calmer', { mood: 'calm' }],
    ['more festive', { mood: 'festive' }],
    ['black and white', { saturation: 'monochrome' }],
    ['more colourful', { saturation: 'vibrant' }],
    ['serif headline', { family: 'serif' }],
  ])('"%s" is applied', (direction, settings) => {
    const reading = readArtDirection([direction]);
    expect(reading.settings).toEqual(settings);
    expect(reading.declined).toEqual([]);
    expect(reading.applied).toHaveLength(1);
  });

  test.each([
    ['add a dog in the corner', 'cannot add, remove or change objects'],
    ['make it photorealistic', 'needs a generation provider'],
    ['put our logo on it', 'image.edit node overlays a logo'],
    ['change the font to Helvetica', '"Helvetica" is not'],
    ['right-aligned text', 'never right-aligned'],
    ['make it bigger', 'ask for bigger or smaller text'],
    ['add some grain and blur', 'no texture, blur or lighting'],
  ])('"%s" is declined, with its reason', (direction, reason) => {
    const reading = readArtDirection([direction]);
    expect(reading.applied).toEqual([]);
    expect(reading.declined.length).toBeGreaterThan(0);
    for (const d of reading.declined) expect(d.reason).toContain(reason);
  });

  test('later directions win over earlier ones', () => {
    expect(readArtDirection(['red background', 'actually a teal background']).settings.background).toBe(
      '#0f9b8e',
    );
  });
});

describe('renderImageWithReport honours art direction', () => {
  const render = (prompt: string, directions: string[] = []) =>
    renderImageWithReport({ prompt, width: 400, height: 500, directions });
  const dominant = async (png: Buffer) => {
    const { r, g, b } = (await sharp(png).stats()).dominant;
    return [r, g, b] as [number, number, number];
  };

  test.each([
    ['gradient', 'gradient poster for a spa weekend'],
    ['geometric', 'geometric poster for a design week'],
    ['minimal', 'minimal poster for a tea shop'],
    ['bold', 'bold poster for a summer sale'],
    ['waves', 'waves poster for a surf school'],
    ['studio', 'product photo of a ceramic mug'],
    ['quote', 'quote card: "Less, but better" — Dieter Rams'],
  ])('an asked background colour is the dominant colour of a %s layout', async (layout, prompt) => {
    const { png, drawn } = await render(prompt, ['a deep navy background']);

    expect(drawn.layout).toBe(layout);
    expect(colourDistance(await dominant(png), hexToRgb(drawn.paper[0]))).toBeLessThan(40);
    expect(colourDistance(hexToRgb(drawn.paper[0]), hexToRgb('#131d34'))).toBeLessThan(12);
  });

  test('bigger and smaller text set the headline larger and smaller, with the same words', async () => {
    const [plain, bigger, smaller] = await Promise.all([
      render('gradient poster for a spa weekend'),
      render('gradient poster for a spa weekend', ['bigger text']),
      render('gradient poster for a spa weekend', ['smaller text']),
    ]);
    const size = (r: typeof plain) => r.drawn.text.find((t) => t.role === 'headline')!.fontSize;

    expect(size(bigger)).toBeGreaterThan(size(plain));
    expect(size(smaller)).toBeLessThan(size(plain));
    expect(bigger.drawn.text[0].lines.join(' ')).toBe(plain.drawn.text[0].lines.join(' '));
  });

  test('styles change the layout and the type: minimal, playful, bold, elegant', async () => {
    const base = 'gradient poster for a spa weekend';
    const drawnOf = async (d: string) => (await render(base, [d])).drawn;

    expect((await drawnOf('more minimal')).layout).toBe('minimal');
    expect((await drawnOf('playful')).layout).toBe('geometric');
    expect(await drawnOf('bolder')).toMatchObject({
      layout: 'bold',
      text: [{ weight: 'bold', lines: ['SPA', 'WEEKEND'] }],
    });
    expect((await drawnOf('elegant')).text[0]).toMatchObject({ family: 'serif', weight: 'normal' });
  });

  test('a quote card keeps its layout under a style direction, and says so for a layout one', async () => {
    const { drawn } = await render('quote card: "Less, but better"', ['a wavy layout, bolder type']);

    expect(drawn.layout).toBe('quote');
    expect(drawn.text[0]).toMatchObject({ role: 'quote', weight: 'bold' });
    expect(drawn.applied).toEqual(['bold type']);
    expect(drawn.declined).toEqual([
      { direction: 'waves layout', reason: 'a quote card keeps its quote layout' },
    ]);
  });

  test('darker and lighter are measured as such', async () => {
    const dark = await measureImage((await render('poster for a jazz night', ['darker'])).png);
    const light = await measureImage((await render('poster for a jazz night', ['lighter'])).png);

    expect(dark.tone).toBe('dark');
    expect(light.luminance).toBeGreaterThan(dark.luminance + 0.3);
  });

  test('a mood changes the palette; directions are never written on the image', async () => {
    const plain = await render('gradient poster for a spa weekend');
    const festive = await render('gradient poster for a spa weekend', ['more festive']);

    expect(festive.png.equals(plain.png)).toBe(false);
    expect(festive.drawn.text.flatMap((t) => t.lines).join(' ')).not.toMatch(/festive/i);
  });
});
