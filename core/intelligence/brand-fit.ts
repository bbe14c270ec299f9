import type { BrandContext, TopPattern } from '../brand/brand-context';
import { factor, type Factor } from './factor';
import { phraseMatch } from './phrase-match';

/** A pattern's score on 0..1: stored scores may be fractions (0.9) or points (90). */
export const normalizedScore = (score: number): number =>
  Math.min(1, Math.max(0, score > 1 ? score / 100 : score));

/** Score given to winning patterns named in the brand DNA or guidance, which carry none. */
const UNSCORED_WINNING = 0.6;
const CAPS = { winning: 14, weak: -12, guardrail: -20 } as const;
const EACH = { weak: -6, guardrail: -10 } as const;
const SHOWN = 3;

interface Scored {
  phrase: string;
  score: number;
}

/** DNA lists hold strings or small objects ({pattern|title|name|description: string}). */
function phrasesOf(values: unknown[]): string[] {
  return values
    .map((v) =>
      typeof v === 'string'
        ? v
        : v && typeof v === 'object'
          ? (['pattern', 'title', 'name', 'description'] as const)
              .map((k) => (v as Record<string, unknown>)[k])
              .find((x) => typeof x === 'string')
          : undefined,
    )
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** Winning phrases with their best score, strongest first. */
function winningPhrases(brand: BrandContext | null, patterns: TopPattern[]): Scored[] {
  const best = new Map<string, Scored>();
  const add = (phrase: string, score: number) => {
    const held = best.get(phrase.toLowerCase());
    if (!held || score > held.score) best.set(phrase.toLowerCase(), { phrase, score });
  };
  for (const p of patterns) for (const w of p.winningPatterns) add(w, normalizedScore(p.performanceScore));
  for (const w of [
    ...phrasesOf(brand?.dna?.performanceProfile.topPatterns ?? []),
    ...(brand?.guidance?.winningPatterns ?? []),
  ])
    add(w, UNSCORED_WINNING);
  return [...best.values()].sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));
}

/**
 * How a concept sits with what the brand knows about itself.
 * 1. pattern_history: the average score of the workspace's content patterns for this platform and modality,
 *    against the midpoint (0.5) -> up to ±6; a better-scoring modality on the platform is suggested.
 * 2. brand_patterns: winning patterns (content patterns, DNA top patterns, guidance) the concept contains,
 *    each 4 + 6 × score, at most +14; none matched while some exist -> suggest the strongest.
 * 3. weak_patterns: DNA and guidance weak patterns it echoes, -6 each, at most -12.
 * 4. guardrails: DNA guardrails, tone to avoid, negative prompts and "avoid" voice directives it touches,
 *    -10 each, at most -20.
 */
export function brandFit(
  keys: Set<string>,
  platform: string,
  modality: string,
  brand: BrandContext | null,
  patterns: TopPattern[],
): Factor[] {
  const factors: Factor[] = [];
  const history = patternHistory(platform, modality, patterns);
  if (history) factors.push(history);

  const winning = winningPhrases(brand, patterns);
  const won = winning.filter((w) => phraseMatch(keys, w.phrase)).slice(0, SHOWN);
  let total = 0;
  for (const w of won) {
    const points = Math.min(Math.round(4 + 6 * w.score), CAPS.winning - total);
    if (points <= 0) break;
    total += points;
    factors.push(
      factor(
        'brand_patterns',
        points,
        `matches your winning pattern "${w.phrase}" (scored ${Math.round(w.score * 100)}/100)`,
      ),
    );
  }
  if (won.length === 0 && winning.length > 0)
    factors.push(
      factor('brand_patterns', 0, null, `work in your strongest winning pattern, "${winning[0].phrase}"`),
    );

  const weak = [
    ...phrasesOf(brand?.dna?.performanceProfile.weakPatterns ?? []),
    ...(brand?.guidance?.weakPatterns ?? []),
  ];
  factors.push(
    ...penalties('weak_patterns', keys, weak, EACH.weak, CAPS.weak, (p) => [
      `echoes the weak pattern "${p}"`,
      `drop "${p}"; it has underperformed for the brand`,
    ]),
  );
  const guardrails = [
    ...(brand?.dna?.guardrails ?? []),
    ...(brand?.dna?.toneSpectrum.avoid ?? []),
    ...(brand?.guidance?.negativePrompts ?? []),
    ...(brand?.strategy?.voiceDirectives.filter((d) => d.kind === 'avoid').map((d) => d.text) ?? []),
  ];
  factors.push(
    ...penalties('guardrails', keys, guardrails, EACH.guardrail, CAPS.guardrail, (p) => [
      `touches the brand guardrail "${p}"`,
      `rework it to respect "${p}"`,
    ]),
  );
  return factors;
}

function penalties(
  feature: string,
  keys: Set<string>,
  phrases: string[],
  each: number,
  cap: number,
  say: (p: string) => [string, string],
): Factor[] {
  const out: Factor[] = [];
  let total = 0;
  for (const phrase of [...new Set(phrases)]) {
    if (total <= cap || !phraseMatch(keys, phrase)) continue;
    const points = Math.max(each, cap - total);
    total += points;
    const [note, suggestion] = say(phrase);
    out.push(factor(feature, points, note, suggestion));
  }
  return out;
}

function patternHistory(platform: string, modality: string, patterns: TopPattern[]): Factor | null {
  const onPlatform = patterns.filter((p) => p.platform?.toLowerCase() === platform && p.modality);
  const average = (m: string) => {
    const scores = onPlatform
      .filter((p) => p.modality!.toLowerCase() === m)
      .map((p) => normalizedScore(p.performanceScore));
    return scores.length
      ? { avg: scores.reduce((a, b) => a + b, 0) / scores.length, n: scores.length }
      : null;
  };
  const own = average(modality);
  if (!own) return null;
  const points = Math.round((own.avg - 0.5) * 12);
  const better = [...new Set(onPlatform.map((p) => p.modality!.toLowerCase()))]
    .map((m) => ({ m, a: average(m)! }))
    .filter((x) => x.m !== modality && x.a.avg > own.avg)
    .sort((a, b) => b.a.avg - a.a.avg)[0];
  const note = `your ${platform} ${modality} content averages ${Math.round(own.avg * 100)}/100 over ${own.n} pattern${own.n === 1 ? '' : 's'}`;
  return factor(
    'pattern_history',
    points,
    points !== 0 ? note : null,
    better ? `${better.m} averages ${Math.round(better.a.avg * 100)}/100 on ${platform} for you` : null,
  );
}
