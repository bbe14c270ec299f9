/** Limits of the /v1 contract, named once. */
export const FRONTMATTER_SUMMARY_MAX = 600;
export const FRONTMATTER_ARRAY_MAX_ITEMS = 20;
export const FRONTMATTER_ITEM_MAX_LENGTH = 80;
export const FRONTMATTER_SCHEMA_VERSION = 1;

export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * A text parameter of an app (run inputs), in graphemes: the whole value, and its longest word. Text is laid
 * out on images and video; a 102,400-character word held librsvg for over 16 minutes (issue 12 item 1).
 */
export const TEXT_INPUT_MAX_LENGTH = 5000;
export const TEXT_INPUT_MAX_WORD_LENGTH = 100;
/** An image render (layout and rasterising) that takes longer is stopped: its process is killed. */
export const IMAGE_RENDER_DEADLINE_MS = 60_000;

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Containers nested in a body or a tRPC input; deeper ones are refused (a `spec` 5000 deep overflowed the stack). */
export const JSON_MAX_DEPTH = 32;
/**
 * The HTTP server's patience with a client: all headers within 15 s, the whole request (headers and body)
 * within 30 s. A body shorter than its Content-Length held a connection for 309 s (issue 12 item 14).
 */
export const HTTP_HEADERS_TIMEOUT_MS = 15_000;
export const HTTP_REQUEST_TIMEOUT_MS = 30_000;
export const IMAGE_FETCH_LIMIT_BYTES = 50 * 1024 * 1024;
export const VIDEO_AUDIO_FETCH_LIMIT_BYTES = 500 * 1024 * 1024;

export const WAIT_TIMEOUT_DEFAULT_SECONDS = 60;
export const WAIT_TIMEOUT_MIN_SECONDS = 1;
export const WAIT_TIMEOUT_MAX_SECONDS = 120;

export const STREAM_TIMEOUT_MS = 10 * 60_000;
export const STREAM_PING_MS = 15_000;
/** The `retry:` of the last event a stopping server sends: when EventSource clients reconnect. */
export const STREAM_RECONNECT_MS = 2_000;

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
/** Top patterns GET /v1/intelligence/brand-context includes: a summary, not the whole list. */
export const BRAND_CONTEXT_PATTERNS_DEFAULT = 5;
export const BRAND_CONTEXT_PATTERNS_MAX = 20;
/** An offset past any list there is, still far inside PostgreSQL's bigint. */
export const PAGE_OFFSET_MAX = 1_000_000_000;

export const BRIEFS_DEFAULT = 3;
export const BRIEFS_MAX = 10;
export const DISCOVER_LIMIT_DEFAULT = 5;
export const DISCOVER_LIMIT_MAX = 10;

export const WEBHOOK_TIMEOUT_MS = 15_000;
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * Delays between the attempts of one webhook delivery, Standard Webhooks' schedule: the first attempt is
 * immediate, the last one comes about 18 hours later. WEBHOOK_RETRY_SCHEDULE overrides it.
 */
export const WEBHOOK_RETRY_SCHEDULE_DEFAULT = ['5s', '5m', '30m', '2h', '5h', '10h'];
/** How long the request-time check of a webhook URL waits for DNS. */
export const WEBHOOK_CHECK_TIMEOUT_MS = 5_000;

/** A stopping API answers streams and waits at once, then gives other requests this long to finish. */
export const SHUTDOWN_GRACE_MS = 10_000;
/** How long /readyz waits for each dependency (database, Temporal) before calling it unreachable. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export const COMPOSE_MAX_SCRIPT_SECONDS = 90;
export const COMPOSE_CLIP_SECONDS = { min: 3, max: 10, default: 5 } as const;
export const COMPOSE_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5', '4:3'] as const;

/** How long an Idempotency-Key answers with its first request's answer (issue 25 item 5). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** The longest Idempotency-Key accepted. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a duplicate waits for the first request's answer before it is told to retry. */
export const IDEMPOTENCY_WAIT_MS = 30_000;

/** How long a URL of POST /v1/assets/upload-urls may be used. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Files one POST /v1/assets/upload-urls may ask for. */
export const UPLOAD_FILES_MAX = 10;
