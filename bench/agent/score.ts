import type { AppDefinition } from '../../core/app/app-definition';
import { requiredKeys, type BenchBrief } from './brief-set';
import { containsWords, matchesInput } from './matchers';
import type { CreateAnswer, DiscoverAnswer } from './service';

export type Group = 'dev' | 'heldout' | 'legacy' | 'probe';

/** One judged input: the parameter's type (text, options, url) and catalog role, and the verdict. */
export interface FieldResult {
  key: string;
  type: string;
  role: string;
  required: boolean;
  right: boolean;
  drafted: unknown;
  /** The brief says which words this field must not take (a clause about the sender, a label), and it took one; null when it says none. */
  fromSender: boolean | null;
}

export interface BriefResult {
  id: string;
  group: Group;
  style: string;
  tags: string[];
  brief: string;
  expectedAppId: string | null;
  create: CreateAnswer;
  /** Headless create did what it should: the expected app ran, or unmatched where that is right. */
  createRight: boolean;
  /** Fit briefs only (null on no-fit): the expected app is discovery's first / among its first three. */
  discoverTop1: boolean | null;
  discoverTop3: boolean | null;
  discoverFirst: string | null;
  /** Judged when create ran the expected app; null otherwise. */
  fields: FieldResult[] | null;
  requiredRight: boolean | null;
  /** Right app (or right abstention) and every expected input right. */
  endToEnd: boolean;
  /** The second identical request got the same status, app, drafted inputs and unmet asks. */
  stable: boolean;
}

/**
 * Judges one brief from two create answers and one discovery answer.
 * 1. create is right when the expected app ran; for a no-fit brief, when it answered unmatched; for a
 *    brief whose app cannot run without the missing media (acceptUnmatched), unmatched is right too.
 * 2. When the expected app ran, each expected input is judged against the value the run gets: the
 *    drafted value, else the stub's resolved value, else the parameter's default.
 */
export function judgeBrief(
  brief: BenchBrief,
  group: Group,
  apps: Map<string, AppDefinition>,
  answers: { first: CreateAnswer; second: CreateAnswer; discover: DiscoverAnswer },
): BriefResult {
  const { first, second, discover } = answers;
  const expected = brief.expected.appId;
  const ranExpected = first.status === 'ran' && expected !== null && first.appId === expected;
  const rightAbstention =
    first.status === 'unmatched' && (expected === null || brief.expected.acceptUnmatched === true);
  const fields = ranExpected ? judgeFields(brief, apps.get(expected)!, first) : null;
  const app = expected ? apps.get(expected) : undefined;
  const required = app ? requiredKeys(app) : [];
  const requiredRight = fields ? fields.filter((f) => required.includes(f.key)).every((f) => f.right) : null;
  return {
    id: brief.id,
    group,
    style: brief.style,
    tags: brief.tags ?? [],
    brief: brief.brief,
    expectedAppId: expected,
    create: first,
    createRight: ranExpected || rightAbstention,
    discoverTop1: expected === null ? null : discover.ranked[0] === expected,
    discoverTop3: expected === null ? null : discover.ranked.slice(0, 3).includes(expected),
    discoverFirst: discover.ranked[0] ?? null,
    fields,
    requiredRight,
    endToEnd: rightAbstention || (fields !== null && fields.every((f) => f.right)),
    stable: signature(first) === signature(second),
  };
}

function judgeFields(brief: BenchBrief, app: AppDefinition, answer: CreateAnswer): FieldResult[] {
  const required = requiredKeys(app);
  return Object.entries(brief.expected.inputs ?? {}).map(([key, matcher]) => {
    const param = app.parameters.find((p) => p.key === key)!;
    const drafted = answer.drafted[key] ?? answer.drafted[param.name];
    const value = drafted ?? answer.validated[key] ?? param.default;
    const unmet = answer.unmet.includes(key) || answer.unmet.includes(param.name);
    return {
      key,
      type: param.type,
      role: param.role ?? 'other',
      required: required.includes(key),
      right: matchesInput(matcher, { value, unmet }),
      drafted: value,
      fromSender:
        'excludes' in matcher && matcher.excludes
          ? matcher.excludes.some((x) => containsWords(String(value ?? ''), x))
          : null,
    };
  });
}

const signature = (a: CreateAnswer) =>
  JSON.stringify([a.status, a.appId, sortKeys(a.drafted), [...new Set(a.unmet)].sort(), a.errorCode]);

const sortKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
