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
export const IMAGE_FETCH_LIMIT_BYTES = 50 * 1024 * 1024;
export const VIDEO_AUDIO_FETCH_LIMIT_BYTES = 500 * 1024 * 1024;

export const WAIT_TIMEOUT_DEFAULT_SECONDS = 60;
export const WAIT_TIMEOUT_MIN_SECONDS = 1;
export const WAIT_TIMEOUT_MAX_SECONDS = 120;

export const STREAM_TIMEOUT_MS = 10 * 60_000;
export const STREAM_PING_MS = 15_000;

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;

export const BRIEFS_DEFAULT = 3;
export const BRIEFS_MAX = 10;
export const DISCOVER_LIMIT_DEFAULT = 5;
export const DISCOVER_LIMIT_MAX = 10;

export const WEBHOOK_TIMEOUT_MS = 15_000;
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const COMPOSE_MAX_SCRIPT_SECONDS = 90;
export const COMPOSE_CLIP_SECONDS = { min: 3, max: 10, default: 5 } as const;
export const COMPOSE_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5', '4:3'] as const;
