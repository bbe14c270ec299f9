import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { l2Normalise } from '../../../adapters/models/local-embeddings';
import { localModelPath, semanticScorer } from '../../../api/commands/semantic-scorer';
import { LOCAL_EMBEDDINGS_MODEL_DEFAULT, loadConfig } from '../../../core/config';
import { CATALOG } from '../../core/discovery/catalog-candidates';
import { capturingLogger } from '../../support/log-capture';
import { runScript } from '../../support/run-script';
import type { ProbeResult } from '../../support/local-embeddings-probe';

describe('l2Normalise', () => {
  test('gives a unit vector in the same direction, and zeros for zeros', () => {
    const component = fc.integer({ min: -10_000, max: 10_000 }).map((n) => n / 7);
    fc.assert(
      fc.property(fc.array(component, { minLength: 1, maxLength: 384 }), (v) => {
        const out = l2Normalise(v);
        if (v.every((x) => x === 0)) return out.every((x) => x === 0);
        expect(Math.hypot(...out)).toBeCloseTo(1, 9);
        out.forEach((x, i) => expect(Math.sign(x)).toBe(Math.sign(v[i])));
        return true;
      }),
    );
    expect(l2Normalise(new Float32Array(3))).toEqual([0, 0, 0]);
  });
});

describe('EMBEDDINGS_PROVIDER=local configuration', () => {
  test('defaults to local (held-out figures improved with it), and the local model to the file setup converts, taken from the repository root', () => {
    const config = loadConfig({});
    expect(config.EMBEDDINGS_PROVIDER).toBe('local');
    expect(config.LOCAL_EMBEDDINGS_MODEL).toBe(LOCAL_EMBEDDINGS_MODEL_DEFAULT);
    expect(localModelPath(config)).toMatch(/\/\.tools\/models\/all-MiniLM-L6-v2\.f16\.gguf$/);
    expect(localModelPath({ LOCAL_EMBEDDINGS_MODEL: '/abs/model.gguf' })).toBe('/abs/model.gguf');
  });

  test('a missing model file leaves discovery lexical and warns once, however many scorers ask', async () => {
    const { logger, lines } = capturingLogger();
    const config = loadConfig({
      EMBEDDINGS_PROVIDER: 'local',
      LOCAL_EMBEDDINGS_MODEL: '/nonexistent/minilm.gguf',
    });
    const scorers = [semanticScorer(config, logger), semanticScorer(config, logger)];
    for (const score of scorers) await expect(score('a quote card', CATALOG)).resolves.toBeUndefined();
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ modelPath: '/nonexistent/minilm.gguf' });
    expect(String(warnings[0].msg)).toMatch(/model file is missing.*npm run setup/);
  });
});

// node-llama-cpp does not load under Jest (an ES module with top-level await), so the real model runs in
// a tsx child process. `npm run setup` always converts the model; without it this is skipped, saying so.
const modelPresent = existsSync(localModelPath(loadConfig({})));
const withModel = modelPresent ? describe : describe.skip;
if (!modelPresent)
  console.warn(
    `Skipping the local embeddings model test: ${localModelPath(loadConfig({}))} is missing (run \`npm run setup\`).`,
  );

withModel('EMBEDDINGS_PROVIDER=local with the real all-MiniLM-L6-v2 (child process)', () => {
  let probe: ProbeResult;
  beforeAll(async () => {
    probe = await runScript<ProbeResult>('test/support/local-embeddings-probe.ts');
  }, 120_000);

  test('ranks the app a brief describes first, well clear of the rest', () => {
    const top = Object.fromEntries(probe.ranked.map((r) => [r.brief, r.top]));
    expect(top["a quote card of Seneca's line on luck"][0].name).toBe('Quote Card');
    expect(top['turn my podcast episode into a short clip with a waveform and captions'][0].name).toBe(
      'Podcast Audiogram',
    );
    expect(top['put our product photo on a clean studio background'][0].name).toBe(
      'Product Photo on a Styled Background',
    );
    for (const r of probe.ranked) expect(r.top[0].score - r.top[1].score).toBeGreaterThan(0.1);
    // The nearest labelled example requests vote: shares of apps and of "none" that sum to one, and
    // when any of them names an app it is the one the brief names. (A brief that turns the caller's own
    // episode into a clip sits among near misses that edit the caller's media, so "none" may lead there.)
    for (const r of probe.ranked) {
      expect(r.exampleVote.share + r.exampleVote.none).toBeLessThanOrEqual(1.0001);
      if (r.exampleVote.name !== null) expect(r.exampleVote.name).toBe(r.top[0].name);
    }
    expect(probe.ranked[0].exampleVote.name).toBe('Quote Card');
  });

  test('is deterministic, gives unit vectors and logs no warning', () => {
    expect(probe.sameTwice).toBe(true);
    expect(probe.vectorNorm).toBeCloseTo(1, 5);
    expect(probe.longTextNorm).toBeCloseTo(1, 5);
    expect(probe.emptyText).toEqual({ length: 384, norm: 0 });
    expect(probe.warnings).toEqual([]);
  });
});
