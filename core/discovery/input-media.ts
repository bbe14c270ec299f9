import type { BriefReading, ReadToken } from './brief-reading';
import type { DiscoveryCandidate } from './candidate';
import { deliverableOf } from './deliverable';
import { lexicon } from '../language/lexicon';

const { mediaKinds } = lexicon;

export type MediaKind = 'image' | 'video' | 'audio';
/** What the brief brings: media of a kind, or a link or file whose kind cannot be told ('any'). */
export type BroughtMedia = MediaKind | 'any';

/** Media kinds by file extension, for links and file words. */
export const EXTENSION_KINDS = mediaKinds.extension_kinds.to_kind as Readonly<Record<string, MediaKind>>;
const WORD_KINDS = mediaKinds.word_kinds.to_kind as Readonly<Record<string, MediaKind>>;
/** Words that only say "a file": its kind comes from a format word beside it ("my MOV files"). */
const FILE_WORDS: ReadonlySet<string> = new Set(mediaKinds.file_words.words);

const MISSING_MEDIA_FACTOR = 0.6;
const LINKED_MEDIA_FACTOR = 1.1;

export function urlKind(url: string): BroughtMedia {
  const ext = url.split(/[?#]/)[0].split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_KINDS[ext] ?? 'any';
}

function kindOf(t: ReadToken, neighbours: ReadToken[]): BroughtMedia {
  if (FILE_WORDS.has(t.word)) {
    const format = neighbours.map((n) => EXTENSION_KINDS[n.word]).find(Boolean);
    return format ?? 'any';
  }
  return WORD_KINDS[t.lemma] ?? WORD_KINDS[t.word] ?? 'any';
}

/** Words that offer a link as a reference to look at, not as media to work on. */
const { references, reference_pointing: pointing } = mediaKinds;
const REFERENCE_BEFORE = new RegExp(
  `(?:${references.before.map((w) => `\\b${w}`).join('|')})(?:\\s+(?:${pointing.pointing.join('|')}))?\\s*(?:${pointing.then.join('|')}|:)?\\s*:?\\s*$`,
  'i',
);
const REFERENCE_AFTER = new RegExp(
  `^\\S*\\s*\\(?\\s*(?:for|as)\\s+(?:a\\s+)?(?:${references.after.join('|')})\\b`,
  'i',
);

/** "in the style of this https://...", "moodboard: https://...", "https://... (for reference)". */
function isReference(brief: string, url: { start: number; end: number }): boolean {
  return (
    REFERENCE_BEFORE.test(brief.slice(Math.max(0, url.start - 40), url.start)) ||
    REFERENCE_AFTER.test(brief.slice(url.end, url.end + 40))
  );
}

/**
 * Media the brief brings: links (by their extension), an agent's URL fields, and media it calls its
 * own ("my photo", "this picture", "my MOV files"). Image words in the request count as a photo
 * mentioned ("animate the picture") for apps that need one, unless the picture is the thing to make.
 */
export function mediaIn(reading: BriefReading): { all: Set<BroughtMedia>; own: Set<BroughtMedia> } {
  const all = new Set<BroughtMedia>();
  const own = new Set<BroughtMedia>();
  // "needs a background picture of ...": the picture to make is not one the caller has.
  const toMake = deliverableOf(reading).some((t) => WORD_KINDS[t.lemma] === 'image');
  for (const u of reading.spans.urls) if (!isReference(reading.brief, u)) all.add(urlKind(u.text));
  for (const f of reading.structured?.fields ?? [])
    if (/^https?:\/\//i.test(f.value)) all.add(urlKind(f.value));
  reading.tokens.forEach((t, i) => {
    if (t.input) {
      const kind = kindOf(t, reading.tokens.slice(Math.max(0, i - 2), i + 2));
      all.add(kind);
      own.add(kind);
    } else if (WORD_KINDS[t.lemma] === 'image' && t.zone !== 'quote' && !t.modifier && !toMake)
      all.add('image');
  });
  return { all, own };
}

/**
 * An app that cannot run without media ranks lower when the brief neither links nor names any
 * (MISSING_MEDIA_FACTOR), and a little higher when the brief links media of a kind it takes.
 */
export function mediaFactor(candidate: DiscoveryCandidate, media: Set<BroughtMedia>): number {
  const needs = candidate.requiredMedia ?? [];
  if (needs.length === 0) return 1;
  if (needs.some((k) => media.has(k)) || media.has('any')) return LINKED_MEDIA_FACTOR;
  return MISSING_MEDIA_FACTOR;
}

/**
 * The caller's own media cannot feed the app: the brief works on a video or a song of its own
 * ("Convert my MOV files") and the app only takes a photo. Null when they fit or nothing is known.
 */
export function mediaMismatch(candidate: DiscoveryCandidate, own: Set<BroughtMedia>): MediaKind | null {
  const needs = candidate.requiredMedia ?? [];
  const kinds = [...own].filter((k): k is MediaKind => k !== 'any');
  if (needs.length === 0 || kinds.length === 0 || own.has('any')) return null;
  return kinds.some((k) => needs.includes(k)) ? null : kinds[0];
}
