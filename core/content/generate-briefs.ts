import type { BrandContext, TopPattern, TrendSignal } from '../brand/brand-context';
import { lexicon } from '../language/lexicon';
import { terms } from '../language/normalize';
import { listsOf } from '../language/groups';

export interface Brief {
  brief: string;
  platform: string;
  modality: string;
  reasoning: string;
}

export interface BriefRequest {
  goal: string;
  platform?: string | null;
  modality?: string | null;
  count: number;
  brand: BrandContext | null;
  trends: TrendSignal[];
  patterns: TopPattern[];
}

interface Angle {
  id: string;
  /** Goal words that make this angle the natural first choice. */
  cues: string[];
  /** What the content does, completing "The piece ...". */
  move: string;
  /** Two hooks: the second makes a distinct brief when a set needs more than one per angle. */
  hooks: [string, string];
  prefers: 'image' | 'video' | 'any';
  carousel?: boolean;
}

const ANGLE_CUES = listsOf(lexicon.briefAngles.goal_cues);

const ANGLES: Angle[] = [
  {
    id: 'announcement',
    cues: ANGLE_CUES['announcement'],
    move: 'announces it clearly: what it is, who it is for and when it is available',
    hooks: ['Open on the reveal itself, no warm-up', 'Tease one detail, then reveal the whole thing'],
    prefers: 'any',
  },
  {
    id: 'problem-solution',
    cues: ANGLE_CUES['problem-solution'],
    move: 'names the problem the audience has in their own words, then shows the product solving it',
    hooks: [
      'Start with the frustrating moment the audience knows',
      'Ask the question the audience keeps asking themselves',
    ],
    prefers: 'video',
  },
  {
    id: 'how-to',
    cues: ANGLE_CUES['how-to'],
    move: 'teaches three practical steps the audience can use today',
    hooks: [
      'Promise the payoff in the first line: "3 steps to ..."',
      'Show the end result first, then the steps',
    ],
    prefers: 'image',
    carousel: true,
  },
  {
    id: 'social-proof',
    cues: ANGLE_CUES['social-proof'],
    move: 'lets a customer result or quote carry the message, with the product in the frame',
    hooks: ['Lead with a specific customer result', 'Open with the customer quote on screen'],
    prefers: 'image',
  },
  {
    id: 'offer',
    cues: ANGLE_CUES['offer'],
    move: 'puts the offer and its deadline first, with one product as the hero',
    hooks: ['State the offer in the first three words', 'Count down to the deadline'],
    prefers: 'image',
  },
  {
    id: 'behind-the-scenes',
    cues: ANGLE_CUES['behind-the-scenes'],
    move: 'shows how it is made and the people behind it, in a candid style',
    hooks: ['Open mid-action, as if the viewer walked in', 'Start with a close-up of hands at work'],
    prefers: 'video',
  },
  {
    id: 'myth-vs-fact',
    cues: ANGLE_CUES['myth-vs-fact'],
    move: 'sets a common myth against the fact, with the product as the proof',
    hooks: [
      'Open with the myth in bold, then a hard cut to the fact',
      'Ask the audience which one they believed',
    ],
    prefers: 'video',
  },
];

/** Platforms to write for by modality, most usual first. */
const PLATFORM_DEFAULTS: Record<string, readonly string[]> = {
  video: ['tiktok', 'instagram', 'youtube'] as const,
  image: ['instagram', 'linkedin', 'facebook', 'pinterest'] as const,
  text: ['linkedin', 'x', 'blog'] as const,
  audio: ['podcast', 'instagram'] as const,
  any: ['instagram', 'tiktok', 'linkedin', 'youtube'] as const,
};

/** How platforms write their own names ("TikTok", "LinkedIn"). */
const PLATFORM_NAMES: Record<string, string> = lexicon.platformNames.display_names.by_platform;

/** The format sentence for a platform and modality: what content creation will pick an app by. */
function formatFor(platform: string, modality: string, carousel: boolean): string {
  const named = PLATFORM_NAMES[platform] ?? platform.charAt(0).toUpperCase() + platform.slice(1);
  if (modality === 'video') {
    if (platform === 'youtube') return 'a 16:9 narrated explainer video for YouTube with captions';
    if (platform === 'linkedin') return 'a short narrated explainer video for LinkedIn with captions';
    return `a 9:16 vertical video ad for ${named} with voiceover and burned-in captions`;
  }
  if (modality === 'text') return `a ${named} post caption with a hook and hashtags`;
  if (modality === 'audio') return 'a podcast audiogram with a featured line read aloud';
  if (carousel && ['instagram', 'linkedin'].includes(platform))
    return `a three-slide ${named} carousel with a caption`;
  if (platform === 'pinterest') return 'a 3:4 Pinterest pin image with a caption';
  if (platform === 'blog' || platform === 'website')
    return 'a 16:9 blog hero image with a headline and alt text';
  if (platform === 'linkedin') return 'a square LinkedIn social post image with a caption';
  return `a 4:5 ${named} social post image with a caption and hashtags`;
}

