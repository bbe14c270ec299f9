import type { Kysely } from 'kysely';
import { newId } from '../../../core/ids';
import type { Database, RunStatus } from '../../../adapters/db/schema';

export const SOCIAL_POST_IMAGE = '222e3b34-9f50-4c7b-bc8f-3007c30bec7a';
export const VERTICAL_VIDEO_AD = '9e5f9264-3c79-43c6-b368-57181201d05d';
export const QUOTE_CARD = 'd89aacb5-080e-48ca-b4bd-a7521f422a9a';

const OUTPUTS: Record<string, string[]> = {
  [SOCIAL_POST_IMAGE]: ['image', 'text'],
  [VERTICAL_VIDEO_AD]: ['video'],
  [QUOTE_CARD]: ['image'],
};
const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A run row as the service would have stored it, `days` days ago, with quality attempts on one node when asked. */
export async function seedRun(
  db: Kysely<Database>,
  workspaceId: string,
  run: {
    appId?: string;
    days: number;
    inputs: Record<string, unknown>;
    status?: RunStatus;
    error?: string;
    attempts?: number;
  },
): Promise<string> {
  const id = newId();
  const appId = run.appId ?? SOCIAL_POST_IMAGE;
  const outputs = (OUTPUTS[appId] ?? ['image']).map((type, index) => ({
    index,
    nodeId: `out_${index}`,
    label: type,
    type,
  }));
  await db
    .insertInto('runs')
    .values({
      id,
      workspace_id: workspaceId,
      app_id: appId,
      user_id: null,
      status: run.status ?? 'completed',
      source: 'api',
      inputs: JSON.stringify(run.inputs),
      plan: JSON.stringify({ nodes: [], outputs }),
      execute: JSON.stringify([]),
      revision: 1,
      error_message: run.error ?? null,
      webhook_url: null,
      cost_credits: 0,
      created_at: daysAgo(run.days),
      updated_at: daysAgo(run.days),
    })
    .execute();
  if (run.attempts)
    await db
      .insertInto('run_nodes')
      .values({
        run_id: id,
        node_id: 'image',
        revision: 1,
        status: 'completed',
        attempts: run.attempts,
        error: null,
        output: null,
        started_at: null,
        completed_at: null,
        updated_at: new Date(),
      })
      .execute();
  return id;
}

export async function seedPublication(
  db: Kysely<Database>,
  workspaceId: string,
  p: { platform: string; days: number; caption?: string; video?: boolean; status?: 'published' | 'failed' },
): Promise<void> {
  await db
    .insertInto('publications')
    .values({
      id: newId(),
      workspace_id: workspaceId,
      channel_id: null,
      account_id: 'acct',
      platform: p.platform,
      status: p.status ?? 'published',
      post_id: 'post',
      post_url: null,
      image_url: p.video ? null : 'https://cdn.example/i.png',
      video_url: p.video ? 'https://cdn.example/v.mp4' : null,
      caption: p.caption ?? null,
      error_code: null,
      error_message: null,
      created_at: daysAgo(p.days),
    })
    .execute();
}

export async function seedSignal(
  db: Kysely<Database>,
  workspaceId: string | null,
  s: {
    signal: string;
    category: string;
    platform: string;
    growth: string;
    confidence: string;
    days?: number;
  },
): Promise<void> {
  await db
    .insertInto('trend_signals')
    .values({
      id: newId(),
      workspace_id: workspaceId,
      signal: s.signal,
      category: s.category,
      platform: s.platform,
      growth: s.growth,
      confidence: s.confidence,
      observed_at: daysAgo(s.days ?? 1),
    })
    .execute();
}
