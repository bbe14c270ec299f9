import type { DiscoveryMatch } from '../discovery/match';

/** An app offered when the engine is not sure enough to run one: the caller or a person picks. */
export interface ContentCandidate {
  appId: string;
  name: string;
  relevanceScore: number;
  whyMatch: string;
  /** What a run of the app makes, in the app's own description. */
  makes: string;
}

/** At most this many candidates: enough to hold the right app nearly always, few enough to choose from. */
export const MAX_CANDIDATES = 3;

/** The closest matches as candidates, best first. */
export function candidatesOf(matches: DiscoveryMatch[]): ContentCandidate[] {
  return matches.slice(0, MAX_CANDIDATES).map((m) => ({
    appId: m.appId,
    name: m.name,
    relevanceScore: m.relevanceScore,
    whyMatch: m.whyMatch,
    makes: m.description ?? m.name,
  }));
}

/** One question that tells the candidates apart by what each makes. */
export function clarifyingQuestion(candidates: ContentCandidate[]): string {
  if (candidates.length === 0) return 'What would you like to create, and for which platform?';
  if (candidates.length === 1)
    return `Should I make this: ${describe(candidates[0])}? If not, what would you like to create?`;
  const options = candidates.map(describe);
  return `Which of these should I make: ${options.slice(0, -1).join('; ')}; or ${options[options.length - 1]}?`;
}

const describe = (c: ContentCandidate) => `${c.name} (${lowerFirst(c.makes.replace(/\.$/, ''))})`;
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
