import { stem } from '../language/normalize';

/**
 * Groups of words that ask for the same thing in content requests. A word of the intent that is
 * not in an app's fields can still match through another word of its group, at a lower weight.
 * Groups are small and specific on purpose: broad ones ("content", "media") would match everything.
 */
const GROUPS: string[][] = [
  [
    'image',
    'picture',
    'photo',
    'photograph',
    'graphic',
    'visual',
    'illustration',
    'artwork',
    'pic',
    'imagery',
    'drawing',
    'render',
    'poster',
    'flyer',
    'wallpaper',
    'thumbnail',
    'mockup',
  ],
  ['video', 'clip', 'reel', 'film', 'footage', 'movie', 'animation', 'animated', 'motion'],
  ['short', 'reel', 'tiktok', 'vertical'],
  ['motion', 'move', 'moving', 'animate', 'animation', 'zoom'],
  ['audio', 'sound', 'voice', 'voiceover', 'narration', 'spoken', 'speech', 'listen', 'hear', 'listener'],
  ['podcast', 'episode', 'show', 'finale'],
  ['caption', 'copy', 'blurb', 'text'],
  ['headline', 'title', 'heading', 'tagline'],
  ['hashtag', 'tag'],
  ['approval', 'approve', 'review', 'reviewer', 'signoff', 'sign', 'validate', 'validation', 'compliance'],
  ['banner', 'header', 'hero', 'cover', 'masthead'],
  ['blog', 'article', 'newsletter', 'editorial', 'essay', 'substack'],
  ['quote', 'quotation', 'saying', 'testimonial', 'review'],
  ['inspirational', 'motivational', 'inspiring', 'uplifting'],
  ['announcement', 'announce', 'launch', 'release', 'unveil', 'reveal'],
  [
    'ad',
    'ads',
    'advert',
    'advertisement',
    'advertising',
    'promo',
    'promote',
    'promotion',
    'promotional',
    'commercial',
    'sponsored',
  ],
  ['sale', 'discount', 'offer', 'deal'],
  ['product', 'item', 'merchandise', 'merch', 'packshot', 'sku'],
  ['ecommerce', 'shop', 'store', 'listing', 'catalog', 'catalogue'],
  ['thumbnail', 'thumb'],
  ['story', 'stories'],
  ['post', 'update', 'share'],
  ['social', 'feed'],
  ['instagram', 'insta', 'ig'],
  ['x', 'twitter', 'tweet'],
  ['youtube', 'yt'],
  ['linkedin', 'li'],
  ['explainer', 'explain', 'tutorial', 'howto', 'walkthrough', 'guide', 'demo'],
  ['training', 'onboarding', 'induction', 'lesson'],
  ['alt', 'accessibility', 'accessible'],
  ['script', 'narrative', 'storyboard'],
  ['slideshow', 'carousel', 'slides', 'montage'],
  ['event', 'webinar', 'conference', 'meetup', 'invite', 'invitation'],
  ['logo', 'brand', 'branding', 'watermark'],
  ['resize', 'crop', 'reformat', 'format', 'dimension'],
  ['recipe', 'food', 'dish', 'meal', 'menu'],
];

/**
 * Words that name the very same thing ("an illustration" is an image): a subset of the groups
 * above, whose members stand for each other nearly as fully as the word itself.
 */
const SAME_THING: string[][] = [
  ['image', 'picture', 'graphic', 'visual', 'illustration', 'artwork', 'pic', 'imagery', 'drawing'],
  // A photo is an image, but an image is not always a photo.
  ['photo', 'photograph', 'picture', 'pic'],
  ['video', 'film', 'footage', 'movie'],
  ['voiceover', 'narration'],
  ['explainer', 'tutorial', 'howto', 'walkthrough'],
];

const related = relations(GROUPS);
const same = relations(SAME_THING);

function relations(groups: string[][]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const group of groups) {
    const stems = group.map(stem);
    for (const s of stems) {
      const set = out.get(s) ?? new Set<string>();
      for (const other of stems) if (other !== s) set.add(other);
      out.set(s, set);
    }
  }
  return out;
}

/** Other stems that mean about the same as `term` (never the term itself). */
export function synonymsOf(term: string): string[] {
  return [...(related.get(term) ?? [])];
}

/** Whether two stems name the very same thing (SAME_THING), not merely a related one. */
export const namesSameThing = (a: string, b: string): boolean => same.get(a)?.has(b) ?? false;
