import { splitDirections } from '../../../../adapters/models/local/directions';
import { localImage, localText } from '../../../../adapters/models/local/local-models';
import sharp from 'sharp';
import { generatedImage, type GeneratedImage } from '../../../../adapters/models/providers';

describe('splitDirections', () => {
  test('a prompt without revisions is all subject', () => {
    expect(splitDirections('A poster about tea')).toEqual({ subject: 'A poster about tea', directions: [] });
  });

  test('each appended revision becomes a direction, in order', () => {
    expect(splitDirections('A poster about tea. Revision: warmer colours. Revision: bigger title.')).toEqual({
      subject: 'A poster about tea',
      directions: ['warmer colours', 'bigger title'],
    });
  });
});

describe('local models and refinement directions', () => {
  test('text never repeats the directive word and follows its tone', async () => {
    const text = await localText.generate({
      prompt: 'Write an ad script about oat-milk latte. Revision: make it more playful',
      purpose: 'script',
      variation: 1,
    });
    expect(text).not.toMatch(/Revision/);
    const plain = await localText.generate({
      prompt: 'Write an ad script about oat-milk latte',
      purpose: 'script',
      variation: 1,
    });
    expect(text).not.toBe(plain);
  });

  test('images take the direction as art direction, not as words on the picture', async () => {
    const base = await localImage.generate({
      prompt: 'bold poster about green tea',
      width: 320,
      height: 320,
      variation: 1,
    });
    const revised = await localImage.generate({
      prompt: 'bold poster about green tea. Revision: make it red',
      width: 320,
      height: 320,
      variation: 1,
    });
    const mean = async (image: Buffer | GeneratedImage) =>
      (await sharp(generatedImage(image).data).stats()).channels.map((c) => c.mean);
    const [r1, g1] = await mean(base);
    const [r2, g2] = await mean(revised);
    expect(r2 - g2).toBeGreaterThan(r1 - g1);
  });
});
