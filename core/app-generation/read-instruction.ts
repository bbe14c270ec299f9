import { ASPECT_RATIO_VALUES } from '../graph/node-types';
import { clipToLength } from '../text/graphemes';
import { letterWords } from '../language/letter-words';
import { lexicon } from '../language/lexicon';
import { listsOf } from '../language/groups';
import { phrases } from '../language/phrases';

/** What an instruction asks a generated app to deliver, read by rules. */
export interface AppWish {
  /** Single images (0 or 1); a carousel is separate. */
  image: boolean;
  /** Slides of a carousel, 0 for none. */
  carousel: number;
  video: boolean;
  voiceover: boolean;
  /** Burned-in captions on a video. */
  subtitles: boolean;
  /** Post copy: a caption with hashtags. */
  caption: boolean;
  headline: boolean;
  altText: boolean;
  quality: boolean;
  approval: boolean;
  aspectRatio: string | null;
  platforms: string[];
  productImage: boolean;
  /** The subject named after "about", "for", "promoting" ..., when there is one. */
  topic: string | null;
  styleWords: string[];
}

export const CAROUSEL_DEFAULT_SLIDES = 5;
export const CAROUSEL_MAX_SLIDES = 10;

const words = lexicon.instructions;

/** Whole words or phrases of the lexicon, and beginnings of words: "\bvideo\b|\bapprov". */
function anyOf(whole: readonly string[], starts: readonly string[] = []): RegExp {
  const parts = [
    whole.length > 0 ? `\\b(?:${phrases(whole)})\\b` : '',
    starts.length > 0 ? `\\b(?:${phrases(starts)})` : '',
  ];
  return new RegExp(parts.filter(Boolean).join('|'));
}

const NUMBER_WORDS: Record<string, number> = words.counts.words;
const COUNT = `(\\d{1,2}|${phrases(Object.keys(NUMBER_WORDS))})`;

/** Platforms by name; "<platform>_starts" lists beginnings of words that name it too ("tweet"). */
const PLATFORM_NAMES = listsOf(words.platforms);
const PLATFORMS: [RegExp, string][] = Object.entries(PLATFORM_NAMES)
  .filter(([platform]) => !platform.endsWith('_starts'))
  .map(([platform, names]) => [anyOf(names, PLATFORM_NAMES[`${platform}_starts`]), platform]);

/** Platforms whose usual shape is not square, strongest first. */
const PLATFORM_RATIO: [RegExp, string][] = Object.entries(listsOf(words.platform_shapes)).map(
  ([ratio, names]) => [anyOf(names), ratio],
);
/** Orientations an instruction states, by ratio, in order. */
const SHAPES: [RegExp, string][] = Object.entries(listsOf(words.shape)).map(([ratio, names]) => [
  anyOf(names),
  ratio,
]);

const STYLE_WORDS = new Set(words.style_words.words);

const VIDEO = new RegExp(
  `${anyOf(words.video.words).source}|(?<!${words.video.clips_not_after} )${anyOf(words.video.clips).source}`,
);
const SUBTITLES = anyOf(words.subtitles.words);
const CAPTIONS = anyOf(words.subtitles.captions);
const POST_CAPTION = anyOf(words.subtitles.post_caption);
const VOICEOVER = anyOf(words.voiceover.words);
const CAPTION = anyOf(words.caption.words);
const POSTS = anyOf(words.caption.posts);
const IMAGE = anyOf(words.image.words);
const HEADLINE = anyOf(words.headline.words);
const ALT_TEXT = anyOf(words.alt_text.words, words.alt_text.starts);
const QUALITY = anyOf(words.quality.words);
const APPROVAL = anyOf(words.approval.words, words.approval.starts);
const PRODUCT_IMAGE = anyOf(words.product_image.phrases);
const CAROUSEL = anyOf(words.carousel.words);
const COUNTED_SLIDES = [
  new RegExp(`\\bcarousel (?:${phrases(words.carousel.count_links)}) ${COUNT}\\b`),
  new RegExp(`\\b${COUNT}[- ](?:${phrases(words.carousel.slide_units)})\\b`),
  new RegExp(`\\b${COUNT}[- ]slide carousel\\b`),
];
const TOPIC = new RegExp(`\\b(?:${phrases(words.topic.openers)})\\s+([^,.;:!?]+)`, 'i');
const TOPIC_TAIL = new RegExp(
  `\\s+(?:${phrases(words.topic.tail_links)})\\s+(?:${phrases(words.topic.tail_articles)})?\\s*(?:\\d+|${phrases(words.topic.tail_words)}).*$`,
  'i',
);

