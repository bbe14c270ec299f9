import type { BrandContext } from '../../../core/brand/brand-context';
import { BrandDna, GuidancePackage } from '../../../core/brand/brand-context';
import { conceptFeatures } from '../../../core/intelligence/concept-features';
import { phraseMatch, textKeys } from '../../../core/intelligence/phrase-match';
import { platformFit } from '../../../core/intelligence/platform-fit';
import { normalizePlatform } from '../../../core/intelligence/platforms';
import { predictPerformance } from '../../../core/intelligence/predict';
import type { RankedTrend } from '../../../core/intelligence/trends';

const trend = (t: Partial<RankedTrend> & { signal: string; growthValue: number }): RankedTrend => ({
  category: 'topic',
  platform: 'instagram',
  growth: '+100%',
  confidence: 'high',
  source: 'signal',
  score: t.growthValue,
  observedAt: new Date('2025-01-01T00:00:00Z'),
  ...t,
});
const BRAND: BrandContext = {
  profileId: 'p',
  name: 'Oat Co',
  dna: BrandDna.parse({
    guardrails: ['Never mention competitors'],
    performanceProfile: { topPatterns: [{ pattern: 'steam close-up' }], weakPatterns: ['stock photos'] },
  }),
  identity: null,
  strategy: null,
  guidance: GuidancePackage.parse({ negativePrompts: ['discount codes'] }),
};

describe('conceptFeatures', () => {
  test('a strong Instagram caption: hook, question, number, call to action, fitting length, hashtags and emoji', () => {
    expect(
      conceptFeatures(
        'Why does your latte art collapse? 3 fixes inside. Save this ☕ #latteart #oatmilk',
        'instagram',
      ),
    ).toEqual([
      { feature: 'hook', points: 8, note: 'opens with "why" within the first 8 words', suggestion: null },
      { feature: 'question', points: 3, note: 'asks a question, which invites replies', suggestion: null },
      {
        feature: 'numbers',
        points: 4,
        note: 'a specific number makes the promise concrete',
        suggestion: null,
      },
      { feature: 'call_to_action', points: 6, note: 'asks for an action ("save")', suggestion: null },
      { feature: 'length', points: 5, note: '13 words fits instagram (8-60)', suggestion: null },
      { feature: 'hashtags', points: 3, note: '2 hashtags help discovery on instagram', suggestion: null },
      { feature: 'emoji', points: 2, note: '1 emoji suits the tone of instagram', suggestion: null },
    ]);
  });

  test('a flat LinkedIn line stuffed with hashtags: every problem is a risk with its advice', () => {
    expect(conceptFeatures('Our quarterly update #a #b #c #d #e', 'linkedin')).toEqual([
      {
        feature: 'hook',
        points: -6,
        note: 'nothing in the first 8 words stops the scroll',
        suggestion: 'open with a question, a number or a direct "you" in the first 8 words',
      },
      {
        feature: 'call_to_action',
        points: -4,
        note: 'no call to action',
        suggestion: 'end with one clear ask, e.g. "share your experience in the comments"',
      },
      {
        feature: 'length',
        points: -5,
        note: '8 words is thin for linkedin (20-200 read best)',
        suggestion: 'add detail to reach 20-200 words',
      },
      {
        feature: 'hashtags',
        points: -4,
        note: '5 hashtags is more than linkedin rewards (at most 3)',
        suggestion: 'keep at most 3',
      },
    ]);
  });
});

describe('platformFit', () => {
  test('native, weak and unknown pairs', () => {
    expect(platformFit('tiktok', 'video')).toEqual({
      feature: 'platform_fit',
      points: 15,
      note: 'video is a native format on tiktok',
      suggestion: null,
    });
    expect(platformFit('pinterest', 'audio')).toEqual({
      feature: 'platform_fit',
      points: -12,
      note: 'audio travels poorly on pinterest',
      suggestion: 'image fits pinterest best',
    });
    expect(platformFit('x', 'video')).toEqual({
      feature: 'platform_fit',
      points: 4,
      note: 'video works on x',
      suggestion: 'text fits x better than video',
    });
    expect(platformFit('myspace', 'image')).toEqual({
      feature: 'platform_fit',
      points: 0,
      note: null,
      suggestion:
        'no fit data for "myspace"; known platforms are tiktok, instagram, linkedin, facebook, x, youtube, pinterest',
    });
  });

  test('platform names are normalised', () => {
    expect(['Instagram Reels', 'Twitter', 'YT', 'snapchat'].map(normalizePlatform)).toEqual([
      'instagram',
      'x',
      'youtube',
      'snapchat',
    ]);
  });
});

describe('phraseMatch', () => {
  const keys = textKeys('A slow pour of oat milk latte art, filmed as a reel');
  test.each([
    ['latte art', ['latt', 'art']],
    ['latte art pour tutorial', ['latt', 'art', 'pour']],
    ['video of latte', ['video', 'latt']],
    ['avoid oat milk', ['oat', 'milk']],
    ['cold brew', null],
    ['art deco posters', null],
    ['never', null],
  ])('"%s" -> %j', (phrase, expected) => {
    expect(phraseMatch(keys, phrase)).toEqual(expected);
  });
});

