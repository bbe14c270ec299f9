import { asciiWords, wordCount } from '../../../core/language/tokens';
import { lexicon } from '../../../core/language/lexicon';
import { phrases } from '../../../core/language/phrases';
import {
  detailClauses,
  hashString,
  keywords,
  quotedText,
  sentenceCase,
  subjectPhrase,
  subjectPredicate,
  titleCase,
} from './prompt-words';
import { detailSentences } from './detail-sentences';
import { WHEN_WORDS } from './copy-words';
import { hashtagsFor } from './hashtags';
import { altTextFor } from '../../../core/run/describe-media';
import type { ImageFacts, MediaFacts } from '../../../core/run/media-facts';
import type { TextDirection, Tone } from './text-direction';
import type { TextPurpose } from './text-purpose';
import { escapeRegExp } from '../../../core/language/phrases';

export interface GenerateTextRequest {
  prompt: string;
  /** Instructions such as a tone or brand voice ("playful", "professional"). */
  system?: string;
  maxWords?: number;
  format?: 'plain' | 'json';
  purpose?: TextPurpose;
  /** 1 (the default) for the first try; another number picks other templates for a retry. */
  variation?: number;
  /** Revision directions read by readTextDirection: length, tone, hashtags, emoji, call to action, mentions. */
  direction?: TextDirection;
  /** Facts of the media the node was given (an image to write alt text for). */
  about?: MediaFacts[];
}

export interface GeneratedText {
  /** The text, or its JSON document when format is json. */
  text: string;
  purpose: TextPurpose;
  /** The structured result (caption and hashtags, script sentences, points, ...). */
  data: Record<string, unknown>;
}

interface Brief {
  /** The prompt the brief was read from (without its request words). */
  prompt: string;
  subject: string;
  /** The subject as a noun phrase in a sentence: "the summer launch party", "our oat milk latte". */
  subjectRef: string;
  /** Clauses after the subject's: "creamy", "vegan", "made with local oats". */
  details: string[];
  keywords: string[];
  tone: Tone;
  pick: <T>(options: readonly T[], salt: string) => T;
  direction: TextDirection;
  /** The words a length direction asks for, measured on the text written without it. */
  target?: number;
  maxWords?: number;
  /** The word budget: the length target, else the request's (or the purpose's default) scaled by the direction. */
  budget: (fallback: number) => number;
}

const TONE_WORDS: Record<string, Tone> = {
  playful: 'playful',
  fun: 'playful',
  casual: 'playful',
  friendly: 'playful',
  witty: 'playful',
  cheeky: 'playful',
  professional: 'professional',
  formal: 'professional',
  corporate: 'professional',
  b2b: 'professional',
  expert: 'professional',
  inspiring: 'inspiring',
  inspirational: 'inspiring',
  motivational: 'inspiring',
  uplifting: 'inspiring',
  bold: 'inspiring',
  energetic: 'urgent',
  urgent: 'urgent',
};

const PURPOSE_WORDS: [RegExp, TextPurpose][] = [
  [/\balt[- ]?text\b|\bdescribe (the|this) image\b/i, 'alt_text'],
  [/\btalking points\b|\bbullet points\b|\bkey points\b/i, 'talking_points'],
  [/\bscript\b|\bnarration\b|\bvoice-?over\b/i, 'script'],
  [/\bheadline\b|\btitle\b/i, 'headline'],
  [/\bcaption\b|\bhashtags?\b/i, 'caption'],
];

/**
 * Deterministic text from rules, for the built-in provider:
 * 1. read the brief: subject phrase, a second detail, keywords, tone (from the system text or prompt);
 * 2. the purpose (given, or named in the prompt) picks a writer; templates are chosen by a hash of
 *    the request, so the same request always gives the same text;
 * 3. the result is capped to maxWords and returned as plain text or a JSON document.
 */
