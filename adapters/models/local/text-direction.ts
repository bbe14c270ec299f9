import {
  applied,
  COMMON_FILLER,
  declined,
  readDirections,
  type DirectionReading,
  type DirectionRule,
  type RuleOutcome,
} from './directions';
import type { TextPurpose } from './text-purpose';

export type Tone = 'playful' | 'professional' | 'inspiring' | 'urgent' | 'neutral';

/** What text directions ask of the local writer; unset fields leave the prompt's choice. */
export interface TextDirection {
  /** Multiplies the word budget (0.6 shorter, 1.6 longer). */
  lengthScale?: number;
  /** An exact word budget ("in 20 words"). */
  words?: number;
  tone?: Tone;
  hashtags?: 'none' | 'fewer' | 'more';
  emoji?: 'none' | 'add';
  /** No call to action, one added, or this one. */
  callToAction?: 'none' | 'add' | { text: string };
  /** Things to mention, in the writer's words. */
  mentions: string[];
}

const TONE_WORDS: Record<string, Tone> = {
  playful: 'playful',
  fun: 'playful',
  funny: 'playful',
  funnier: 'playful',
  casual: 'playful',
  friendly: 'playful',
  friendlier: 'playful',
  witty: 'playful',
  cheeky: 'playful',
  lighthearted: 'playful',
  warmer: 'playful',
  professional: 'professional',
  formal: 'professional',
  corporate: 'professional',
  serious: 'professional',
  polished: 'professional',
  businesslike: 'professional',
  inspiring: 'inspiring',
  inspirational: 'inspiring',
  motivational: 'inspiring',
  uplifting: 'inspiring',
  empowering: 'inspiring',
  urgent: 'urgent',
  urgency: 'urgent',
  excited: 'urgent',
  exciting: 'urgent',
  energetic: 'urgent',
  hype: 'urgent',
  punchier: 'urgent',
  punchy: 'urgent',
  neutral: 'neutral',
  plain: 'neutral',
  factual: 'neutral',
  straightforward: 'neutral',
};

/** What each purpose can carry; a direction outside it is declined with the reason. */
const CANNOT: Partial<Record<TextPurpose, Partial<Record<'hashtags' | 'emoji' | 'tone' | 'cta', string>>>> = {
  script: {
    hashtags: 'a spoken script carries no hashtags',
    emoji: 'a spoken script carries no emoji',
  },
  headline: {
    hashtags: 'a headline carries no hashtags',
    emoji: 'the local writer keeps emoji out of headlines',
    cta: 'a headline has no call to action',
  },
  alt_text: {
    hashtags: 'alt text carries no hashtags',
    emoji: 'alt text carries no emoji',
    tone: 'alt text describes the image plainly for screen readers; it has no tone',
    cta: 'alt text has no call to action',
  },
  talking_points: {
    hashtags: 'talking points carry no hashtags',
    emoji: 'talking points carry no emoji',
  },
};

