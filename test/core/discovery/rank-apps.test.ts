import { rankApps } from '../../../core/discovery/rank-apps';
import { readOutputFormat } from '../../../core/discovery/constraints';
import { readIntent } from '../../../core/discovery/intent';
import { FIXED_CATALOG } from './fixed-catalog';

const ids = (intent: string, options = {}) =>
  rankApps(intent, FIXED_CATALOG, options).matches.map((m) => m.appId);

describe('rankApps', () => {
  test('ranks the app whose name and use cases the intent names first', () => {
    expect(ids('an inspirational quote card for Instagram')[0]).toBe('app-quote');
    expect(ids('hero banner for my blog article')[0]).toBe('app-blog');
    expect(ids('a TikTok video ad for our sneakers')[0]).toBe('app-reel');
    expect(ids('promote the new episode of our podcast')[0]).toBe('app-podcast');
  });

  test('explains a match with the fields and the intent words that matched', () => {
    const top = rankApps('an inspirational quote card for Instagram', FIXED_CATALOG).matches[0];
    expect(top.matchReasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: 'name',
          field: 'name',
          terms: expect.arrayContaining(['quote', 'card']),
        }),
        expect.objectContaining({
          source: 'frontmatter',
          field: 'useCases',
          terms: expect.arrayContaining(['inspirational']),
        }),
        expect.objectContaining({ source: 'capability', field: 'outputs', terms: ['image'] }),
      ]),
    );
    for (const reason of top.matchReasons) expect(reason.explanation.length).toBeGreaterThan(10);
    expect(top.whyMatch).toMatch(/^Quote Card: /);
    expect(top.relevanceScore).toBeGreaterThan(0.5);
    expect(top.relevanceScore).toBeLessThanOrEqual(1);
  });

  test("a phrase the app holds twice (name and alias) is named once, in the brief's own words", () => {
    const top = rankApps('an inspirational quote card for Instagram', FIXED_CATALOG).matches[0];
    const phrases = top.matchReasons.filter((r) => r.field === 'phrase').map((r) => r.terms[0]);
    expect(phrases).toContain('quote card');
    expect(new Set(phrases).size).toBe(phrases.length);
  });

  test('scores are ordered, between 0 and 1, and the same intent gives the same answer', () => {
    const first = rankApps('vertical video for instagram stories', FIXED_CATALOG);
    const scores = first.matches.map((m) => m.relevanceScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s).toBeGreaterThan(0);
    expect(rankApps('vertical video for instagram stories', FIXED_CATALOG)).toEqual(first);
  });

  test('an excluded intent pushes an app below apps that fit', () => {
    // "video" matches the blog app's excluded intents: the video app wins although "blog" names the other.
    const result = ids('a video for my blog');
    expect(result.indexOf('app-reel')).toBeLessThan(
      result.indexOf('app-blog') === -1 ? Infinity : result.indexOf('app-blog'),
    );
  });

  test('light stemming and synonyms match word forms the tags do not spell', () => {
    expect(ids('quotes and testimonials')[0]).toBe('app-quote');
    expect(ids('a short clip for reels')[0]).toBe('app-reel');
  });

  test('a nonsense intent matches nothing', () => {
    expect(rankApps('qwzx blorf vlim', FIXED_CATALOG).matches).toEqual([]);
    expect(rankApps('the and of', FIXED_CATALOG).matches).toEqual([]);
  });

  test('limit caps the number of matches', () => {
    expect(ids('content for instagram', { limit: 1 })).toHaveLength(1);
  });

  test('the intent summary names the medium and platforms', () => {
    expect(rankApps('a TikTok video ad', FIXED_CATALOG).intent).toEqual({
      medium: 'video',
      summary: expect.stringContaining('for tiktok'),
    });
  });
});

describe('discovery constraints', () => {
  test('maxCredits drops apps whose whole run costs more', () => {
    const result = ids('a TikTok video ad or a podcast audiogram', { constraints: { maxCredits: 16 } });
    expect(result).toContain('app-podcast');
    expect(result).not.toContain('app-reel');
  });

  test('outputFormat keeps apps with that modality or MIME type', () => {
    // The audiogram app outputs a video (and its cover image) too: it stays in wherever those fit.
    expect(ids('a quote card or a video ad', { constraints: { outputFormat: 'video' } })).toEqual([
      'app-reel',
      'app-podcast',
    ]);
    expect(ids('a quote card or a video ad', { constraints: { outputFormat: 'mp4' } })).toEqual([
      'app-reel',
      'app-podcast',
    ]);
    const png = ids('a quote card or an ad', { constraints: { outputFormat: 'image/png' } });
    expect(png[0]).toBe('app-quote');
    expect(png).not.toContain('app-reel');
    expect(ids('a quote card or a video ad', { constraints: { outputFormat: 'gif' } })).toEqual([]);
  });

  test('readOutputFormat reads modalities, MIME types and extensions', () => {
    expect(readOutputFormat('Video')).toEqual({ modality: 'video' });
    expect(readOutputFormat('.jpg')).toEqual({ mime: 'image/jpeg' });
    expect(readOutputFormat('image/png')).toEqual({ mime: 'image/png' });
  });
});

describe('readIntent', () => {
  test.each([
    ['a poster for the bake sale', 'image'],
    ['a 15 second reel', 'video'],
    ['record a voiceover for the podcast', 'audio'],
    ['write a caption and hashtags', 'text'],
    ['an image and a video for the launch', 'mixed'],
    ['something for the launch', 'mixed'],
  ])('"%s" asks for %s', (intent, medium) => {
    expect(readIntent(intent).medium).toBe(medium);
  });
});
