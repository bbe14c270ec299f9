import { samplePng, startMediaServer, type MediaServer } from '../../scripts/dev-stack/media-server';
import { startApiStack, type ApiStack } from '../../scripts/dev-stack/stack';
import type { BenchBrief } from './brief-set';
import { serveSandbox } from '../../scripts/dev-stack/sandbox-client';

/** What `POST /v1/content/create` (headless, sandbox) answered, reduced to what is scored. */
export interface CreateAnswer {
  httpStatus: number;
  /** ran, needs_input, unmatched, or error (a non-2xx answer; `errorCode` says which). */
  status: string;
  appId: string | null;
  drafted: Record<string, unknown>;
  /** Keys (or names) of the unmet asks. */
  unmet: string[];
  /** The sandbox stub's inputs as resolved, defaults applied, when the run carries them. */
  validated: Record<string, unknown>;
  errorCode: string | null;
  /** unmatched: no_fit, unsure or cannot_run. */
  cause: string | null;
  /** Apps offered instead of a run (unmatched's candidates, or the app that cannot run). */
  offered: string[];
  /** The router's confidence in its first app, when it judged one. */
  confidence: number | null;
}

/** What `POST /v1/apps/discover` answered: app ids, best first. */
export interface DiscoverAnswer {
  httpStatus: number;
  ranked: string[];
}

export interface BenchService {
  mediaBase: string;
  create(brief: BenchBrief): Promise<CreateAnswer>;
  discover(brief: BenchBrief): Promise<DiscoverAnswer>;
  close(): Promise<void>;
}

/** A Temporal address nothing listens on: sandbox requests never start a workflow. */
const NO_TEMPORAL = '127.0.0.1:1';

/**
 * The service as an agent meets it, in one process: the real API (routes, validation, catalog in
 * the database, media checks) over PGlite, listening on 127.0.0.1, called over HTTP with an API key
 * in sandbox mode (X-Atelier-Test: true), so nothing runs, no model is called and no credit is spent.
 * Beside it, a media server for the briefs' photo URLs: image paths (.png, .jpg, .webp) answer a PNG, `.html` paths a web
 * page, anything else (e.g. `/missing/...`) 404.
 */
export async function startBenchService(
  mediaPaths: string[],
  config: Record<string, string> = {},
): Promise<BenchService> {
  const media = await serveMedia(mediaPaths);
  let stack: ApiStack | null = null;
  try {
    stack = await startApiStack({ temporalAddress: NO_TEMPORAL, database: 'pglite', config });
    const client = await serveSandbox(stack);
    const post = client.post;
    const opened = stack;
    return {
      mediaBase: media.url(''),
      async create(brief) {
        const { status, json } = await post('/v1/content/create', {
          brief: brief.brief,
          headless: true,
          ...(brief.platform ? { platform: brief.platform } : {}),
          ...(brief.modality ? { modality: brief.modality } : {}),
          ...(brief.aspectRatio ? { aspectRatio: brief.aspectRatio } : {}),
        });
        return readCreate(status, json);
      },
      async discover(brief) {
        const { status, json } = await post('/v1/apps/discover', { intent: brief.brief, limit: 3 });
        const matches = ((json.data as { matches?: { appId: string }[] } | undefined)?.matches ?? []).map(
          (m) => m.appId,
        );
        return { httpStatus: status, ranked: matches };
      },
      async close() {
        await client.close();
        await opened.close();
        await media.close();
      },
    };
  } catch (error) {
    await stack?.close();
    await media.close();
    throw error;
  }
}

function readCreate(httpStatus: number, json: Record<string, unknown>): CreateAnswer {
  const data = (json.data ?? {}) as {
    status?: string;
    selectedApp?: { appId?: string };
    draftedInputs?: Record<string, unknown>;
    unmetAsks?: { key?: string; name?: string }[];
    run?: { validatedInputs?: Record<string, unknown> };
    cause?: string;
    candidates?: { appId: string }[];
    confidence?: { value: number } | null;
  };
  // The error envelope: { error: message, code, details: [{ param, code, message }] }.
  const details = json.details as { code?: string }[] | undefined;
  if (httpStatus >= 300 || !data.status)
    return {
      httpStatus,
      status: 'error',
      appId: null,
      drafted: {},
      unmet: [],
      validated: {},
      errorCode: [json.code, details?.[0]?.code].filter(Boolean).join('/') || String(httpStatus),
      cause: null,
      offered: [],
      confidence: null,
    };
  return {
    httpStatus,
    status: data.status,
    appId: data.status === 'unmatched' ? null : (data.selectedApp?.appId ?? null),
    drafted: data.draftedInputs ?? {},
    unmet: (data.unmetAsks ?? []).flatMap((a) => [a.key, a.name].filter((x): x is string => !!x)),
    validated: data.run?.validatedInputs ?? {},
    errorCode: null,
    cause: data.cause ?? null,
    offered: [
      ...(data.candidates ?? []).map((c) => c.appId),
      ...(data.status === 'unmatched' && data.selectedApp?.appId ? [data.selectedApp.appId] : []),
    ],
    confidence: data.confidence?.value ?? null,
  };
}

async function serveMedia(paths: string[]): Promise<MediaServer> {
  const png = await samplePng(800, 800);
  const page = '<!doctype html><title>Gallery</title><p>Not an image.</p>';
  const routes: Record<string, { type: string; body: Buffer | string }> = {};
  for (const path of paths) {
    if (path.startsWith('/missing/')) continue;
    if (/\.(?:png|jpe?g|webp)$/i.test(path)) routes[path] = { type: 'image/png', body: png };
    else if (path.endsWith('.html')) routes[path] = { type: 'text/html', body: page };
  }
  return startMediaServer(routes);
}