export function generateText(request: GenerateTextRequest): GeneratedText {
  const purpose =
    request.purpose && request.purpose !== 'generic' ? request.purpose : purposeFromPrompt(request.prompt);
  const brief = readBrief(request);
  const scale = brief.direction.lengthScale;
  if (scale !== undefined && scale !== 1 && brief.direction.words === undefined) {
    // "Shorter" and "longer" are measured on what the writer would write, not only on its word budget.
    const natural = WRITERS[purpose](
      { ...brief, direction: { ...brief.direction, lengthScale: undefined } },
      request,
    );
    brief.target = Math.max(3, Math.round(wordCount(String(natural.text)) * scale));
  }
  const data = WRITERS[purpose](brief, request);
  if (brief.direction.emoji === 'none') data.text = withoutEmoji(String(data.text));
  const text = request.format === 'json' ? JSON.stringify(data) : String(data.text);
  return { text, purpose, data };
}

function purposeFromPrompt(prompt: string): TextPurpose {
  return PURPOSE_WORDS.find(([pattern]) => pattern.test(prompt))?.[1] ?? 'generic';
}

const REQUEST = lexicon.writing.request;

function readBrief(request: GenerateTextRequest): Brief {
  const prompt = request.prompt.replace(
    new RegExp(
      `\\b(${phrases(REQUEST.verbs)})\\b.*?\\b(${phrases(REQUEST.kinds)})\\b\\s*(${phrases(REQUEST.links)})?`,
      'i',
    ),
    '',
  );
  const subject = subjectPhrase(prompt) || keywords(request.prompt, 3).join(' ') || 'this';
  const direction = request.direction ?? { mentions: [] };
  const predicate = subjectPredicate(prompt, subject);
  const details = [
    ...direction.mentions,
    ...(predicate ? [`it ${predicate}`] : []),
    ...detailClauses(prompt),
  ].slice(0, 4);
  const toneText = `${request.system ?? ''} ${request.prompt}`.toLowerCase();
  const tone =
    direction.tone ??
    asciiWords(toneText)
      .map((w) => TONE_WORDS[w])
      .find(Boolean) ??
    'neutral';
  const variation = request.variation && request.variation > 1 ? `\u0000${request.variation}` : '';
  const seed = `${request.prompt}\u0000${request.system ?? ''}\u0000${request.purpose ?? ''}${variation}`;
  const brief: Brief = {
    prompt,
    subject,
    subjectRef: referTo(subject, prompt),
    details,
    // Times ("today", "saturday") are said in the details, never made topics ("It starts with today").
    keywords: keywords(prompt, 8).filter((k) => !/\d/.test(k) && !WHEN_WORDS.has(k)),
    tone,
    pick: (options, salt) => options[hashString(`${seed}\u0000${salt}`) % options.length],
    direction,
    maxWords: request.maxWords,
    budget(fallback) {
      const scale = this.direction.lengthScale ?? 1;
      const scaled = Math.max(3, Math.round((this.maxWords ?? fallback) * scale));
      if (this.direction.words !== undefined) return this.direction.words;
      if (this.target === undefined) return scaled;
      return scale < 1 ? Math.min(this.target, scaled) : Math.max(this.target, scaled);
    },
  };
  return brief;
}

