import type { AppDefinition, Frontmatter } from '../app/app-definition';
import { FRONTMATTER_ARRAY_MAX_ITEMS, FRONTMATTER_ITEM_MAX_LENGTH, FRONTMATTER_SUMMARY_MAX } from '../limits';
import type { AppWish } from './read-instruction';
import { clipToLength } from '../text/graphemes';
import { lexicon } from '../language/lexicon';

/** Name and discovery frontmatter of a generated app, from its instruction and wish. */
const PLATFORM_NAMES: Record<string, string> = {
  x: 'X',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

export function appName(wish: AppWish, base: AppDefinition | undefined): string {
  const parts: string[] = [];
  if (wish.carousel > 0) parts.push(`${wish.carousel}-Slide Carousel`);
  if (wish.image) parts.push('Image');
  if (wish.video) parts.push(wish.subtitles ? 'Captioned Video' : 'Video');
  if (wish.voiceover) parts.push('Voiceover');
  if (wish.caption) parts.push('Caption');
  if (wish.headline) parts.push('Headline');
  if (wish.altText) parts.push('Alt Text');
  const platform = wish.platforms
    .map((p) => PLATFORM_NAMES[p] ?? p[0].toUpperCase() + p.slice(1))
    .join(' & ');
  const what = parts.length > 0 ? parts.join(', ').replace(/, ([^,]*)$/, ' and $1') : 'Adjusted';
  const name = `${platform ? `${platform} ` : ''}${what}`;
  return base ? `${base.name} (${name})` : name;
}

/** Words of an instruction that never become keywords (lexicon/instructions.json). */
const KEYWORD_STOPWORDS: ReadonlySet<string> = new Set([
  ...lexicon.instructions.not_keywords.words,
  ...lexicon.instructions.not_keywords_grammar.words,
]);

export function frontmatter(instruction: string, wish: AppWish, base?: Frontmatter): Frontmatter {
  const formats = [
    ...(wish.image || wish.carousel > 0 ? ['image'] : []),
    ...(wish.carousel > 0 ? ['carousel'] : []),
    ...(wish.video ? ['video'] : []),
    ...(wish.voiceover ? ['audio'] : []),
    ...(wish.caption || wish.headline || wish.altText ? ['text'] : []),
  ];
  const keywords = (instruction.toLowerCase().match(/[a-z][a-z0-9-]{2,}/g) ?? []).filter(
    (w) => !KEYWORD_STOPWORDS.has(w),
  );
  const merge = (a: string[] = [], b: string[]) =>
    [...new Set([...a, ...b].map((s) => clipToLength(s, FRONTMATTER_ITEM_MAX_LENGTH)))].slice(
      0,
      FRONTMATTER_ARRAY_MAX_ITEMS,
    );
  const summary = instruction.trim().replace(/\s+/g, ' ');
  return {
    schemaVersion: 1,
    summary: clipToLength(summary[0].toUpperCase() + summary.slice(1), FRONTMATTER_SUMMARY_MAX),
    categories: merge(base?.categories, [
      ...(wish.platforms.length > 0 ? ['social media'] : []),
      ...formats.filter((f) => f !== 'text'),
    ]),
    useCases: merge(
      base?.useCases,
      wish.platforms.flatMap((p) => formats.filter((f) => f !== 'text').map((f) => `${p} ${f}`)),
    ),
    keywords: merge(base?.keywords, keywords),
    aliases: merge(base?.aliases, []),
    formats: merge(base?.formats, formats),
    platforms: merge(base?.platforms, wish.platforms),
    audiences: merge(base?.audiences, []),
    excludedIntents: merge(base?.excludedIntents, []),
  };
}
