import { lexicon } from '../language/lexicon';
import MiniSearch from 'minisearch';
import { termOf } from './brief-reading';
import type { DiscoveryCandidate } from './candidate';
import { analyze } from '../language/nlp';
import { letterWords } from '../language/letter-words';
import { isStopword } from '../language/normalize';

/** The fields of an app that discovery searches, with how much a hit in each counts (BM25 boosts). */
export const INDEX_FIELDS = {
  name: 3,
  aliases: 2.5,
  keywords: 2,
  useCases: 2,
  formats: 1.5,
  produces: 1.5,
  categories: 1.2,
  parameters: 1,
  options: 0.5,
  summary: 1,
  description: 1,
  audiences: 0.5,
} as const;
export type IndexField = keyof typeof INDEX_FIELDS;

/** Fields that name what an app makes: a brief saying one of their words names a thing to make. */
const NAMING_FIELDS = new Set<IndexField>([
  'name',
  'aliases',
  'keywords',
  'formats',
  'produces',
  'categories',
] as const);

/** Human words for a field, for match reasons. */
export const FIELD_TITLES: Record<IndexField, string> = {
  name: 'name',
  aliases: 'aliases',
  keywords: 'keywords',
  useCases: 'use cases',
  formats: 'formats',
  produces: 'what it produces',
  categories: 'categories',
  parameters: 'input fields',
  options: 'options',
  summary: 'summary',
  description: 'description',
  audiences: 'audiences',
};

/** Fields that say what an app does (not what it is for): an operation the brief asks for must be here. */
const ACTION_FIELDS = [
  'name',
  'aliases',
  'keywords',
  'useCases',
  'description',
] as const satisfies IndexField[];

export interface CatalogIndex {
  search: MiniSearch<AppDocument>;
  /** Lower-case words of every app's text: the vocabulary typos are corrected against. */
  words: Set<string>;
  /** Per app, the terms of its action fields. */
  actionTerms: Map<string, Set<string>>;
  /** Per app, the term sequences of its excluded intents. */
  excluded: Map<string, { phrase: string; terms: string[] }[]>;
  /** Per app, the term sequences of its multi-word name, aliases, keywords and use cases. */
  phrases: Map<string, string[][]>;
  /** Per app, the term lists of its name and each alias: what the app is. */
  names: Map<string, string[][]>;
  /** ln(1 + N / df) of a term over the apps; 0 for a term no app holds. */
  idf: (term: string) => number;
  /** Terms some app's name, tags or prose hold (not only an option label or an audience). */
  telling: Set<string>;
  /** Per app, the terms of what it makes (produces, formats): what a brief can decline ("no caption"). */
  produces: Map<string, Set<string>>;
}

type AppDocument = { id: string } & Record<IndexField, string>;

/** Terms of a catalog text: wink tokens, stemmed lemmas, punctuation and stop words dropped. */
export function catalogTerms(text: string): string[] {
  return analyze(text)
    .filter((t) => t.type === 'word' || t.type === 'number')
    .filter((t) => !isStopword(t.lower))
    .map((t) => (t.type === 'word' ? termOf(t.lemma) : t.lower))
    .filter((t) => t.length > 1);
}

/** Words a name is read without: articles and prepositions ("Image from Prompt" -> image, prompt). */
const NAME_GLUE: ReadonlySet<string> = new Set(lexicon.comparison.name_glue.words);

/** Terms of a name or alias, keeping the verbs stop words would drop ("generate image"). */
export function nameTerms(text: string): string[] {
  return analyze(text)
    .filter((t) => t.type === 'word' && !NAME_GLUE.has(t.lower))
    .map((t) => termOf(t.lemma));
}

/** Hyphenated compounds of an app's prose ("talking-to-camera", "user-generated"): phrases it is found by. */
const compounds = (text: string) => (text.match(/\b[a-z]+(?:-[a-z]+)+\b/gi) ?? []).map(catalogTerms);

