import type { BriefReading } from './brief-reading';
import { REQUEST_ZONES } from './read-token';
import { deliverableOf } from './deliverable';

/**
 * Written deliverables longer than any app's copy (a caption, a headline, a script): as the thing
 * the brief asks to make ("Write a blog post about ..."), no app fits.
 */
const LONG_TEXT = [
  'article',
  'blog post',
  'blog article',
  'essay',
  'report',
  'ebook',
  'e-book',
  'whitepaper',
  'white paper',
  'newsletter',
  'press release',
  'cover letter',
  'letter',
  'email',
  'resume',
  'cv',
  'proposal',
  'contract',
  'manual',
  'book',
  'thesis',
  'case study',
  'landing page',
  'website',
  'web page',
  'business plan',
  'terms',
  'policy',
  'product description',
  // Plans are documents too: what to post when, not the posts.
  'calendar',
  'strategy',
  'plan',
  'outline',
  'agenda',
  'checklist',
  'document',
  'doc',
];

/** File formats and what they are as MIME types; an app must output the MIME type (or name the word). */
const FORMATS: Record<string, string> = {
  pdf: 'application/pdf',
  svg: 'image/svg+xml',
  vector: 'image/svg+xml',
  eps: 'application/postscript',
  psd: 'image/vnd.adobe.photoshop',
  gif: 'image/gif',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  spreadsheet: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.ms-excel',
  excel: 'application/vnd.ms-excel',
  sheet: 'application/vnd.ms-excel',
  csv: 'text/csv',
  docx: 'application/msword',
  html: 'text/html',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
};

const LOOK_WORDS = new Set(['look', 'style', 'styled', 'feel', 'aesthetic', 'vibe']);
/** Pictures a style word can describe. */
const DRAWN = new Set(['illustration', 'icon', 'art', 'artwork', 'drawing', 'graphic', 'image', 'picture']);

/** Longest thing any app makes, by unit: a few minutes of media, a page of text. */
const SCALE_LIMITS: { unit: RegExp; max: number; needsMedia: boolean }[] = [
  { unit: /^(?:minute|minut|min|mins)s?$/, max: 3, needsMedia: true },
  { unit: /^(?:hour|hr|hrs)s?$/, max: 0, needsMedia: true },
  { unit: /^pages?$/, max: 1, needsMedia: false },
  { unit: /^words?$/, max: 400, needsMedia: false },
];
/** Nouns a duration must measure to be the length of what is asked ("a 10-minute documentary"). */
const LONG_MEDIA =
  /^(?:video|episode|podcast|documentary|film|movie|recording|show|clip|audio|song|webinar|livestream|course|tutorial|interview|footage|vlog)s?$/;

/**
 * A question asking for advice ("What hashtags should I use?", "Which time is best to post?"):
 * the brief wants an answer, not content.
 */
export function asksForAdvice(reading: BriefReading): boolean {
  const text = reading.brief.trim();
  return (
    /\?\s*$/.test(text) &&
    /^(?:what|which|when|why|where|who|should|is|are|does|do|how (?:should|do|does|did|is|are|was|can|many|much|often|long))\b/i.test(
      text,
    )
  );
}

/**
 * Drawings that must be exact to their data or measures (a floor plan, a bar chart): a generated
 * image only looks like one.
 */
const PRECISE_DRAWINGS = [
  'floor plan',
  'site plan',
  'blueprint',
  'diagram',
  'flowchart',
  'chart',
  'graph',
  'wireframe',
  'schematic',
  'org chart',
];

/** The long written deliverable the brief asks for ("blog post", "press release"), if that is what it asks. */
export function longTextAsked(reading: BriefReading): string | null {
  return preciseDrawingAsked(reading) ? null : deliverableNamed(reading, LONG_TEXT);
}

/** The exact drawing the brief asks for ("a floor plan", "a bar chart"), if that is what it asks. */
export function preciseDrawingAsked(reading: BriefReading): string | null {
  return deliverableNamed(reading, PRECISE_DRAWINGS);
}

/** The last one or two words of the brief's deliverable, when they are one of `kinds`. */
function deliverableNamed(reading: BriefReading, kinds: string[]): string | null {
  const phrase = deliverableOf(reading).map((t) => t.lemma);
  for (let n = Math.min(2, phrase.length); n >= 1; n--) {
    const tail = phrase.slice(-n).join(' ');
    if (kinds.includes(tail)) return tail;
  }
  return null;
}

/** Formats named in the request, skipping the caller's own files ("my MP4 files"). */
export function requestedFormats(reading: BriefReading): { word: string; mime: string }[] {
  const found: { word: string; mime: string }[] = [];
  reading.tokens.forEach((t, i) => {
    if (!REQUEST_ZONES.has(t.zone) && t.zone !== 'content') return;
    const mime = FORMATS[t.word];
    const own = reading.tokens.slice(Math.max(0, i - 2), i).some((p) => p.word === 'my' || p.word === 'our');
    // "a flat vector look", "vector-style": how the picture looks, not the file asked for.
    // A "flat vector illustration" or "vector icon" is a drawing style too; a "vector file" is the file.
    const look = reading.tokens
      .slice(i + 1, i + 3)
      .some((n) => LOOK_WORDS.has(n.lemma) || (t.word === 'vector' && DRAWN.has(n.lemma)));
    if (mime && !own && !look && !t.negated) found.push({ word: t.word, mime });
  });
  return found;
}

const WORD_NUMBERS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
};

/** A quantity in the request beyond what any app makes ("2,000-word", "a 10-minute documentary"). */
export function beyondScale(reading: BriefReading): string | null {
  const tokens = reading.tokens.filter((t) => REQUEST_ZONES.has(t.zone) && t.type !== 'punctuation');
  for (let i = 0; i < tokens.length - 1; i++) {
    const amount = WORD_NUMBERS[tokens[i].lower] ?? Number(tokens[i].text.replace(/,/g, ''));
    if ((tokens[i].type !== 'number' && !(tokens[i].lower in WORD_NUMBERS)) || !Number.isFinite(amount))
      continue;
    const unit = tokens[i + 1];
    const limit = SCALE_LIMITS.find((l) => l.unit.test(unit.word));
    if (!limit || amount <= limit.max) continue;
    const measured = tokens.slice(i + 2, i + 6).some((t) => LONG_MEDIA.test(t.word));
    if (!limit.needsMedia || measured) return `${tokens[i].text} ${unit.text}`;
  }
  return null;
}
