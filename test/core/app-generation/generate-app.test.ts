import { compileApp } from '../../../core/app/compiled-app';
import { generateApp } from '../../../core/app-generation/generate-app';
import { readInstruction } from '../../../core/app-generation/read-instruction';
import { loadCatalogApps } from '../../../adapters/catalog';
import { generateImageApp } from '../../../core/content/generate-image';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const APP_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const generate = (instruction: string, base?: Parameters<typeof generateApp>[0]['base']) =>
  generateApp({ appId: APP_ID, instruction, base }).definition;
const edges = (d: ReturnType<typeof generate>) => d.graph.edges.map((e) => `${e.source}->${e.target}`);

describe('readInstruction', () => {
  test('reads a carousel count, platform, topic and caption', () => {
    expect(
      readInstruction('An Instagram carousel of 4 slides about our summer sale, with hashtags'),
    ).toMatchObject({
      carousel: 4,
      image: false,
      caption: true,
      platforms: ['instagram'],
      topic: 'our summer sale',
      aspectRatio: null,
    });
  });

  test('a TikTok video takes 9:16; captions on a video are subtitles', () => {
    expect(readInstruction('A TikTok video with a voiceover and captions')).toMatchObject({
      video: true,
      voiceover: true,
      subtitles: true,
      caption: false,
      aspectRatio: '9:16',
    });
  });

  test('an explicit ratio wins over the platform', () => {
    expect(readInstruction('a YouTube thumbnail in 1:1').aspectRatio).toBe('1:1');
  });

  test('a product photo asks for a product image input', () => {
    expect(readInstruction('a poster using a product photo').productImage).toBe(true);
  });
});

describe('generateApp', () => {
  test('a carousel of 3 with a caption: three image nodes, each to its output, and a caption', () => {
    const app = generate('A carousel of 3 slides about hiking boots with a caption');

    expect(app.name).toBe('3-Slide Carousel and Caption');
    expect(app.parameters.map((p) => [p.key, p.default])).toEqual([
      ['topic', 'hiking boots'],
      ['aspect_ratio', '1:1'],
    ]);
    expect(edges(app)).toEqual([
      'slide_1->out_slide_1',
      'slide_2->out_slide_2',
      'slide_3->out_slide_3',
      'caption->out_caption',
    ]);
    expect(compileApp(app).plan.outputs.map((o) => [o.label, o.type])).toEqual([
      ['Slide 1', 'image'],
      ['Slide 2', 'image'],
      ['Slide 3', 'image'],
      ['Caption', 'text'],
    ]);
  });

  test('a video with voiceover and subtitles:  script -> voiceover -> video <- clip <- key visual', () => {
    const app = generate('A vertical video with a voiceover and subtitles about tea');

    expect(edges(app)).toEqual([
      'script->voiceover',
      'keyframe->clip',
      'clip->video',
      'voiceover->video',
      'video->out_video',
    ]);
    expect(app.graph.nodes.find((n) => n.id === 'video')!.config).toMatchObject({
      captions: true,
      aspectRatio: '{{aspect_ratio}}',
    });
    expect(app.parameters.find((p) => p.key === 'aspect_ratio')!.default).toBe('9:16');
  });

  test('quality and approval gate each media output; a product photo becomes a url parameter', () => {
    const app = generate('A product photo image for Facebook with a quality check and approval');

    expect(edges(app)).toEqual([
      'image->image_quality',
      'image_quality->image_approval',
      'image_approval->out_image_approval',
    ]);
    expect(app.parameters.find((p) => p.key === 'product_image')).toMatchObject({
      type: 'url',
      accept: ['image'],
    });
    expect(app.frontmatter).toMatchObject({
      platforms: ['facebook'],
      formats: ['image'],
      summary: 'A product photo image for Facebook with a quality check and approval',
    });
  });

  test('a base app keeps its graph and parameters and gains the new deliverables and gates', () => {
    const blog = loadCatalogApps().find((a) => a.appId === '7665e1a9-f604-41e7-9529-7b64b0a67d37')!;

    const app = generate('add a caption and a quality check', blog);

    expect(app.parameters.map((p) => p.key)).toEqual(['article_title', 'mood']);
    expect(edges(app)).toEqual(
      expect.arrayContaining(['hero->hero_quality', 'hero_quality->out_hero', 'caption->out_caption']),
    );
    expect(app.graph.nodes.find((n) => n.id === 'caption')!.config.prompt).toContain('{{article_title}}');
    expect(app.name).toBe('Blog Hero Image with Alt Text (Caption)');
  });

  test('an instruction with no deliverable is a VALIDATION_ERROR naming the instruction', () => {
    expect(() => generate('hello there, how are you')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        details: [expect.objectContaining({ param: 'instruction', code: 'nothing_recognised' })],
      }),
    );
  });
});

describe('generateImageApp', () => {
  test('the catalog file mirrors the definition built in core', () => {
    const file = JSON.parse(
      readFileSync(join(__dirname, '../../../catalog/apps/generate-image.json'), 'utf8'),
    );
    expect(file).toEqual(generateImageApp());
  });
});
