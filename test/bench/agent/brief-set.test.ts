import { loadCatalogApps } from '../../../adapters/catalog';
import type { AppDefinition } from '../../../core/app/app-definition';
import {
  BRIEF_STYLES,
  MEDIA_PLACEHOLDER,
  loadBriefs,
  loadLegacyBriefs,
  requiredKeys,
  type BenchBrief,
  type InputMatcher,
  withPhotosServed,
} from '../../../bench/agent/brief-set';
import { containsWords, matchesInput } from '../../../bench/agent/matchers';
import { HELD_OUT_SHARE, splitOf } from '../../../bench/agent/split';

const apps = loadCatalogApps();
const byId = new Map(apps.map((a) => [a.appId, a]));
const briefs = loadBriefs();
const fit = briefs.filter((b) => b.expected.appId !== null);

const parameter = (app: AppDefinition, key: string) => app.parameters.find((p) => p.key === key);
const inputsOf = (b: BenchBrief) => Object.entries(b.expected.inputs ?? {});
type TextMatcher = Extract<InputMatcher, { contains: unknown } | { oneOf: unknown }>;
const textMatchers = (b: BenchBrief) =>
  inputsOf(b).filter((e): e is [string, TextMatcher] => 'contains' in e[1] || 'oneOf' in e[1]);

/** "Vertical video ad: the Trailblazer ..." -> "Vertical video ad": what a slot filler might take for a value. */
const labelOf = (text: string) => {
  // A colon of a URL ("https:") or a ratio ("16:9") does not end a label.
  const at = text.search(/:(?!\/\/)(?!\d)/);
  return at > 0 ? text.slice(0, at).trim() : null;
};

describe('bench/agent/briefs.json', () => {
  test('holds at least 230 briefs with unique ids', () => {
    expect(briefs.length).toBeGreaterThanOrEqual(230);
    expect(new Set(briefs.map((b) => b.id)).size).toBe(briefs.length);
  });

  test('has at least 12 briefs for every catalog app', () => {
    const short = apps.filter((a) => fit.filter((b) => b.expected.appId === a.appId).length < 12);
    expect(short.map((a) => a.name)).toEqual([]);
  });

  test('gives at least 18% of its briefs no fitting app, and calls exactly those no_fit', () => {
    const noFit = briefs.filter((b) => b.expected.appId === null);
    expect(noFit.length / briefs.length).toBeGreaterThanOrEqual(0.18);
    expect(briefs.filter((b) => (b.style === 'no_fit') !== (b.expected.appId === null))).toEqual([]);
  });

  test('uses every style', () => {
    expect(new Set(briefs.map((b) => b.style))).toEqual(new Set(BRIEF_STYLES));
  });

  test('names only apps of the catalog', () => {
    expect(fit.filter((b) => !byId.has(b.expected.appId!)).map((b) => b.id)).toEqual([]);
  });

  test('expects only parameters of the expected app, and every required one', () => {
    const problems = fit.flatMap((b) => {
      const app = byId.get(b.expected.appId!)!;
      const unknown = inputsOf(b)
        .filter(([key]) => !parameter(app, key))
        .map(([key]) => `${b.id}: ${key} is not a parameter of ${app.name}`);
      const missing = requiredKeys(app)
        .filter((key) => !b.expected.inputs?.[key])
        .map((key) => `${b.id}: required ${key} has no expected value`);
      return [...unknown, ...missing];
    });
    expect(problems).toEqual([]);
  });

  test('judges each parameter type with a matcher that fits it', () => {
    const problems = fit.flatMap((b) =>
      inputsOf(b).flatMap(([key, m]) => {
        const p = parameter(byId.get(b.expected.appId!)!, key)!;
        if (p.type === 'options')
          return 'equals' in m && p.options!.includes(m.equals)
            ? []
            : [`${b.id}: ${key} is not a valid option`];
        if (p.type === 'url') {
          if ('unmet' in m) return [];
          const ok =
            'equals' in m && m.equals.startsWith(`${MEDIA_PLACEHOLDER}/`) && b.brief.includes(m.equals);
          return ok ? [] : [`${b.id}: ${key} must equal a media-server URL from the brief, or be unmet`];
        }
        return 'unmet' in m ? [`${b.id}: ${key} is text, not a URL`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  test('accepts unmatched only where the media a required URL needs is missing', () => {
    const wrong = briefs.filter(
      (b) => b.expected.acceptUnmatched && !inputsOf(b).some(([, m]) => 'unmet' in m),
    );
    expect(wrong.map((b) => b.id)).toEqual([]);
  });

  test('never counts the whole brief, or the label before its colon, as a right text value', () => {
    const lenient = fit.flatMap((b) =>
      textMatchers(b).flatMap(([key, m]) =>
        [b.brief, labelOf(b.brief)]
          .filter((candidate): candidate is string => !!candidate)
          .filter((candidate) => matchesInput(m, { value: candidate, unmet: false }))
          .map((candidate) => `${b.id}: ${key} accepts ${JSON.stringify(candidate.slice(0, 40))}`),
      ),
    );
    expect(lenient).toEqual([]);
  });

  test('asks for text values whose words are in the brief', () => {
    const absent = fit.flatMap((b) =>
      textMatchers(b).flatMap(([key, m]) => {
        const needles = 'contains' in m ? m.contains : [m.oneOf];
        return needles
          .filter((n) => !(Array.isArray(n) ? n : [n]).some((alt) => containsWords(b.brief, alt)))
          .map((n) => `${b.id}: ${key} wants ${JSON.stringify(n)}`);
      }),
    );
    expect(absent).toEqual([]);
  });

  test('holds out 40% of the briefs, within 5 points, by the hash of their ids', () => {
    const heldOut = briefs.filter((b) => splitOf(b.id) === 'heldout').length / briefs.length;
    expect(Math.abs(heldOut - HELD_OUT_SHARE)).toBeLessThanOrEqual(0.05);
  });
});

describe('bench/agent/legacy-briefs.json', () => {
  test('keeps the 47 older briefs, each naming a catalog app', () => {
    const legacy = loadLegacyBriefs(apps);
    expect(legacy).toHaveLength(47);
    expect(legacy.filter((b) => !byId.has(b.expected.appId!))).toEqual([]);
  });
});

describe('withPhotosServed', () => {
  const probe = (brief: string, photo: string): BenchBrief => ({
    id: 'p-1',
    style: 'photo_url',
    brief,
    expected: { appId: 'a', inputs: { photo: { equals: photo } } },
  });

  test.each([
    ['Animate https://cdn.example.com/a/shot.jpeg: square, 8 seconds', 'https://cdn.example.com/a/shot.jpeg'],
    ['Here: https://cdn.example.com/b.png, call it Hoot', 'https://cdn.example.com/b.png'],
    ['Photo is https://cdn.example.com/c.webp.', 'https://cdn.example.com/c.webp'],
    ['Is this ok https://cdn.example.com/d.jpg?', 'https://cdn.example.com/d.jpg'],
  ])('serves the photo in %j from the media server, in the brief and the expectation', (brief, photo) => {
    const served = withPhotosServed(probe(brief, photo));
    const local = photo.replace('https://', `${MEDIA_PLACEHOLDER}/outside/`);
    expect(served.brief).toContain(local);
    expect(served.expected.inputs).toEqual({ photo: { equals: local } });
  });
});
