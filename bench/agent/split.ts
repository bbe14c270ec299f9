import { createHash } from 'node:crypto';

export type Split = 'dev' | 'heldout';

/** The share of briefs kept out of tuning. */
export const HELD_OUT_SHARE = 0.4;

/**
 * The fixed split: a brief is held out when the first byte of sha1("bench/agent:" + id), read as a
 * fraction of 256, is below HELD_OUT_SHARE. It depends on the id alone, so a brief never changes
 * side when others are added, and nobody picks sides: ids are written once and never renamed to
 * move a brief (STYLE.md item 20). The namespace was fixed before the set was first measured.
 */
export function splitOf(id: string): Split {
  const first = createHash('sha1').update(`bench/agent:${id}`).digest()[0];
  return first / 256 < HELD_OUT_SHARE ? 'heldout' : 'dev';
}
