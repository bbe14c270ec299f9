/** Limits and thresholds of the intelligence endpoints, named once. */
export const TREND_WINDOW_DAYS = { min: 1, max: 365, default: 30 } as const;
export const INTELLIGENCE_LIMIT_DEFAULT = 20;
export const INTELLIGENCE_LIMIT_MAX = 100;

/** Recommendations and predictions look at the last 30 days of activity. */
export const RECOMMENDATION_WINDOW_DAYS = 30;

/** Rows read per window for activity trends: enough for any self-hosted workspace, bounded for a busy one. */
export const ACTIVITY_SAMPLE_MAX = 10_000;
export const STORED_SIGNALS_MAX = 2_000;

/** Signals or patterns in one import command; the CLI sends a file in batches that fit the admin socket. */
export const IMPORT_MAX_ITEMS = 1_000;

export const DAY_MS = 86_400_000;
