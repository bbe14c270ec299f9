import { lexicon } from '../../../core/language/lexicon';
import { phrasePattern, phrases } from '../../../core/language/phrases';
import {
  applied,
  COMMON_FILLER,
  declined,
  ignored,
  readDirections,
  type DirectionReader,
  type DirectionReading,
  type DirectionRule,
  type RuleOutcome,
} from './directions';
import type { TextPurpose } from './text-purpose';
import { COUNT_SOURCE, countOf, MARK_SOURCES } from '../../../core/language/clause-marks';

export type Tone = 'playful' | 'professional' | 'inspiring' | 'urgent' | 'neutral';

/** What text directions ask of the local writer; unset fields leave the prompt's choice. */
export interface TextDirection {
  /** Multiplies the word budget (0.6 shorter, 1.6 longer). */
  lengthScale?: number;
  /** An exact word budget ("in 20 words"). */
  words?: number;
  tone?: Tone;
  /** None, fewer or more than the writer would use, or exactly this many. */
  hashtags?: 'none' | 'fewer' | 'more' | number;
  emoji?: 'none' | 'add';
  /** No call to action, one added, or this one. */
  callToAction?: 'none' | 'add' | { text: string };
  /** Things to mention, in the writer's words. */
  mentions: string[];
}

const writing = lexicon.writing;
const TONE_WORDS = lexicon.tones.tones.words as Record<string, Tone>;

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

/** Tones a negated tone asks for ("less formal" is friendlier; "less playful" plainer). */
const NEGATED_TONE: Partial<Record<Tone, Tone>> = {
  professional: 'playful',
  playful: 'neutral',
  urgent: 'neutral',
  inspiring: 'neutral',
};

const HASHTAG = String.raw`hash[\s-]?tags?`;
const EMOJI = String.raw`emojis?`;
const CTA = String.raw`(?:call[\s-]to[\s-]action|cta)`;
const { removal, fewer, more } = MARK_SOURCES;
const MUCH = `(?:${phrases(writing.intensifiers.words)})`;
const CTA_LINK = phrases(writing.cta_links_bare.phrases);
/** Words a speaker says in a second (about 150 a minute): how a duration becomes a word budget to ask for. */
export const SPOKEN_WORDS_PER_SECOND = 2.5;