function documentOf(c: DiscoveryCandidate): AppDocument {
  const fm = c.frontmatter;
  const list = (items: string[]) => items.join(' ; ');
  return {
    id: c.appId,
    name: c.name,
    aliases: list(fm.aliases),
    keywords: list(fm.keywords),
    useCases: list(fm.useCases),
    formats: list([...fm.formats, ...c.capabilities.outputFormats.map((m) => m.replace('/', ' '))]),
    produces: list(c.capabilities.produces.map((p) => p.replace(/-/g, ' '))),
    categories: list(fm.categories),
    parameters: list(c.parameterNames ?? []),
    options: list(c.optionLabels ?? []),
    summary: fm.summary,
    description: c.description ?? '',
    audiences: list(fm.audiences),
  };
}

const cache = new Map<string, CatalogIndex>();
const CACHE_MAX = 8;

/**
 * The BM25 index of the candidates (minisearch), built once per catalog version: the key is a hash
 * of every indexed text, so an edited or added app builds a new index and an unchanged catalog
 * reuses it. Terms are wink lemmas, stemmed the same way as the brief's.
 */
export function catalogIndex(candidates: DiscoveryCandidate[]): CatalogIndex {
  const docs = candidates.map(documentOf);
  const key = catalogVersion(candidates);
  const hit = cache.get(key);
  if (hit) return hit;
  const search = new MiniSearch<AppDocument>({
    fields: Object.keys(INDEX_FIELDS),
    tokenize: (text) => catalogTerms(text),
    processTerm: (term) => term,
    searchOptions: { tokenize: (text) => text.split(' ').filter(Boolean), processTerm: (term) => term },
  });
  search.addAll(docs);
  const words = new Set<string>();
  const actionTerms = new Map<string, Set<string>>();
  const excluded = new Map<string, { phrase: string; terms: string[] }[]>();
  const phrases = new Map<string, string[][]>();
  const produces = new Map<string, Set<string>>();
  const names = new Map<string, string[][]>();
  const df = new Map<string, number>();
  const telling = new Set<string>();
  for (const [i, doc] of docs.entries()) {
    const all = new Set((Object.keys(INDEX_FIELDS) as IndexField[]).flatMap((f) => catalogTerms(doc[f])));
    for (const f of Object.keys(INDEX_FIELDS) as IndexField[])
      if (NAMING_FIELDS.has(f)) for (const t of catalogTerms(doc[f])) telling.add(t);
    for (const t of all) df.set(t, (df.get(t) ?? 0) + 1);
    const fm = candidates[i].frontmatter;
    names.set(
      doc.id,
      [doc.name, ...fm.aliases].map(nameTerms).filter((p) => p.length > 0),
    );
    phrases.set(
      doc.id,
      [
        ...[doc.name, ...fm.aliases, ...fm.keywords, ...fm.useCases].map(catalogTerms),
        ...compounds(`${doc.description} ${doc.summary}`),
      ].filter((p) => p.length >= 2),
    );
    produces.set(doc.id, new Set([doc.produces, doc.formats].flatMap(catalogTerms)));
    for (const field of Object.keys(INDEX_FIELDS) as IndexField[])
      for (const w of letterWords(doc[field])) words.add(w);
    actionTerms.set(doc.id, new Set(ACTION_FIELDS.flatMap((f) => catalogTerms(doc[f]))));
    excluded.set(
      doc.id,
      candidates[i].frontmatter.excludedIntents.map((phrase) => ({ phrase, terms: catalogTerms(phrase) })),
    );
  }
  const idf = (term: string) => {
    const n = df.get(term);
    return n ? Math.log(1 + docs.length / n) : 0;
  };
  const index = { search, words, actionTerms, excluded, phrases, produces, names, idf, telling };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, index);
  return index;
}

/** A 32-bit FNV-1a hash of every app's indexed text: the catalog version discovery caches by. */
export function catalogVersion(candidates: DiscoveryCandidate[]): string {
  const text = JSON.stringify(candidates.map((c) => [documentOf(c), c.frontmatter.excludedIntents]));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${candidates.length}-${(h >>> 0).toString(16)}`;
}