function rules(purpose: TextPurpose): DirectionRule<TextDirection>[] {
  const cannot = CANNOT[purpose] ?? {};
  const unless = (what: keyof typeof cannot, outcome: () => RuleOutcome) =>
    cannot[what] ? declined(cannot[what]!) : outcome();
  return [
    {
      pattern:
        /\b(?:no|without|remove|drop|lose|skip|cut|fewer|less|more|add|with|extra)\s+(?:the\s+|any\s+|some\s+)?hash[\s-]?tags?\b/i,
      apply: (m, s) =>
        unless('hashtags', () => {
          const which = /^(no|without|remove|drop|lose|skip|cut)/i.test(m[0])
            ? 'none'
            : /^(fewer|less)/i.test(m[0])
              ? 'fewer'
              : 'more';
          s.hashtags = which;
          return applied(which === 'none' ? 'no hashtags' : `${which} hashtags`);
        }),
    },
    {
      pattern: /\bhash[\s-]?tags?\b/i,
      apply: (_m, s) => unless('hashtags', () => ((s.hashtags = 'more'), applied('more hashtags'))),
    },
    {
      pattern:
        /\b(?:no|without|remove|drop|lose|skip|fewer|less|more|add|with|use|some)\s+(?:the\s+|any\s+)?emojis?\b/i,
      apply: (m, s) =>
        unless('emoji', () => {
          const none = /^(no|without|remove|drop|lose|skip|fewer|less)/i.test(m[0]);
          s.emoji = none ? 'none' : 'add';
          return applied(none ? 'no emoji' : 'emoji added');
        }),
    },
    {
      pattern: /\bemojis?\b/i,
      apply: (_m, s) => unless('emoji', () => ((s.emoji = 'add'), applied('emoji added'))),
    },
    {
      pattern:
        /\b(?:(?:call to action|cta)\s*[:=]?\s*|end (?:it )?with\s+|close (?:it )?with\s+|sign off with\s+)["“]([^"”]{2,80})["”]/i,
      apply: (m, s) =>
        unless('cta', () => {
          s.callToAction = { text: m[1].trim() };
          return applied(`call to action "${m[1].trim()}"`);
        }),
    },
    {
      pattern:
        /\b(?:no|without|remove|drop|lose|skip)\s+(?:the\s+|a\s+|any\s+)?(?:call[\s-]to[\s-]action|cta)\b/i,
      apply: (_m, s) => unless('cta', () => ((s.callToAction = 'none'), applied('no call to action'))),
    },
    {
      pattern: /\b(?:(?:a\s+)?(?:stronger|clearer|clear|better)\s+)?(?:call[\s-]to[\s-]action|cta)\b/i,
      apply: (_m, s) => unless('cta', () => ((s.callToAction = 'add'), applied('a call to action'))),
    },
    {
      pattern: /\b(?:in|under|at most|max(?:imum)?|about|around|to)\s+(\d{1,3})\s+words\b/i,
      apply: (m, s) => {
        s.words = Math.max(3, Number(m[1]));
        return applied(`about ${s.words} words`);
      },
    },
    {
      pattern: /\b(?:one|a single|single)[\s-]sentence\b/i,
      apply: (_m, s) => ((s.lengthScale = 0.3), applied('one sentence')),
    },
    {
      pattern:
        /\b(?:(?:much|way|a lot|far)\s+)?(?:shorter|shorten|briefer|brief|concise|tighter|tighten|trim(?:med)?|fewer words|less text|less wordy|half the length|snappier|crisper)\b/i,
      apply: (m, s) => {
        const much = /much|way|lot|far|half/i.test(m[0]);
        s.lengthScale = (s.lengthScale ?? 1) * (much ? 0.45 : 0.6);
        return applied(much ? 'much shorter' : 'shorter');
      },
    },
    {
      pattern:
        /\b(?:(?:much|way|a lot|far)\s+)?(?:longer|lengthen|expand(?:ed)?|more detail(?:ed)?|more words|elaborate|fuller|more text|twice as long|richer)\b/i,
      apply: (m, s) => {
        const much = /much|way|lot|far|twice/i.test(m[0]);
        s.lengthScale = (s.lengthScale ?? 1) * (much ? 2.2 : 1.6);
        return applied(much ? 'much longer' : 'longer');
      },
    },
    {
      pattern:
        /\b(?:mention|include|highlight|talk about|add that|say that|point out|emphasi[sz]e)\s+(.{2,80}?)$/i,
      apply: (m, s) => {
        const what = m[1].replace(/^(?:the|that)\s+/i, '').replace(/[.\s]+$/, '');
        if (!what) return null;
        s.mentions.push(what);
        return applied(`mentions ${what}`);
      },
    },
    {
      pattern: new RegExp(`\\b(?:${Object.keys(TONE_WORDS).join('|')})\\b`, 'i'),
      apply: (m, s) =>
        unless('tone', () => {
          s.tone = TONE_WORDS[m[0].toLowerCase()];
          return applied(`${s.tone} tone`);
        }),
    },
    {
      pattern:
        /\b(?:in|into|to)\s+(?:french|spanish|german|italian|portuguese|dutch|japanese|chinese|korean|arabic|hindi)\b|\btranslat\w*\b/i,
      apply: () => declined('the local writer writes English only'),
    },
    {
      pattern: /\b(?:rhym\w*|poem|haiku|limerick|pun|puns|joke|jokes)\b/i,
      apply: () => declined('the local writer composes from templates; it cannot write verse or jokes'),
    },
    {
      pattern:
        /\b(?:slower|faster|louder|quieter|deeper|higher[\s-]pitched|accent|british|american|male|female)\b/i,
      apply: () =>
        declined('how the voice sounds is set by the voiceover node (voice, rate, pitch), not by the script'),
    },
  ];
}

const FILLER = new Set([
  ...COMMON_FILLER,
  ...'caption captions copy text script narration voiceover headline title post wording words word sentence'.split(
    ' ',
  ),
  ...'sentences line lines paragraph message writing tone voice sound sounds read reads alt description points'.split(
    ' ',
  ),
  ...'talking bit bullet bullets hook'.split(' '),
]);

/** Reads text directions ("shorter, more playful, no hashtags") for the local writer of `purpose`. */
export function readTextDirection(
  directions: string[],
  purpose: TextPurpose = 'generic',
): DirectionReading<TextDirection> {
  return readDirections(directions, {
    rules: rules(purpose),
    filler: FILLER,
    unknown:
      'the local writer changes length, tone, hashtags, emoji, the call to action and what is mentioned; it did not understand this',
    initial: () => ({ mentions: [] }),
  });
}