/** Adds the article or possessive the prompt used ("our", "your") or "the"; names and quotes stand alone. */
function referTo(subject: string, prompt: string): string {
  if (subject === 'this' || quotedText(prompt) === subject || /^[\p{Lu}\p{N}#@]/u.test(subject))
    return subject;
  const escaped = escapeRegExp(subject);
  const possessive = prompt
    .match(new RegExp(`\\b(our|your|my|their)\\s+${escaped}`, 'i'))?.[1]
    ?.toLowerCase();
  return `${possessive ?? 'the'} ${subject}`;
}

const WRITERS: Record<TextPurpose, (brief: Brief, request: GenerateTextRequest) => Record<string, unknown>> =
  {
    caption: writeCaption,
    script: writeScript,
    headline: writeHeadline,
    alt_text: writeAltText,
    talking_points: writeTalkingPoints,
    generic: writeGeneric,
  };

const HOOKS: Record<Tone, string[]> = {
  playful: [
    'Okay, {subject} just made our week.',
    'Plot twist: {subject} is here.',
    'Say hello to {subject} 👋',
    'Not to be dramatic, but {subject} is here.',
  ],
  professional: [
    'Introducing {subject}.',
    'A closer look at {subject}.',
    '{Subject}: what you need to know.',
    'Here is why {subject} matters.',
  ],
  inspiring: [
    'Big things start here: {subject}.',
    '{Subject} is your sign to begin.',
    'Dream it, then build it: {subject}.',
    'This is what {subject} looks like.',
  ],
  urgent: [
    'Do not miss {subject}.',
    'Heads up: {subject} is here, and it will not wait.',
    'Right now, all eyes are on {subject}.',
    'This is the last call for {subject}.',
  ],
  neutral: [
    'Meet {subject}.',
    'Here is {subject}, in one post.',
    'This one is all about {subject}.',
    'The spotlight is on {subject}.',
  ],
};

const CALLS_TO_ACTION: Record<Tone, string[]> = {
  playful: ['Tag someone who needs this.', 'Drop a 🙌 if you are in.', 'Save this for later, trust us.'],
  professional: [
    'Learn more at the link in our bio.',
    'Share this with your team.',
    'Follow for more updates.',
  ],
  inspiring: ['Start today.', 'Share this with someone who needs it.', 'Your move.'],
  urgent: ['Act now, before it is gone.', 'Get yours today.', 'Tap the link before it sells out.'],
  neutral: [
    'Learn more via the link in bio.',
    'Save this post for later.',
    'Let us know what you think below.',
  ],
};

const TONE_EMOJI: Record<Tone, string> = {
  playful: '✨',
  professional: '📈',
  inspiring: '🚀',
  urgent: '⏰',
  neutral: '👉',
};

/** A template with the subject in its slot; a subject ending in an abbreviation ("Crumb & Co.") takes no second stop. */
function fill(template: string, brief: Brief): string {
  const ref = brief.subjectRef;
  const slot = (t: string, key: string, value: string) =>
    t.replace(`${key}.`, /\.$/.test(value) ? value : `${value}.`).replace(key, value);
  return slot(slot(template, '{subject}', ref), '{Subject}', sentenceCase(ref));
}

/** The details as sentences (adapters/models/local/detail-sentences.ts), joined. */
function detailSentence(brief: Brief): string {
  return detailSentences(brief.details).join(' ');
}

/** The call to action the direction asks for: none, the given words, else one in the brief's tone. */
function callToAction(brief: Brief): string {
  const cta = brief.direction.callToAction;
  if (cta === 'none') return '';
  if (cta && typeof cta === 'object') return /[.!?]$/.test(cta.text) ? cta.text : `${cta.text}.`;
  return brief.pick(CALLS_TO_ACTION[brief.tone], 'cta');
}

/** "It brings together x, y and z.": the themes the subject and details leave out. */
function themeSentence(brief: Brief): string {
  const covered = `${brief.subject} ${brief.details.join(' ')}`.toLowerCase();
  const themes = brief.keywords.filter((k) => !covered.includes(k)).slice(0, 3);
  return themes.length > 1 ? `It brings together ${joinList(themes)}.` : '';
}

function hashtags(brief: Brief, limit = 5): string[] {
  return hashtagsFor(brief.subject, brief.keywords, limit, brief.prompt);
}

/**
 * How many hashtags a direction asks for, given how many the writer would use: "fewer" is half (at least
 * one), "more" three more, a number exactly that many.
 */
function hashtagCount(wanted: TextDirection['hashtags'], natural: number): number {
  if (wanted === undefined) return natural;
  if (typeof wanted === 'number') return wanted;
  return { none: 0, fewer: Math.max(1, Math.floor(natural / 2)), more: natural + 3 }[wanted];
}

/**
 * A caption: hook, details, (when longer) the themes and a tone line, the call to action, hashtags.
 * The direction sets the budget, tone, hashtag count, emoji and call to action.
 */
function writeCaption(brief: Brief) {
  const maxWords = brief.budget(60);
  const { hashtags: tagsWanted, emoji, lengthScale = 1 } = brief.direction;
  const tags = hashtags(brief, hashtagCount(tagsWanted, maxWords >= 20 ? 5 : 2));
  const hook = fill(brief.pick(HOOKS[brief.tone], 'hook'), brief);
  const longer = lengthScale > 1 ? [themeSentence(brief), brief.pick(SCRIPT_PADDING[brief.tone], 'pad')] : [];
  const opening = emoji === 'add' ? `${TONE_EMOJI[brief.tone]} ${hook}` : hook;
  // Over budget, whole sentences go first (the extras, then the details, then the call to action).
  const parts = [opening, detailSentence(brief), ...longer, callToAction(brief)].filter(Boolean);
  const room = Math.max(3, maxWords - tags.length);
  for (const drop of [...longer, detailSentence(brief), callToAction(brief)])
    if (wordCount(parts.join(' ')) > room && parts.length > 1 && parts.includes(drop))
      parts.splice(parts.indexOf(drop), 1);
  const body = capWords(parts.join(' '), room);
  return { text: tags.length ? `${body}\n\n${tags.join(' ')}` : body, caption: body, hashtags: tags };
}

const SCRIPT_OPENERS = [
  'Here is something worth a minute: {subject}.',
  'Let us talk about {subject}.',
  'Picture this: {subject}.',
  'Ever wondered what makes {subject} special?',
];
const SCRIPT_BODIES = [
  'It starts with {keyword}.',
  'Then there is {keyword}, which ties it all together.',
  'Notice the {keyword}; that is where it gets interesting.',
  'And {keyword} makes all the difference.',
];
const SCRIPT_PADDING: Record<Tone, string[]> = {
  playful: [
    'Honestly? It is even better up close.',
    'We could talk about it all day.',
    'Yes, it really is that good.',
    'You will want to see this one twice.',
  ],
  professional: [
    'Every detail is there for a reason.',
    'The result speaks for itself.',
    'It is built to last.',
    'The numbers back it up.',
  ],
  inspiring: [
    'Every great story starts with a first step.',
    'This is only the beginning.',
    'Imagine what comes next.',
    'You are closer than you think.',
  ],
  urgent: [
    'It will not last long.',
    'This is the moment.',
    'Everyone is talking about it.',
    'Do not wait on this one.',
  ],
  neutral: [
    'Take a closer look.',
    'Every detail counts.',
    'It is simple, and it works.',
    'There is more to it than it seems.',
  ],
};
const SCRIPT_CLOSERS = [
  'That is {subject}, in a nutshell.',
  'So next time, remember {subject}.',
  'Now it is your turn to try it.',
  'Follow along for more like this.',
];

/** A narration of N sentences: an opener, the details, a line per keyword, tone padding, a closer. */
function writeScript(brief: Brief) {
  const maxWords = brief.budget(60);
  const count = Math.max(2, Math.min(16, Math.round(maxWords / 11)));
  const middle = detailSentences(brief.details);
  const topics = brief.keywords.filter(
    (k) => !brief.subject.toLowerCase().includes(k) && !brief.details.join(' ').toLowerCase().includes(k),
  );
  topics.forEach((keyword, i) =>
    middle.push(SCRIPT_BODIES[i % SCRIPT_BODIES.length].replace('{keyword}', keyword)),
  );
  middle.push(...SCRIPT_PADDING[brief.tone]);
  const cta = brief.direction.callToAction;
  const closer =
    cta && cta !== 'none' ? callToAction(brief) : fill(brief.pick(SCRIPT_CLOSERS, 'close'), brief);
  const sentences = [fill(brief.pick(SCRIPT_OPENERS, 'open'), brief), ...middle.slice(0, count - 2), closer];
  return { text: capWords(sentences.join(' '), maxWords), sentences };
}

const HEADLINE_LEADS: Record<Tone, string> = {
  playful: 'Say hello to',
  professional: '',
  inspiring: 'Why it matters:',
  urgent: 'Now:',
  neutral: '',
};

/** The subject in title case, with its first detail when it fits, led in the direction's tone. */
function writeHeadline(brief: Brief) {
  const maxWords = brief.budget(10);
  const base = titleCase(brief.subject);
  const lead = brief.direction.tone ? HEADLINE_LEADS[brief.tone] : '';
  const led = lead ? `${lead} ${base}` : base;
  const detail = brief.details[0]?.replace(/^it\s+/i, '');
  const withDetail = detail ? `${led}: ${sentenceCase(detail)}` : led;
  const text =
    wordCount(withDetail) <= maxWords
      ? withDetail
      : wordCount(led) <= maxWords
        ? led
        : capWords(base, maxWords, '');
  return { text, headline: text };
}

/** Alt text of the images the node was given (their measured and drawn facts), else of what the prompt asks. */
function writeAltText(brief: Brief, request: GenerateTextRequest) {
  const image = request.about?.find((f): f is ImageFacts => f.modality === 'image');
  const text = image ? altTextFor(image) : `An image about ${brief.subjectRef}.`;
  return { text: capWords(text, brief.budget(60)) };
}

function writeTalkingPoints(brief: Brief) {
  const covered = `${brief.subject} ${brief.details.join(' ')}`.toLowerCase();
  const points: string[] = [
    `What it is: ${sentenceCase(brief.subjectRef)}`,
    ...brief.details.slice(0, 3).map((d) => `Key detail: ${d}`),
    ...brief.keywords
      .filter((k) => !covered.includes(k))
      .slice(0, (brief.direction.lengthScale ?? 1) > 1 ? 4 : 2)
      .map((k) => `Why ${k} matters for ${brief.subjectRef}`),
  ];
  if (points.length < 3) points.push(`Who it is for: anyone curious about ${brief.subjectRef}`);
  const cta = callToAction(brief);
  if (cta) points.push(`Next step: ${cta.replace(/\.$/, '')}`);
  const text = capWords(points.map((p) => `- ${p}`).join('\n'), brief.budget(80));
  return { text, points };
}

function writeGeneric(brief: Brief) {
  const opener = fill(brief.pick(HOOKS[brief.tone], 'hook'), brief);
  const { emoji, hashtags: tagsWanted, callToAction: cta } = brief.direction;
  const parts = [
    emoji === 'add' ? `${TONE_EMOJI[brief.tone]} ${opener}` : opener,
    detailSentence(brief),
    themeSentence(brief),
    cta ? callToAction(brief) : '',
  ];
  const body = capWords(parts.filter(Boolean).join(' '), brief.budget(60));
  const tags = tagsWanted !== undefined ? hashtags(brief, hashtagCount(tagsWanted, 5)) : [];
  return { text: tags.length ? `${body}\n\n${tags.join(' ')}` : body };
}

const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*\s?/gu;

/** The text without emoji. */
function withoutEmoji(text: string): string {
  return text.replace(EMOJI, '').replace(/ {2,}/g, ' ').trim();
}

function joinList(items: string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Cuts text to maxWords words, keeping line breaks, and ends a cut sentence cleanly. */
export function capWords(text: string, maxWords: number, ending = '…'): string {
  const parts = text.split(/(\s+)/);
  let words = 0;
  let out = '';
  for (const part of parts) {
    if (/^\s+$/.test(part)) {
      out += part;
      continue;
    }
    if (!part) continue;
    if (words === maxWords)
      return out.trimEnd().replace(/[,;:]$/, '') + (/[.!?]$/.test(out.trimEnd()) ? '' : ending);
    out += part;
    words++;
  }
  return out.trim();
}