function rules(purpose: TextPurpose): DirectionRule<TextDirection>[] {
  const cannot = CANNOT[purpose] ?? {};
  const unless = (what: keyof typeof cannot, outcome: () => RuleOutcome) =>
    cannot[what] ? declined(cannot[what]!) : outcome();
  const hashtagsTo = (s: TextDirection, which: NonNullable<TextDirection['hashtags']>) =>
    unless('hashtags', () => {
      s.hashtags = which === 0 ? 'none' : which;
      const said = s.hashtags;
      return applied(
        said === 'none'
          ? 'no hashtags'
          : typeof said === 'number'
            ? `${said} hashtag${said === 1 ? '' : 's'}`
            : `${said} hashtags`,
      );
    });
  const emojiTo = (s: TextDirection, which: 'none' | 'add') =>
    unless('emoji', () => ((s.emoji = which), applied(which === 'none' ? 'no emoji' : 'emoji added')));
  const unchanged = (what: string) => declined(`nothing to change: ${what}`);
  /** "add", "use", "include": a cue that asks for the thing at all, not for more of it. */
  const asksToAdd = (m: RegExpMatchArray) =>
    m[3] !== undefined && !phrasePattern(writing.more_of.words).test(m[0]);
  return [
    {
      // "just one hashtag", "no more than 2 hashtags", "1 or 2 hashtags", "3 more hashtags".
      pattern: new RegExp(String.raw`\b${COUNT_SOURCE}\s+(more\s+|extra\s+|fewer\s+)?${HASHTAG}\b`, 'i'),
      apply: (m, s) => {
        if (m[4]) return hashtagsTo(s, /fewer/i.test(m[4]) ? 'fewer' : 'more');
        return hashtagsTo(s, countOf(m[1], m[2], m[3]).n);
      },
      negated: () => unchanged('the hashtags stay as they are'),
    },
    {
      // "limit the hashtags to 2", "hashtags: 3", "keep hashtags under 3".
      pattern: new RegExp(String.raw`\b${HASHTAG}\s*(?::|to|at|under)\s*(\d{1,3})\b`, 'i'),
      apply: (m, s) => hashtagsTo(s, Number(m[1])),
    },
    {
      pattern: new RegExp(
        String.raw`(?:(${removal})|(${fewer})|(${more}))\s+(?:the\s+|any\s+|some\s+|of\s+the\s+|on\s+(?:the\s+)?|all\s+(?:the\s+)?)?(?:more\s+)?${HASHTAG}\b`,
        'i',
      ),
      apply: (m, s) => hashtagsTo(s, m[1] ? 'none' : m[2] ? 'fewer' : 'more'),
      // "don't add hashtags" asks for none; "don't remove the hashtags" or "no more hashtags" for no change.
      negated: (m, s) => (asksToAdd(m) ? hashtagsTo(s, 'none') : unchanged('the hashtags stay as they are')),
    },
    {
      pattern: new RegExp(String.raw`\b${HASHTAG}\b`, 'i'),
      apply: (_m, s) => hashtagsTo(s, 'more'),
      negated: (_m, s, scope) => (scope.replaced ? hashtagsTo(s, 'none') : hashtagsTo(s, 'none')),
    },
    {
      pattern: new RegExp(String.raw`\b${COUNT_SOURCE}\s+(?:more\s+|extra\s+)?${EMOJI}\b`, 'i'),
      apply: (m, s) => {
        const { n } = countOf(m[1], m[2], m[3]);
        if (n === 0) return emojiTo(s, 'none');
        if (n === 1) return emojiTo(s, 'add');
        return declined('the local writer adds one emoji; ask for "one emoji" or "no emoji"');
      },
    },
    {
      pattern: new RegExp(
        String.raw`(?:(${removal})|(${fewer})|(${more}))\s+(?:the\s+|any\s+|some\s+|of\s+the\s+|all\s+(?:the\s+)?)?${EMOJI}\b`,
        'i',
      ),
      apply: (m, s) => emojiTo(s, m[3] ? 'add' : 'none'),
      negated: (m, s) => (asksToAdd(m) ? emojiTo(s, 'none') : unchanged('the emoji stay as they are')),
    },
    {
      pattern: new RegExp(String.raw`\b${EMOJI}\b`, 'i'),
      apply: (_m, s) => emojiTo(s, 'add'),
      negated: (_m, s) => emojiTo(s, 'none'),
    },
    {
      // The user's words: quoted, or after "call to action:" / "end with" / "CTA saying".
      pattern: new RegExp(
        String.raw`\b(?:(?:the\s+)?${CTA}\s*(?:[:=]|${phrases(writing.cta_links.phrases)})?\s*|end (?:it )?with\s+|close (?:it )?with\s+|sign off with\s+)["“‘']([^"”’']{2,80})["”’']|["“‘']([^"”’']{2,80})["”’']\s+as\s+(?:the\s+|a\s+)?${CTA}`,
        'i',
      ),
      apply: (m, s) =>
        unless('cta', () => {
          const text = (m[1] ?? m[2]).trim();
          s.callToAction = { text };
          return applied(`call to action "${text}"`);
        }),
    },
    {
      pattern: new RegExp(
        String.raw`\b(?:the\s+)?${CTA}(?:\s*([:=])|\s+(?:${CTA_LINK})\b)?\s+(?!(?:${phrases(writing.not_cta_text.words)})\b)([\p{L}\p{N}][^"”]{1,79}?)$`,
        'iu',
      ),
      apply: (m, s) =>
        unless('cta', () => {
          // Without a linking word, only words written as a call to action (capitalised) are one.
          const linked = m[1] !== undefined || new RegExp(`\\s(?:${CTA_LINK})\\s`, 'i').test(m[0]);
          if (!linked && !/^\p{Lu}/u.test(m[2])) return null;
          const text = m[2].trim().replace(/^./, (c) => c.toUpperCase());
          s.callToAction = { text };
          return applied(`call to action "${text}"`);
        }),
    },
    {
      pattern: new RegExp(String.raw`(?:${removal})\s+(?:the\s+|a\s+|any\s+)?${CTA}\b`, 'i'),
      apply: (_m, s) => unless('cta', () => ((s.callToAction = 'none'), applied('no call to action'))),
    },
    {
      pattern: new RegExp(
        String.raw`\b(?:(?:a\s+)?(?:${phrases(writing.cta_before.words)})\s+)?${CTA}(?:\s+(?:${phrases(writing.cta_after.phrases)}))?\b`,
        'i',
      ),
      apply: (_m, s) => unless('cta', () => ((s.callToAction = 'add'), applied('a call to action'))),
      negated: (_m, s) => unless('cta', () => ((s.callToAction = 'none'), applied('no call to action'))),
    },
    {
      pattern: new RegExp(
        String.raw`\b(?:${phrases(writing.word_count_links.words)})?\s*${COUNT_SOURCE}\s+words\b`,
        'i',
      ),
      apply: (m, s) => {
        s.words = Math.max(3, countOf(m[1], m[2], m[3]).n);
        return applied(`about ${s.words} words`);
      },
    },
    {
      pattern: new RegExp(
        String.raw`\b${COUNT_SOURCE}\s*-?\s*(?:(${MARK_SOURCES.seconds})|${MARK_SOURCES.minutes})(?:\s+long)?`,
        'i',
      ),
      apply: (m) => {
        const seconds = Number(m[3] ?? m[2]) * (m[4] ? 1 : 60);
        const words = Math.round(seconds * SPOKEN_WORDS_PER_SECOND);
        return declined(
          purpose === 'script'
            ? `the local writer sets a script's length in words, not seconds; ask for "about ${words} words" (about ${seconds} s spoken)`
            : `text has no duration; ask for a number of words (e.g. "about ${words} words")`,
        );
      },
    },
    {
      pattern: /\b(?:1|single)[\s-]sentence\b/i,
      apply: (_m, s) => ((s.lengthScale = 0.3), applied('one sentence')),
    },
    {
      pattern: /\b(\d{1,2})[\s-]sentences\b/i,
      apply: (m) =>
        declined(
          `the local writer sets length in words; ask for "about ${Number(m[1]) * 12} words" or "one sentence"`,
        ),
    },
    {
      pattern: new RegExp(`\\b(?:${MUCH}\\s+)?(?:${phrases(writing.shorter.phrases)})\\b`, 'i'),
      apply: (m, s) => {
        const much = /much|way|lot|far|half/i.test(m[0]);
        s.lengthScale = (s.lengthScale ?? 1) * (much ? 0.45 : 0.6);
        return applied(much ? 'much shorter' : 'shorter');
      },
      negated: (m, s) => {
        if (!/^short$/i.test(m[0].trim())) return null;
        s.lengthScale = (s.lengthScale ?? 1) * 1.6;
        return applied('longer');
      },
    },
    {
      pattern: new RegExp(`\\b(?:${MUCH}\\s+)?(?:${phrases(writing.longer.phrases)})\\b`, 'i'),
      apply: (m, s) => {
        const much = /much|way|lot|far|twice/i.test(m[0]);
        s.lengthScale = (s.lengthScale ?? 1) * (much ? 2.2 : 1.6);
        return applied(much ? 'much longer' : 'longer');
      },
    },
    {
      // "too long", "it's wordy": read only when negated ("too long" asks for shorter).
      pattern: phrasePattern(writing.too_long.words),
      apply: () => null,
      negated: (_m, s) => ((s.lengthScale = (s.lengthScale ?? 1) * 0.6), applied('shorter')),
    },
    {
      pattern: new RegExp(`\\b(?:${phrases(writing.mention.phrases)})\\s+(.{2,80}?)$`, 'i'),
      apply: (m, s) => {
        const what = m[1].replace(/^(?:the|that)\s+/i, '').replace(/[.\s]+$/, '');
        if (!what) return null;
        s.mentions.push(what);
        return applied(`mentions ${what}`);
      },
      negated: () =>
        declined(
          'the local writer cannot leave out a detail its input gives; remove it from the input and run again',
        ),
    },
    {
      pattern: phrasePattern(Object.keys(TONE_WORDS)),
      apply: (m, s) =>
        unless('tone', () => {
          s.tone = TONE_WORDS[m[0].toLowerCase()];
          return applied(`${s.tone} tone`);
        }),
      negated: (m, s, scope) =>
        unless('tone', () => {
          if (scope.replaced) return ignored;
          const tone = NEGATED_TONE[TONE_WORDS[m[0].toLowerCase()]];
          if (!tone)
            return declined(
              'the local writer has no tone opposite to this; name one: playful, professional, inspiring, urgent or neutral',
            );
          s.tone = tone;
          return applied(`${tone} tone (less ${m[0].toLowerCase()})`);
        }),
    },
    {
      pattern: new RegExp(
        `\\b(?:${phrases(writing.language_links.words)})\\s+(?:${phrases(writing.languages.words)})\\b|\\btranslat\\w*\\b`,
        'i',
      ),
      apply: () => declined('the local writer writes English only'),
    },
    {
      pattern: phrasePattern(writing.verse.phrases),
      apply: () => declined('the local writer composes from templates; it cannot write verse or jokes'),
    },
    {
      pattern: phrasePattern(writing.voice.phrases),
      apply: () =>
        declined('how the voice sounds is set by the voiceover node (voice, rate, pitch), not by the script'),
    },
  ];
}

