import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogError, loadCatalogApps, parseAppFile } from '../../adapters/catalog';
import { compileApp } from '../../core/app/compiled-app';

/** A small valid app file; tests change one field at a time. */
function validApp() {
  return {
    appId: '0b9a6f4e-6a57-4c35-9d0c-3c1f2f7a1b11',
    name: 'Tiny Caption',
    description: 'One caption.',
    parameters: [{ id: 'p_topic', key: 'topic', name: 'Topic', type: 'text' }],
    frontmatter: {
      schemaVersion: 1,
      summary: 'Writes one caption.',
      categories: ['copy'],
      useCases: ['caption'],
      keywords: ['caption'],
      aliases: [],
      formats: ['text'],
      platforms: ['instagram'],
      audiences: [],
      excludedIntents: [],
    },
    graph: {
      nodes: [
        {
          id: 'copy',
          type: 'text.generate',
          label: 'Caption',
          config: { prompt: 'a caption about {{topic}}' },
        },
        { id: 'out', type: 'output', label: 'Caption', config: { label: 'Caption' } },
      ],
      edges: [{ source: 'copy', target: 'out' }],
    },
  };
}

function catalogError(run: () => unknown): CatalogError {
  try {
    run();
  } catch (err) {
    if (err instanceof CatalogError) return err;
    throw err;
  }
  throw new Error('no CatalogError');
}

type Frontmatter = Record<string, unknown>;

const parse = (app: unknown) => () => parseAppFile('tiny.json', JSON.stringify(app));

describe('loadCatalogApps', () => {
  test('every built-in catalog app loads and compiles, with unique ids', () => {
    const apps = loadCatalogApps();

    expect(apps.length).toBeGreaterThanOrEqual(5);
    expect(new Set(apps.map((a) => a.appId)).size).toBe(apps.length);
    for (const app of apps) expect(compileApp(app).plan.outputs.length).toBeGreaterThan(0);
  });

  describe('with files in a folder of our own', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'atelier-catalog-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    test('a bad file fails with its file name and the field at fault', () => {
      const app: Record<string, unknown> = validApp();
      delete app.name;
      writeFileSync(join(dir, 'a-good.json'), JSON.stringify(validApp()));
      writeFileSync(join(dir, 'b-bad.json'), JSON.stringify(app));

      const error = catalogError(() => loadCatalogApps(dir));

      expect([error.file, error.field]).toEqual(['b-bad.json', 'name']);
      expect(error.message).toMatch(/^b-bad\.json: name: /);
    });

    test('two files with the same appId are rejected, naming the second', () => {
      writeFileSync(join(dir, 'one.json'), JSON.stringify(validApp()));
      writeFileSync(join(dir, 'two.json'), JSON.stringify(validApp()));
      writeFileSync(join(dir, 'notes.txt'), 'not an app');

      const error = catalogError(() => loadCatalogApps(dir));

      expect([error.file, error.field]).toEqual(['two.json', 'appId']);
    });
  });
});

describe('parseAppFile', () => {
  test('invalid JSON names the file', () => {
    const error = catalogError(() => parseAppFile('broken.json', '{"appId": '));

    expect([error.file, error.field]).toEqual(['broken.json', '(file)']);
  });

  test('a graph that does not compile names the compiler field', () => {
    const app = validApp();
    app.graph.nodes[0].config.prompt = 'about {{subject}}';

    const error = catalogError(parse(app));

    expect([error.field, error.message]).toEqual([
      'graph.nodes[0].config',
      'tiny.json: graph.nodes[0].config: parameter "subject" is used but not declared',
    ]);
  });

  test.each([
    ['a 601-character summary', (f: Frontmatter) => (f.summary = 's'.repeat(601)), 'frontmatter.summary'],
    [
      '21 keywords',
      (f: Frontmatter) => (f.keywords = Array.from({ length: 21 }, (_, i) => `k${i}`)),
      'frontmatter.keywords',
    ],
    ['an 81-character alias', (f: Frontmatter) => (f.aliases = ['a'.repeat(81)]), 'frontmatter.aliases.0'],
    ['schemaVersion 2', (f: Frontmatter) => (f.schemaVersion = 2), 'frontmatter.schemaVersion'],
    ['a missing field', (f: Frontmatter) => delete f.audiences, 'frontmatter.audiences'],
  ])('frontmatter with %s is rejected', (_, change, field) => {
    const app = validApp();
    change(app.frontmatter as Frontmatter);

    expect(catalogError(parse(app)).field).toBe(field);
  });

  test('frontmatter at its bounds is accepted: 600 characters, 20 items of 80 characters', () => {
    const app = validApp();
    app.frontmatter.summary = 's'.repeat(600);
    app.frontmatter.keywords = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(80, 'k'));

    const parsed = parseAppFile('tiny.json', JSON.stringify(app));

    expect([parsed.frontmatter.summary.length, parsed.frontmatter.keywords.length]).toEqual([600, 20]);
  });

  test('frontmatter tags are trimmed, lower-cased, collapsed and de-duplicated in order', () => {
    const app = validApp();
    app.frontmatter.categories = ['  Social   Media ', 'social media', 'TikTok', '', 'tiktok'];

    expect(parseAppFile('tiny.json', JSON.stringify(app)).frontmatter.categories).toEqual([
      'social media',
      'tiktok',
    ]);
  });
});
