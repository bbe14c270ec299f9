import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AppDefinition } from '../../core/app/app-definition';

/**
 * The agent benchmark's brief sets. `briefs.json` was written from the user's side (the catalog and
 * the spec, not the routing or slot-filling code); `legacy-briefs.json` holds the 47 briefs written
 * beside the code before it, reported apart.
 */

/** Stands for the bench's local media server in briefs and expected URLs: `{{media}}/photos/beach.png`. */
export const MEDIA_PLACEHOLDER = '{{media}}';

export const BRIEF_STYLES = [
  'direct',
  'indirect',
  'agent',
  'typo',
  'photo_url',
  'no_fit',
  'constraint',
] as const;
/** Styles only the outsider-written sets use (bench/agent/outsider/): a situation told in everyday words. */
export const OUTSIDER_STYLES = ['situation'] as const;

/** A needle, or a list of spellings any one of which will do. */
const Needle = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/**
 * How a drafted input is judged.
 * - equals: the value, as a string, is exactly this (options, numbers, URLs).
 * - contains: every needle occurs as whole words in the normalized value and no `excludes` does
 *   (the excludes are words from elsewhere in the brief, so a pasted brief or label fails).
 * - excludes alone: whatever the field gets (nothing, a default, a drafted value) has none of these
 *   words: a field the brief leaves open must not be filled from a clause about the sender.
 * - oneOf: the normalized value is one of these.
 * - unmet: the URL in the brief cannot be fetched (or there is none); the field must come back as an
 *   unmet ask, not drafted from the bad URL.
 */
export const InputMatcher = z.union([
  z.object({ equals: z.string() }).strict(),
  z.object({ contains: z.array(Needle).min(1), excludes: z.array(z.string().min(1)).optional() }).strict(),
  z.object({ excludes: z.array(z.string().min(1)).min(1) }).strict(),
  z.object({ oneOf: z.array(z.string().min(1)).min(1) }).strict(),
  z.object({ unmet: z.literal(true) }).strict(),
]);
export type InputMatcher = z.infer<typeof InputMatcher>;

export const BenchBrief = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    style: z.enum([...BRIEF_STYLES, ...OUTSIDER_STYLES, 'legacy']),
    /** Finer labels (label, quoted_cta, unreachable_url, surface_words ...) for reading results by class. */
    tags: z.array(z.string()).optional(),
    brief: z.string().min(1),
    platform: z.string().optional(),
    modality: z.string().optional(),
    aspectRatio: z.string().optional(),
    expected: z
      .object({
        /** null: no app in the catalog fits; headless create must answer unmatched. */
        appId: z.string().nullable(),
        inputs: z.record(z.string(), InputMatcher).optional(),
        /** The app cannot run without media the brief does not deliver: unmatched is right too. */
        acceptUnmatched: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();
export type BenchBrief = z.infer<typeof BenchBrief>;

const BriefFile = z.object({ description: z.string(), briefs: z.array(BenchBrief) });

const LegacyFile = z.object({
  briefs: z.array(
    z.object({
      brief: z.string(),
      platform: z.string().optional(),
      appId: z.string(),
      inputs: z.record(z.string(), z.string()),
    }),
  ),
});

const DIR = __dirname;

export function loadBriefs(file = join(DIR, 'briefs.json')): BenchBrief[] {
  return BriefFile.parse(JSON.parse(readFileSync(file, 'utf8'))).briefs;
}

/** A photo's address as a writer gives it: http(s), ending in an image file's extension. */
const PHOTO_URL =
  /\bhttps?:\/\/([^\s/"'<>)\]]+)(\/[^\s"'<>)\]]*?\.(?:png|jpe?g|webp))(?=[\s"'<>)\],;:!?]|\.?$|\.\s)/gi;