const FILLER = new Set([...COMMON_FILLER, ...writing.filler.words]);

/** The local writer's reader of text directions ("shorter, more playful, no hashtags") for `purpose`. */
export function textDirectionReader(purpose: TextPurpose = 'generic'): DirectionReader<TextDirection> {
  return {
    rules: rules(purpose),
    filler: FILLER,
    unknown:
      'the local writer changes length, tone, hashtags, emoji, the call to action and what is mentioned; it did not understand this',
    foreign: {
      pattern: new RegExp(
        `\\b(?:${phrases(writing.picture_links.links)}) (?:(?:${phrases(writing.picture_links.determiners)}) )?(?:${phrases(writing.not_the_text.words)})s?\\b`,
        'i',
      ),
      reason: (words) =>
        `this is about the picture (${words.trim()}); the local writer only writes the text, and the node that makes the picture sets what is drawn`,
    },
    negated: (direction) =>
      `"${direction}" is negated here, and the local writer cannot do its opposite; say what you want instead (shorter or longer, a tone, hashtags, emoji, a call to action)`,
    initial: () => ({ mentions: [] }),
  };
}

/** Reads text directions for the local writer of `purpose`. */
export function readTextDirection(
  directions: string[],
  purpose: TextPurpose = 'generic',
): DirectionReading<TextDirection> {
  return readDirections(directions, textDirectionReader(purpose));
}
