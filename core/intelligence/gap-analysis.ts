import { lexicon } from '../language/lexicon';
import { stem } from '../language/normalize';
import type { ActivityEvent } from './activity';
import { keywords, phraseKeys } from './keywords';
import { DAY_MS } from './limits';
import { recommendation, type Recommendation } from './recommendation';

export interface ObjectiveInfo {
  id: string;
  brandProfileId: string;
  type: string;
  statement: string;
  priority: number;
  scopeKey: string;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
}

export interface ModalityHistory {
  modality: string;
  /** The workspace's last run producing it, any time. */
  lastRunAt: Date | null;
  /** Content patterns of the modality, and the newest one's time. */
  patterns: number;
  lastPatternAt: Date | null;
}

export interface GapInput {
  workspaceId: string;
  now: Date;
  windowDays: number;
  /** Runs and publications; only those in the window count. */
  events: ActivityEvent[];
  objectives: ObjectiveInfo[];
  channels: { id: string; platform: string; createdAt: Date }[];
  /** The last published post per platform, any time. */
  lastPublishedAt: Record<string, Date>;
  modalities: ModalityHistory[];
}

/** Words that say how much or which metric, never what about: "double signups" has no subject. */
const METRIC_WORDS = new Set(lexicon.topicSignals.metric_words.words.map(stem));
/** A scope key "campaign:<id>" ties an objective to a campaign; no other record names campaigns yet. */
const CAMPAIGN_SCOPE = /^campaign:(.+)$/;

const latest = (...dates: (Date | null | undefined)[]): Date =>
  new Date(Math.max(...dates.filter((d): d is Date => !!d).map((d) => d.getTime())));

/**
 * What the brand wants, or has set up, that the window shows no work for.
 * 1. Objectives in force (started, not ended): the subject words of the statement (metric words dropped)
 *    against the words of the window's runs and publications; none of them present is a gap. A statement
 *    with no subject ("Increase engagement") is a gap only when nothing at all was made. Priority is the
 *    objective's; evidence time its creation.
 * 2. Connected channel platforms without a published post in the window: priority 2; evidence time the
 *    later of the channel's connection and its last post.
 * 3. Modalities that content patterns show performing (priority 2) or that the workspace made before
 *    (priority 3), with no run in the window; evidence time the newest pattern or run.
 */
export function gapAnalysis(input: GapInput): Recommendation[] {
  const since = input.now.getTime() - input.windowDays * DAY_MS;
  const recent = input.events.filter((e) => e.at.getTime() >= since && e.at.getTime() <= input.now.getTime());
  const made = new Set(recent.flatMap((e) => e.features.flatMap((f) => phraseKeys(f.label))));
  const days = `the last ${input.windowDays} days`;
  const out: Recommendation[] = [];

  for (const o of input.objectives) {
    if ((o.startsAt && o.startsAt > input.now) || (o.endsAt && o.endsAt < input.now)) continue;
    const subject = keywords(o.statement).filter((k) => !METRIC_WORDS.has(k.key));
    const served = subject.length > 0 ? subject.some((k) => made.has(k.key)) : recent.length > 0;
    if (served) continue;
    const campaign = CAMPAIGN_SCOPE.exec(o.scopeKey)?.[1];
    out.push(
      recommendation(input.workspaceId, 'gap_analysis', `objective|${o.id}`, {
        priority: o.priority,
        title: `No content for the objective "${o.statement}"`,
        summary:
          subject.length > 0
            ? `Nothing made or published in ${days} mentions ${subject.map((k) => `"${k.word}"`).join(', ')}; plan content that serves this ${o.type} objective.`
            : `Nothing was made or published in ${days}; plan content that serves this ${o.type} objective.`,
        data: {
          gap: 'objective',
          objectiveId: o.id,
          brandProfileId: o.brandProfileId,
          objectiveType: o.type,
          statement: o.statement,
          subjectTerms: subject.map((k) => k.word),
          ...(campaign ? { campaignId: campaign } : {}),
        },
        createdAt: o.createdAt,
      }),
    );
  }

  const published = new Set(recent.filter((e) => e.source === 'publication').map((e) => e.platform));
  const platforms = [...new Set(input.channels.map((c) => c.platform))].sort();
  for (const platform of platforms.filter((p) => !published.has(p))) {
    const channels = input.channels.filter((c) => c.platform === platform);
    const last = input.lastPublishedAt[platform] ?? null;
    out.push(
      recommendation(input.workspaceId, 'gap_analysis', `platform|${platform}`, {
        priority: 2,
        title: `Nothing published on ${platform} in ${days}`,
        summary: `You have ${channels.length} connected ${platform} account${channels.length === 1 ? '' : 's'} and ${last ? `the last post went out ${last.toISOString().slice(0, 10)}` : 'no post has ever gone out'}.`,
        data: {
          gap: 'platform',
          platform,
          channelIds: channels.map((c) => c.id),
          lastPublishedAt: last?.toISOString() ?? null,
        },
        createdAt: latest(last, ...channels.map((c) => c.createdAt)),
      }),
    );
  }

  const producedNow = new Set(
    recent
      .filter((e) => e.source === 'run')
      .flatMap((e) => e.features.filter((f) => f.category === 'format').map((f) => f.key)),
  );
  for (const m of [...input.modalities].sort((a, b) => a.modality.localeCompare(b.modality))) {
    if (producedNow.has(m.modality) || (m.patterns === 0 && !m.lastRunAt)) continue;
    out.push(
      recommendation(input.workspaceId, 'gap_analysis', `modality|${m.modality}`, {
        priority: m.patterns > 0 ? 2 : 3,
        title: `No ${m.modality} content in ${days}`,
        summary: `${m.patterns > 0 ? `${m.patterns} of your content patterns ${m.patterns === 1 ? 'shows' : 'show'} ${m.modality} performing` : `You made ${m.modality} before`}, ${m.lastRunAt ? `but the last ${m.modality} run was ${m.lastRunAt.toISOString().slice(0, 10)}` : `but you have never made ${m.modality} here`}.`,
        data: {
          gap: 'modality',
          modality: m.modality,
          patterns: m.patterns,
          lastRunAt: m.lastRunAt?.toISOString() ?? null,
        },
        createdAt: latest(m.lastRunAt, m.lastPatternAt),
      }),
    );
  }
  return out;
}
