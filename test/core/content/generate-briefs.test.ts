import { generateBriefs, type BriefRequest } from '../../../core/content/generate-briefs';
import { BrandDna } from '../../../core/brand/brand-context';

const base: BriefRequest = {
  goal: 'Launch our oat milk latte',
  count: 3,
  brand: null,
  trends: [],
  patterns: [],
};

describe('generateBriefs', () => {
  test('gives count distinct, self-contained briefs', () => {
    for (const count of [1, 3, 10]) {
      const briefs = generateBriefs({ ...base, count });
      expect(briefs).toHaveLength(count);
      expect(new Set(briefs.map((b) => b.brief)).size).toBe(count);
      for (const b of briefs) {
        expect(b.brief).toMatch(/^Create /);
        expect(b.brief).toContain('Goal: Launch our oat milk latte.');
        expect(b.reasoning.length).toBeGreaterThan(10);
      }
    }
  });

  test('the goal picks the first angle; platform and modality are honoured', () => {
    const [first] = generateBriefs({ ...base, platform: 'tiktok', modality: 'video' });
    expect(first).toMatchObject({
      platform: 'tiktok',
      modality: 'video',
      reasoning: expect.stringMatching(/^Announcement angle/),
    });
    expect(first.brief).toContain('9:16 vertical video ad for TikTok');
  });

  test('brand voice, pillars, guardrails, trends and top patterns shape the briefs', () => {
    const briefs = generateBriefs({
      ...base,
      brand: {
        profileId: 'p',
        name: 'Oat Co',
        dna: BrandDna.parse({
          voiceAttributes: ['playful'],
          contentPillars: ['sustainability'],
          guardrails: ['no health claims'],
        }),
        identity: null,
        strategy: null,
        guidance: null,
      },
      trends: [
        {
          signal: 'lo-fi handheld footage',
          category: 'visual_style',
          platform: 'tiktok',
          growth: '+40%',
          confidence: 'high',
        },
      ],
      patterns: [
        {
          id: 'x',
          title: 'Barista POV',
          modality: 'video',
          platform: 'instagram',
          performanceScore: 0.9,
          winningPatterns: ['first-person barista view'],
        },
      ],
    });
    expect(briefs[0]).toMatchObject({
      platform: 'tiktok',
      brief: expect.stringContaining('lo-fi handheld footage'),
    });
    expect(briefs[1].brief).toContain('first-person barista view');
    for (const b of briefs) expect(b.brief).toEqual(expect.stringContaining('for Oat Co'));
    expect(briefs[0].brief).toContain('Voice: playful.');
    expect(briefs[0].brief).toContain('Avoid: no health claims.');
    expect(briefs[0].brief).toContain('sustainability');
  });
});
