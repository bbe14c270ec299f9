import { ASPECT_RATIO_VALUES } from '../graph/node-types';
import { clipToLength } from '../text/graphemes';

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

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = '(\\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)';

const PLATFORMS: [RegExp, string][] = [
  [/\binstagram\b|\binsta\b|\big\b/, 'instagram'],
  [/\btik ?tok\b/, 'tiktok'],
  [/\bfacebook\b|\bfb\b/, 'facebook'],
  [/\blinked ?in\b/, 'linkedin'],
  [/\btwitter\b|\bx\.com\b|\bon x\b|\btweet/, 'x'],
  [/\byoutube\b|\byt shorts?\b/, 'youtube'],
  [/\bpinterest\b|\bpin\b/, 'pinterest'],
  [/\bthreads\b/, 'threads'],
  [/\bblog\b|\barticle\b|\bnewsletter\b/, 'blog'],
];

/** Platforms whose usual shape is not square, strongest first. */
const PLATFORM_RATIO: [RegExp, string][] = [
  [/\bstor(y|ies)\b|\breels?\b|\bshorts\b|\btik ?tok\b/, '9:16'],
  [/\byoutube\b|\bblog\b|\bbanner\b|\bheader\b|\bhero\b|\bthumbnail\b|\btwitter\b/, '16:9'],
  [/\bpinterest\b|\bportrait\b/, '4:5'],
];

const STYLE_WORDS = new Set(
  (
    'minimal minimalist bold playful elegant luxury vintage retro modern clean vibrant pastel dark bright warm cool neon ' +
    'cinematic moody colourful colorful geometric gradient professional fun friendly corporate earthy monochrome'
  ).split(' '),
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
  const video = has(
    /\bvideos?\b|\breels?\b|(?<!audio )\bclips?\b|\bshorts\b|\bmotion\b|\banimated\b|\btik ?tok video\b/,
  );
  const carousel = carouselSlides(text);
  const subtitles =
    has(/\bsubtitles?\b|\bsubtitled\b|\bcaptioned\b|\bburn(ed)?[- ]in\b|\bon-screen text\b/) ||
    (video && has(/\bcaptions\b/) && !has(/\bcaption text\b|\bpost caption\b/));
  const voiceover = has(
    /\bvoice[- ]?overs?\b|\bnarrat(ion|ed|or|e)\b|\bvoiced\b|\bspoken\b|\baudio\b|\bpodcast\b/,
  );
  const caption =
    has(/\bcaption text\b|\bpost caption\b|\bcaptions? for\b|\bcopy\b|\bhashtags?\b|\bcaption\b/) ||
    (has(/\bcaptions\b/) && !video) ||
    has(/\bposts?\b/);
  const image =
    carousel === 0 &&
    (has(
      /\bimages?\b|\bpictures?\b|\bphotos?\b|\bgraphics?\b|\bposters?\b|\bbanners?\b|\billustrations?\b|\bthumbnails?\b|\bvisuals?\b|\bflyers?\b|\bhero\b|\bcards?\b/,
    ) ||
      (has(/\bposts?\b/) && !video));
  return {
    image,
    carousel,
    video,
    voiceover,
    subtitles,
    caption,
    headline: has(/\bheadlines?\b|\btitles?\b|\btaglines?\b/),
    altText: has(/\balt[- ]?text\b|\baccessib/),
    quality: has(/\bquality\b|\bqc\b|\bscore[ds]?\b|\bcheck(ed)?\b|\bbest of\b/),
    approval: has(/\bapprov|\breview(ed|er)?\b|\bsign[- ]?off\b|\bhuman in the loop\b/),
    aspectRatio: aspectRatio(text),
    platforms: PLATFORMS.filter(([re]) => re.test(text)).map(([, p]) => p),
    productImage: has(
      /\bproduct (photo|image|shot|picture|pic)s?\b|\bphoto of (my|our|the) product\b|\bmy product\b|\bour product\b|\bproduct url\b/,
    ),
    topic: topicPhrase(instruction),
    styleWords: [...new Set((text.match(/[a-z]+/g) ?? []).filter((w) => STYLE_WORDS.has(w)))],
  };
}

/** Anything the app could be built from: at least one deliverable. */
export const hasDeliverable = (w: AppWish) =>
  w.image || w.carousel > 0 || w.video || w.voiceover || w.caption || w.headline || w.altText;

function carouselSlides(text: string): number {
  const counted =
    text.match(new RegExp(`\\bcarousel (?:of|with) ${COUNT}\\b`)) ??
    text.match(new RegExp(`\\b${COUNT}[- ](?:slides?|images|pictures|photos|cards|panels)\\b`)) ??
    text.match(new RegExp(`\\b${COUNT}[- ]slide carousel\\b`));
  if (counted) {
    const n = NUMBER_WORDS[counted[1]] ?? Number(counted[1]);
    return Math.min(CAROUSEL_MAX_SLIDES, Math.max(2, n));
  }
  return /\bcarousels?\b|\bslideshow\b/.test(text) ? CAROUSEL_DEFAULT_SLIDES : 0;
}

function aspectRatio(text: string): string | null {
  const explicit = (ASPECT_RATIO_VALUES as readonly string[]).find((r) => text.includes(r));
  if (explicit) return explicit;
  if (/\bsquare\b/.test(text)) return '1:1';
  if (/\bvertical\b|\bfull[- ]screen\b/.test(text)) return '9:16';
  if (/\blandscape\b|\bhorizontal\b|\bwide(screen)?\b/.test(text)) return '16:9';
  return PLATFORM_RATIO.find(([re]) => re.test(text))?.[1] ?? null;
}

/** The words after "about", "for", "promoting" ... up to the next clause, as the topic's default. */
function topicPhrase(instruction: string): string | null {
  const match = instruction.match(
    /\b(?:about|promoting|featuring|announcing|showcasing|on the topic of)\s+([^,.;:!?]+)/i,
  );
  if (!match) return null;
  const phrase = match[1]
    .replace(
      /\s+(?:with|and|in|as|for|on|using)\s+(?:a|an|the)?\s*(?:\d+|voice|caption|captions|subtitles|quality|approval|square|vertical|instagram|tiktok|hashtags).*$/i,
      '',
    )
    .trim();
  return phrase.length >= 3 ? clipToLength(phrase, 200) : null;
}