/**
 * Reads an instruction by rules.
 * 1. Deliverables by their words: image/photo/poster/post, "carousel of N" (or "N slides"), video/reel/clip,
 *    voiceover/narration, subtitles (captions on a video), caption/copy/hashtags, headline, alt text.
 * 2. Steps: quality (quality/check/score/best), approval (approve/review/sign-off).
 * 3. Shape: an explicit ratio, else square/vertical/landscape words, else the platform's usual shape.
 * 4. Platforms, a product photo input, a topic after "about/for/promoting/featuring", style words.
 */
export function readInstruction(instruction: string): AppWish {
  const text = ` ${instruction.toLowerCase().replace(/\s+/g, ' ')} `;
  const has = (re: RegExp) => re.test(text);
  const video = has(VIDEO);
  const carousel = carouselSlides(text);
  const subtitles = has(SUBTITLES) || (video && has(CAPTIONS) && !has(POST_CAPTION));
  const voiceover = has(VOICEOVER);
  const caption = has(CAPTION) || (has(CAPTIONS) && !video) || has(POSTS);
  const image = carousel === 0 && (has(IMAGE) || (has(POSTS) && !video));
  return {
    image,
    carousel,
    video,
    voiceover,
    subtitles,
    caption,
    headline: has(HEADLINE),
    altText: has(ALT_TEXT),
    quality: has(QUALITY),
    approval: has(APPROVAL),
    aspectRatio: aspectRatio(text),
    platforms: PLATFORMS.filter(([re]) => re.test(text)).map(([, p]) => p),
    productImage: has(PRODUCT_IMAGE),
    topic: topicPhrase(instruction),
    styleWords: [...new Set(letterWords(text).filter((w) => STYLE_WORDS.has(w)))],
  };
}

/** Anything the app could be built from: at least one deliverable. */
export const hasDeliverable = (w: AppWish) =>
  w.image || w.carousel > 0 || w.video || w.voiceover || w.caption || w.headline || w.altText;

function carouselSlides(text: string): number {
  const counted = COUNTED_SLIDES.map((pattern) => text.match(pattern)).find((m) => m !== null);
  if (counted) {
    const n = NUMBER_WORDS[counted[1]] ?? Number(counted[1]);
    return Math.min(CAROUSEL_MAX_SLIDES, Math.max(2, n));
  }
  return CAROUSEL.test(text) ? CAROUSEL_DEFAULT_SLIDES : 0;
}

function aspectRatio(text: string): string | null {
  const explicit = (ASPECT_RATIO_VALUES as readonly string[]).find((r) => text.includes(r));
  if (explicit) return explicit;
  const stated = SHAPES.find(([re]) => re.test(text));
  if (stated) return stated[1];
  return PLATFORM_RATIO.find(([re]) => re.test(text))?.[1] ?? null;
}

/** The words after "about", "for", "promoting" ... up to the next clause, as the topic's default. */
function topicPhrase(instruction: string): string | null {
  const match = instruction.match(TOPIC);
  if (!match) return null;
  const phrase = match[1].replace(TOPIC_TAIL, '').trim();
  return phrase.length >= 3 ? clipToLength(phrase, 200) : null;
}