/**
 * Up to `count` distinct briefs from a goal, deterministically.
 * 1. Order the angles: trend-led and pattern-led first when signals exist, then the angles whose cue
 *    words the goal contains, then the rest in a fixed order.
 * 2. Platforms: the one asked for, else the defaults of the modality; modality: the one asked for,
 *    else the angle's preference (video on TikTok and YouTube).
 * 3. Slot i takes platform i (round-robin); a slot whose angle, platform and modality were already used
 *    is skipped, so briefs are distinct.
 * 4. Each brief is self-contained: format, subject, angle, hook, brand voice, pillar and what to avoid,
 *    so it can be passed as `brief` to content creation as it is.
 */
export function generateBriefs(request: BriefRequest): Brief[] {
  const goal = request.goal.trim().replace(/[.!]+$/, '');
  const goalTerms = terms(goal);
  const cued = (a: Angle) => a.cues.some((c) => goalTerms.some((t) => t.startsWith(c)));
  const angles = [...ANGLES.filter(cued), ...ANGLES.filter((a) => !cued(a))];
  const trend = request.trends[0];
  const pattern = [...request.patterns].sort((a, b) => b.performanceScore - a.performanceScore)[0];
  type Slot = { angle: Angle; extra?: string; why: string; platform?: string; hook?: 0 | 1 };
  const slots: Slot[] = [];
  if (trend)
    slots.push({
      angle: angles[0],
      extra: `Ride the rising ${trend.category.replace(/_/g, ' ')} trend "${trend.signal}"`,
      why: `trend "${trend.signal}" is rising on ${trend.platform} (${trend.growth}, ${trend.confidence} confidence)`,
      platform: trend.platform,
    });
  if (pattern && pattern.winningPatterns[0])
    slots.push({
      angle: angles[trend ? 1 : 0],
      extra: `Reuse what worked: ${pattern.winningPatterns[0]}`,
      why: `your top pattern${pattern.title ? ` "${pattern.title}"` : ''} scored ${pattern.performanceScore}`,
      platform: pattern.platform ?? undefined,
    });
  for (const hook of [0, 1] as const)
    for (const angle of angles)
      slots.push({
        angle,
        hook,
        why: cued(angle)
          ? `the goal asks for it ("${angle.cues.find((c) => goalTerms.some((t) => t.startsWith(c)))}")`
          : 'adds a different angle to the set',
      });

  const modalityAsked = request.modality?.toLowerCase() || null;
  const platforms = request.platform
    ? [request.platform.toLowerCase()]
    : (PLATFORM_DEFAULTS[modalityAsked ?? 'any'] ?? PLATFORM_DEFAULTS.any);
  const briefs: Brief[] = [];
  const seen = new Set<string>();
  for (let i = 0; briefs.length < request.count && i < slots.length; i++) {
    const { angle, extra, why } = slots[i];
    const platform = request.platform
      ? platforms[0]
      : (slots[i].platform?.toLowerCase() ?? platforms[i % platforms.length]);
    const modality = modalityAsked ?? modalityFor(angle, platform);
    const hook = slots[i].hook ?? 0;
    const combo = `${angle.id}|${platform}|${modality}|${hook}`;
    if (seen.has(combo)) continue;
    seen.add(combo);
    const text = briefText(
      goal,
      angle,
      angle.hooks[hook],
      extra,
      platform,
      modality,
      request.brand,
      briefs.length,
    );
    briefs.push({
      brief: text,
      platform,
      modality,
      reasoning: `${capital(angle.id.replace(/-/g, ' '))} angle: ${why}; ${platform} suits ${modality}.`,
    });
  }
  return briefs;
}

/** Platforms whose feeds are made of videos, or of images, whatever the angle prefers. */
const VIDEO_FIRST: readonly string[] = ['tiktok', 'youtube'] as const;
const IMAGE_FIRST: readonly string[] = ['pinterest', 'blog', 'website'] as const;

function modalityFor(angle: Angle, platform: string): string {
  if (VIDEO_FIRST.includes(platform)) return 'video';
  if (IMAGE_FIRST.includes(platform)) return 'image';
  return angle.prefers === 'any' ? 'image' : angle.prefers;
}

function briefText(
  goal: string,
  angle: Angle,
  hook: string,
  extra: string | undefined,
  platform: string,
  modality: string,
  brand: BrandContext | null,
  i: number,
): string {
  const dna = brand?.dna;
  const voice = dna?.voiceAttributes.slice(0, 3) ?? [];
  const pillars = dna?.contentPillars ?? [];
  const avoid = [...(dna?.guardrails ?? []), ...(dna?.toneSpectrum.avoid ?? [])].slice(0, 3);
  const parts = [
    `Create ${formatFor(platform, modality, angle.carousel === true)}${brand ? ` for ${brand.name}` : ''}. Goal: ${goal}.`,
    `The piece ${angle.move}.`,
    extra ? `${extra}.` : '',
    `Hook: ${hook}.`,
    pillars.length > 0 ? `Tie it to the content pillar "${pillars[i % pillars.length]}".` : '',
    voice.length > 0 ? `Voice: ${voice.join(', ')}.` : '',
    avoid.length > 0 ? `Avoid: ${avoid.join(', ')}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
