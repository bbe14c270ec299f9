import { publicationEvent, runEvent } from '../../../core/intelligence/activity';
import { keywords } from '../../../core/intelligence/keywords';

const AT = new Date('2025-03-01T10:00:00Z');
const SOCIAL_POST_PARAMS = [
  { key: 'topic', type: 'text', role: 'topic' },
  { key: 'style', type: 'options', role: 'style' },
  { key: 'aspect_ratio', type: 'options', role: 'aspect_ratio' },
];

describe('keywords', () => {
  test('keeps subject words once, keyed by stem, without stop words, form words or numbers', () => {
    expect(keywords('Launching our new Oat Latte: 3 latte art posts for Instagram, #oatmilk')).toEqual([
      { key: 'launch', word: 'launching' },
      { key: 'oat', word: 'oat' },
      { key: 'latt', word: 'latte' },
      { key: 'art', word: 'art' },
      { key: 'oatmilk', word: 'oatmilk' },
    ]);
  });
});

describe('runEvent', () => {
  test('a social post run: output formats, its aspect ratio, topic keywords and the chosen style', () => {
    expect(
      runEvent({
        appId: 'app-1',
        createdAt: AT,
        inputs: { topic: 'Autumn latte art', style: 'Bold', aspect_ratio: '4:5' },
        outputTypes: ['text', 'image'],
        parameters: SOCIAL_POST_PARAMS,
      }),
    ).toEqual({
      source: 'run',
      at: AT,
      platform: 'all',
      appId: 'app-1',
      features: [
        { category: 'format', key: 'image', label: 'image' },
        { category: 'format', key: 'text', label: 'text' },
        { category: 'topic', key: 'autumn', label: 'autumn' },
        { category: 'topic', key: 'latt', label: 'latte' },
        { category: 'topic', key: 'art', label: 'art' },
        { category: 'visual_style', key: 'bold', label: 'Bold' },
        { category: 'format', key: '4:5 image', label: '4:5 image' },
      ],
    });
  });

  test('an app without declared parameters is read by input keys; copy and media inputs never become topics', () => {
    const event = runEvent({
      appId: 'gone',
      createdAt: AT,
      inputs: { prompt: 'Neon city skyline', palette: 'Neon', photo: 'https://x/y.png', quote: 'Be bold' },
      outputTypes: ['video'],
      parameters: null,
    });
    expect(event.features).toEqual([
      { category: 'format', key: 'video', label: 'video' },
      { category: 'topic', key: 'neon', label: 'neon' },
      { category: 'topic', key: 'city', label: 'city' },
      { category: 'topic', key: 'skylin', label: 'skyline' },
      { category: 'visual_style', key: 'neon', label: 'Neon' },
    ]);
  });
});

describe('publicationEvent', () => {
  test('a published video on its platform: platform, format, hashtags and caption keywords', () => {
    expect(
      publicationEvent({
        createdAt: AT,
        platform: 'Instagram',
        caption: 'Pour season is here #LatteArt #oatmilk',
        imageUrl: null,
        videoUrl: 'https://cdn/v.mp4',
      }),
    ).toEqual({
      source: 'publication',
      at: AT,
      platform: 'instagram',
      features: [
        { category: 'format', key: 'video', label: 'video' },
        { category: 'platform', key: 'instagram', label: 'instagram' },
        { category: 'hashtag', key: '#latteart', label: '#LatteArt' },
        { category: 'hashtag', key: '#oatmilk', label: '#oatmilk' },
        { category: 'topic', key: 'pour', label: 'pour' },
        { category: 'topic', key: 'season', label: 'season' },
        { category: 'topic', key: 'latteart', label: 'latteart' },
        { category: 'topic', key: 'oatmilk', label: 'oatmilk' },
      ],
    });
  });

  test('a caption-only post without a platform is text on all', () => {
    expect(
      publicationEvent({ createdAt: AT, platform: null, caption: null, imageUrl: null, videoUrl: null }),
    ).toEqual({
      source: 'publication',
      at: AT,
      platform: 'all',
      features: [{ category: 'format', key: 'text', label: 'text' }],
    });
  });
});
