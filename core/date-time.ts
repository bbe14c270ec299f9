import { z } from 'zod';

/** Real UTC offsets run from -12:00 to +14:00; PostgreSQL refuses more than about 16 hours (issue 27 item 6). */
export const UTC_OFFSET_MAX_HOURS = 14;

/** A calendar date (leap years checked), as zod's own ISO pattern writes it. */
const DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29' +
  '|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?';
/** Z, or an offset of at most 14:00 either way. */
const OFFSET = '(?:Z|[+-](?:(?:0\\d|1[0-3]):[0-5]\\d|14:00))';

export const DATE_TIME_PATTERN = new RegExp(`^${DATE}T${TIME}${OFFSET}$`);

/**
 * An ISO 8601 date-time with `Z` or an offset within ±14:00. zod's own date-time took `-20:52`, which the
 * database then refused with a 500 (issue 27 item 6); this pattern is also what the OpenAPI document says,
 * so a generated request never meets a stricter server. A failure is the `date-time` format, which the
 * API reports as `invalid_type`.
 */
export const OffsetDateTime = z.stringFormat('date-time', DATE_TIME_PATTERN, {
  error: `must be an ISO 8601 date-time with Z or an offset within ±${UTC_OFFSET_MAX_HOURS}:00`,
});
