import type { DiscoveryCandidate } from './candidate';
import { terms } from './normalize';

export type ReasonSource = 'name' | 'description' | 'frontmatter' | 'capability' | 'semantic';

/** One searchable field of an app: its phrases, their stemmed terms, and how much a hit there counts. */
export interface AppField {
  source: ReasonSource;
  field: string;
  /** Human words for explanations ("use cases"). */
  title: string;
  weight: number;
  phrases: string[][];
  terms: Set<string>;
}

/** Field weights: what an app is called and tagged with says more than its prose. */
export const FIELD_WEIGHTS = {
  name: 3,
  aliases: 2.5,
  keywords: 2,
  useCases: 2,
  formats: 1.5,
  platforms: 1.5,
  produces: 1.5,
  categories: 1.2,
  outputFormats: 1.2,
  summary: 1,
  description: 1,
  audiences: 0.8,
} as const;

/** "image/png" -> "image png": a MIME type is searched as its two words. */
const mimeWords = (mime: string) => mime.replace('/', ' ');

export function appFields(app: DiscoveryCandidate): AppField[] {
  const fm = app.frontmatter;
  const make = (
    source: ReasonSource,
    field: string,
    title: string,
    weight: number,
    texts: string[],
  ): AppField => {
    const phrases = texts.map(terms).filter((p) => p.length > 0);
    return { source, field, title, weight, phrases, terms: new Set(phrases.flat()) };
  };
  return [
    make('name', 'name', 'name', FIELD_WEIGHTS.name, [app.name]),
    make('frontmatter', 'aliases', 'aliases', FIELD_WEIGHTS.aliases, fm.aliases),
    make('frontmatter', 'keywords', 'keywords', FIELD_WEIGHTS.keywords, fm.keywords),
    make('frontmatter', 'useCases', 'use cases', FIELD_WEIGHTS.useCases, fm.useCases),
    make('frontmatter', 'formats', 'formats', FIELD_WEIGHTS.formats, fm.formats),
    make('frontmatter', 'platforms', 'platforms', FIELD_WEIGHTS.platforms, fm.platforms),
    make('frontmatter', 'categories', 'categories', FIELD_WEIGHTS.categories, fm.categories),
    make('frontmatter', 'audiences', 'audiences', FIELD_WEIGHTS.audiences, fm.audiences),
    make('frontmatter', 'summary', 'summary', FIELD_WEIGHTS.summary, [fm.summary]),
    make(
      'description',
      'description',
      'description',
      FIELD_WEIGHTS.description,
      app.description ? [app.description] : [],
    ),
    make(
      'capability',
      'capabilities.produces',
      'what it produces',
      FIELD_WEIGHTS.produces,
      app.capabilities.produces,
    ),
    make(
      'capability',
      'capabilities.outputFormats',
      'output formats',
      FIELD_WEIGHTS.outputFormats,
      app.capabilities.outputFormats.map(mimeWords),
    ),
  ];
}

/** Every term an app can be found by, for document frequencies. */
export function vocabularyOf(fields: AppField[]): Set<string> {
  const all = new Set<string>();
  for (const f of fields) for (const t of f.terms) all.add(t);
  return all;
}