describe('predictPerformance', () => {
  test('the whole prediction for a concept that hits brand patterns and a rising trend', () => {
    const prediction = predictPerformance({
      concept: 'Stop scrolling: a slow latte art pour with steam close-up. Follow for part 2',
      platform: 'TikTok',
      modality: 'video',
      brand: BRAND,
      patterns: [
        {
          id: '1',
          title: 'Pours',
          modality: 'video',
          platform: 'tiktok',
          performanceScore: 80,
          winningPatterns: ['latte art pour'],
        },
      ],
      trends: [
        trend({ signal: 'latte art', platform: 'tiktok', growth: '+150%', growthValue: 1.5 }),
        trend({ signal: 'grainy film', platform: 'tiktok', category: 'visual_style', growthValue: 0.5 }),
        trend({ signal: 'oat', platform: 'instagram', growthValue: 2 }),
      ],
    });
    expect(prediction).toEqual({
      predictedScore: 100,
      confidence: 'high',
      strengths: [
        'platform_fit: video is a native format on tiktok',
        'brand_patterns: matches your winning pattern "latte art pour" (scored 80/100)',
        'hook: opens with "stop" within the first 8 words',
        'call_to_action: asks for an action ("follow")',
        'length: 14 words fits tiktok (5-40)',
        'brand_patterns: matches your winning pattern "steam close-up" (scored 60/100)',
        'trends: rides the rising topic "latte art" (+150% on tiktok, high confidence)',
        'numbers: a specific number makes the promise concrete',
        'pattern_history: your tiktok video content averages 80/100 over 1 pattern',
      ],
      risks: [],
      suggestions: ['hashtags: add 1-5 specific hashtags for discovery on tiktok'],
      factors: [
        { feature: 'hook', points: 8 },
        { feature: 'numbers', points: 4 },
        { feature: 'call_to_action', points: 6 },
        { feature: 'length', points: 5 },
        { feature: 'platform_fit', points: 15 },
        { feature: 'pattern_history', points: 4 },
        { feature: 'brand_patterns', points: 9 },
        { feature: 'brand_patterns', points: 5 },
        { feature: 'trends', points: 5 },
      ],
    });
  });

  test('the whole prediction for a concept that breaks guardrails on the wrong platform, without evidence', () => {
    expect(
      predictPerformance({
        concept: 'Stock photos beside competitors, with discount codes',
        platform: 'pinterest',
        modality: 'audio',
        brand: BRAND,
        patterns: [],
        trends: [],
      }),
    ).toEqual({
      predictedScore: 7,
      confidence: 'medium',
      strengths: ['length: 7 words fits pinterest (5-40)'],
      risks: [
        'platform_fit: audio travels poorly on pinterest',
        'guardrails: touches the brand guardrail "Never mention competitors"',
        'guardrails: touches the brand guardrail "discount codes"',
        'hook: nothing in the first 8 words stops the scroll',
        'weak_patterns: echoes the weak pattern "stock photos"',
        'call_to_action: no call to action',
      ],
      suggestions: [
        'platform_fit: image fits pinterest best',
        'guardrails: rework it to respect "Never mention competitors"',
        'guardrails: rework it to respect "discount codes"',
        'hook: open with a question, a number or a direct "you" in the first 8 words',
        'weak_patterns: drop "stock photos"; it has underperformed for the brand',
        'call_to_action: end with one clear ask, e.g. "save this pin"',
        'brand_patterns: work in your strongest winning pattern, "steam close-up"',
      ],
      factors: [
        { feature: 'hook', points: -6 },
        { feature: 'call_to_action', points: -4 },
        { feature: 'length', points: 5 },
        { feature: 'platform_fit', points: -12 },
        { feature: 'weak_patterns', points: -6 },
        { feature: 'guardrails', points: -10 },
        { feature: 'guardrails', points: -10 },
      ],
    });
  });

  test('a fading trend is a risk and a rising one not used is suggested, imported signals first', () => {
    const p = predictPerformance({
      concept: 'How we brew: the grainy film look for our cafe tour. Comment below',
      platform: 'instagram',
      modality: 'video',
      brand: null,
      patterns: [],
      trends: [
        trend({ signal: 'grainy film', category: 'visual_style', growth: '-30%', growthValue: -0.3 }),
        trend({ signal: 'oat', platform: 'all', source: 'activity', growthValue: 3 }),
        trend({ signal: 'quiet luxury', growthValue: 1 }),
      ],
    });
    expect(p.risks).toContain('trends: leans on the fading visual style "grainy film" (-30% on instagram)');
    expect(p.suggestions).toEqual([
      'trends: give "grainy film" less weight; it is declining',
      'hashtags: add 1-8 specific hashtags for discovery on instagram',
      'trends: consider the rising topic "quiet luxury" (+100% on instagram)',
    ]);
  });
});
