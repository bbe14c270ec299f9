import { z } from 'zod';
import { WEBHOOK_RETRY_SCHEDULE_DEFAULT } from './limits';
import { IMAGE_PROVIDERS, SPEECH_PROVIDERS, TEXT_PROVIDERS, VIDEO_PROVIDERS } from './model-providers';

/**
 * Where `npm run setup` puts all-MiniLM-L6-v2 as GGUF (scripts/models/minilm-to-gguf.py); a relative
 * LOCAL_EMBEDDINGS_MODEL is taken from the repository root.
 */
export const LOCAL_EMBEDDINGS_MODEL_DEFAULT = '.tools/models/all-MiniLM-L6-v2.f16.gguf';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
/** Comma-separated durations in Temporal's format (`250ms`, `5s`, `5m`, `2h`); unset or empty: `fallback`. */
const durations = (fallback: string[]) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v?.trim() ? v : fallback.join(','))
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^\d+(ms|s|m|h)$/, 'durations such as 5s, 5m or 2h, separated by commas'))
        .min(1)
        .max(20),
    );

/**
 * Every environment variable Atelier reads, in one schema. Read once at an entry point with loadConfig();
 * nothing else reads process.env. The README's configuration table mirrors this list.
 */
export const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalString,
  ATELIER_DATA_DIR: z.string().default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,

  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  /** TLS to the Temporal frontend (the system's CAs); implied by TEMPORAL_API_KEY. */
  TEMPORAL_TLS: flag,
  /** An API key sent to Temporal (Temporal Cloud's API keys); TLS is used with it. */
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_CLI_PATH: optionalString,
  /** The embedded dev server's port: 7233 when unset, or a free one (said at start) when 7233 is taken. */
  TEMPORAL_PORT: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  /** Its Web UI's port: TEMPORAL_PORT + 1000 when that is set, else 8233, or a free one when taken. */
  TEMPORAL_UI_PORT: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  TEMPORAL_UI_URL: optionalString,
  TASK_QUEUE: z.string().default('atelier'),
  MEDIA_TASK_QUEUE: z.string().default('atelier-media'),
  /**
   * Which queues a worker process (worker/main.ts) polls: `main` (workflows and provider calls on
   * TASK_QUEUE), `media` (sharp/ffmpeg on MEDIA_TASK_QUEUE), or both, comma-separated: one Deployment
   * per queue scales each on its own backlog (deploy/kubernetes).
   */
  WORKER_QUEUES: z
    .string()
    .optional()
    .transform((v) => [...new Set((v?.trim() ? v : 'main,media').split(',').map((s) => s.trim()))])
    .pipe(z.array(z.enum(['main', 'media'])).min(1)),
  /**
   * How long a stopping worker process lets running activities finish before cancelling them (they are
   * retried on another worker); its pod's terminationGracePeriodSeconds must be longer.
   */
  WORKER_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * sharp/ffmpeg jobs a media worker runs at once; the number of cores when unset, which in a container is
   * the node's, not the pod's CPU share.
   */
  MEDIA_CONCURRENCY: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(256).optional(),
  ),

  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  /** A valid key's lookup is reused this long; a revoked key stops working within it. */
  API_KEY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  TRUST_PROXY: flag,

  /** Serves /metrics on a listener of its own on this port (HOST) instead of the API port; the worker's. */
  METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** The worker process serves /healthz and /readyz on a listener of its own on this port (HOST). */
  HEALTH_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  /** When set, /metrics asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: optionalString,
  /**
   * Where the Temporal worker runtime serves its own Prometheus metrics, which /metrics appends: `auto`
   * (a free loopback port), `off`, or an IP and port such as 127.0.0.1:9464.
   */
  TEMPORAL_METRICS_ADDRESS: z
    .string()
    .trim()
    .regex(
      /^(auto|off|\d{1,3}(\.\d{1,3}){3}:\d{1,5}|\[[0-9a-fA-F:]+\]:\d{1,5})$/,
      'auto, off, or an IP address and port such as 127.0.0.1:9464',
    )
    .default('auto'),

  STORAGE_DRIVER: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('atelier'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_BASE_URL: optionalString,
  S3_FORCE_PATH_STYLE: flag,

  SAFE_FETCH_ALLOW_HOSTS: list,

  TEXT_PROVIDER: z.enum(TEXT_PROVIDERS).default('local'),
  IMAGE_PROVIDER: z.enum(IMAGE_PROVIDERS).default('local'),
  VIDEO_PROVIDER: z.enum(VIDEO_PROVIDERS).default('local'),
  SPEECH_PROVIDER: z.enum(SPEECH_PROVIDERS).default('local'),
  /** The local voice: `auto` speaks with Piper when setup installed it (else espeak-ng); `espeak` always espeak-ng. */
  LOCAL_VOICE: z.enum(['auto', 'espeak']).default('auto'),
  EMBEDDINGS_PROVIDER: z.enum(['none', 'openai', 'local']).default('local'),
  /** The GGUF embedding model EMBEDDINGS_PROVIDER=local runs in-process; `npm run setup` converts it. */
  LOCAL_EMBEDDINGS_MODEL: z.string().default(LOCAL_EMBEDDINGS_MODEL_DEFAULT),
  OPENAI_BASE_URL: z.string().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: optionalString,
  OPENAI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * How content/create asks the chat model to call a function: `required` (OpenAI, vLLM, Ollama) or `auto`
   * for servers that refuse or ignore `required` (llama-cpp-python: its chatml-function-calling format).
   */
  OPENAI_TOOL_CHOICE: z.enum(['required', 'auto']).default('required'),
  /**
   * How long content/create's router and the refinement reader wait for the chat model before the rules
   * decide (15 s and 20 s when unset); a slow self-hosted server needs more.
   */
  CHAT_MODEL_TIMEOUT_SECONDS: optionalString.pipe(
    z.coerce.number<string | undefined>().min(1).max(600).optional(),
  ),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  OPENAI_SPEECH_MODEL: z.string().default('gpt-4o-mini-tts'),
  OPENAI_EMBEDDING_MODEL: z.string().default('text-embedding-3-small'),
  REPLICATE_BASE_URL: z.string().default('https://api.replicate.com/v1'),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_IMAGE_MODEL: z.string().default('black-forest-labs/flux-schnell'),
  REPLICATE_VIDEO_MODEL: z.string().default('minimax/video-01'),
  /** The input a Replicate video model takes its first frame under. */
  REPLICATE_VIDEO_IMAGE_INPUT: z.string().default('first_frame_image'),
  FAL_BASE_URL: z.string().default('https://queue.fal.run'),
  FAL_KEY: optionalString,
  FAL_IMAGE_MODEL: z.string().default('fal-ai/flux/schnell'),
  FAL_VIDEO_MODEL: z.string().default('fal-ai/kling-video/v2.1/standard/text-to-video'),
  FAL_IMAGE_TO_VIDEO_MODEL: z.string().default('fal-ai/kling-video/v2.1/standard/image-to-video'),
  FAL_SPEECH_MODEL: z.string().default('fal-ai/kokoro/american-english'),
  COMFYUI_BASE_URL: optionalString,
  COMFYUI_TOKEN: optionalString,
  /** Folder of API-format ComfyUI workflows; a node's `model` names one of its files. */
  COMFYUI_WORKFLOWS_DIR: optionalString,
  COMFYUI_IMAGE_WORKFLOW: z.string().default('image-sdxl'),
  COMFYUI_IMAGE_TO_IMAGE_WORKFLOW: z.string().default('image-to-image-sdxl'),
  COMFYUI_VIDEO_WORKFLOW: z.string().default('text-to-video-wan'),
  COMFYUI_IMAGE_TO_VIDEO_WORKFLOW: z.string().default('image-to-video-wan'),
  /** How long a remote generation may take before it is cancelled (minutes). */
  GENERATION_TIMEOUT_MINUTES: z.coerce.number().min(1).max(120).default(20),

  CHANNEL_TOKEN_KEY: optionalString,
  FACEBOOK_GRAPH_URL: z.string().default('https://graph.facebook.com/v21.0'),
  LINKEDIN_API_URL: z.string().default('https://api.linkedin.com'),
  X_API_URL: z.string().default('https://api.x.com'),

  /** Where operators manage credits; self-hosted credits are granted with the CLI. */
  CREDITS_MANAGE_URL: optionalString,
  DEMO_WORKSPACE: z.string().default('demo'),
  DEMO_CREDITS: z.coerce.number().min(0).default(1000),
  NODE_COSTS: optionalString,
  APPROVAL_TIMEOUT: z.string().default('24h'),
  /**
   * How long an Idempotency-Key's first request may go without an answer before a retry takes it over
   * (the API that took it died between admission and answer).
   */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Delays between the attempts of a webhook delivery; the first attempt is immediate. */
  WEBHOOK_RETRY_SCHEDULE: durations(WEBHOOK_RETRY_SCHEDULE_DEFAULT),

  /** The key `npm run mcp` (stdio) acts with; default: the demo key kept in the data folder. */
  ATELIER_API_KEY: optionalString,
  /** The Atelier `npm run mcp` relays to when it has no database of its own; default: the running one. */
  ATELIER_URL: optionalString,
  /** The tools `npm run mcp` offers: `full` (every tool) or `core` (the few outcome-level ones; docs/agents.md). */
  MCP_PROFILE: z.enum(['core', 'full']).default('full'),
});
export type Config = z.infer<typeof Config>;

export class ConfigError extends Error {}

/** Parses the environment; a bad variable throws a ConfigError that names it and says what is expected. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Config.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(
      `Invalid configuration:\n${lines.join('\n')}\nSee the configuration table in README.md.`,
    );
  }
  return parsed.data;
}

export function publicUrl(config: Config): string {
  return (
    config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`
  ).replace(/\/$/, '');
}