/**
 * An outsider writes photo links to hosts that do not exist (https://cdn.example.com/...), meaning a
 * photo the service can fetch; the bench serves them from its media server, as `{{media}}/outside/<host>/<path>`,
 * in the brief and in what is expected of the drafted inputs alike. Other links (a video, a page) stay
 * as written, unreachable, and so does a host under `.invalid` (a name that never resolves, RFC 2606),
 * which a writer uses to mean a link that cannot be fetched. Applied to probe sets (`--probe`).
 */
export function withPhotosServed(brief: BenchBrief): BenchBrief {
  const serve = (s: string) =>
    s.replace(PHOTO_URL, (url: string, host: string, path: string) =>
      host.endsWith('.invalid') ? url : `${MEDIA_PLACEHOLDER}/outside/${host}${path}`,
    );
  if (!PHOTO_URL.test(brief.brief)) return brief;
  PHOTO_URL.lastIndex = 0;
  const served = (m: InputMatcher): InputMatcher => {
    if ('equals' in m) return { equals: serve(m.equals) };
    if ('contains' in m)
      return { ...m, contains: m.contains.map((n) => (Array.isArray(n) ? n.map(serve) : serve(n))) };
    return m;
  };
  const inputs = brief.expected.inputs;
  return {
    ...brief,
    brief: serve(brief.brief),
    expected: {
      ...brief.expected,
      ...(inputs
        ? { inputs: Object.fromEntries(Object.entries(inputs).map(([k, m]) => [k, served(m)])) }
        : {}),
    },
  };
}

/**
 * The legacy briefs in the new shape: a text value "counts when the drafted value contains it", an
 * option or URL must be equal (their original rule). Every one names an app.
 */
export function loadLegacyBriefs(
  apps: AppDefinition[],
  file = join(DIR, 'legacy-briefs.json'),
): BenchBrief[] {
  const byId = new Map(apps.map((a) => [a.appId, a]));
  return LegacyFile.parse(JSON.parse(readFileSync(file, 'utf8'))).briefs.map((b, i) => {
    const params = byId.get(b.appId)?.parameters ?? [];
    const inputs = Object.fromEntries(
      Object.entries(b.inputs).map(([key, value]): [string, InputMatcher] => [
        key,
        params.find((p) => p.key === key)?.type === 'text' ? { contains: [value] } : { equals: value },
      ]),
    );
    return {
      id: `legacy-${String(i + 1).padStart(2, '0')}`,
      style: 'legacy',
      brief: b.brief,
      ...(b.platform ? { platform: b.platform } : {}),
      expected: { appId: b.appId, inputs },
    };
  });
}

/** The brief with the media placeholder pointed at a running media server. */
export function withMediaBase(brief: BenchBrief, mediaBase: string): BenchBrief {
  const swap = (s: string) => s.split(MEDIA_PLACEHOLDER).join(mediaBase);
  const inputs = brief.expected.inputs
    ? Object.fromEntries(
        Object.entries(brief.expected.inputs).map(([k, m]) => [
          k,
          'equals' in m
            ? { equals: swap(m.equals) }
            : 'contains' in m
              ? { ...m, contains: m.contains.map((n) => (Array.isArray(n) ? n.map(swap) : swap(n))) }
              : m,
        ]),
      )
    : undefined;
  return {
    ...brief,
    brief: swap(brief.brief),
    expected: { ...brief.expected, ...(inputs ? { inputs } : {}) },
  };
}

/** Every `{{media}}/...` path the set mentions, for the media server to know what to serve. */
export function mediaPaths(briefs: BenchBrief[]): string[] {
  const found = new Set<string>();
  for (const b of briefs)
    for (const m of b.brief.matchAll(/\{\{media\}\}(\/[A-Za-z0-9._/-]*[A-Za-z0-9])/g)) found.add(m[1]);
  return [...found].sort();
}

/** A parameter needs a value when it has no default (api-v1.md: "when present the parameter may be omitted"). */
export function requiredKeys(app: AppDefinition): string[] {
  return app.parameters.filter((p) => p.default === undefined).map((p) => p.key);
}
