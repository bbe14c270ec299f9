export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

export function duration(from: string | null, to: string | null, now: number = Date.now()): string {
  if (!from) return '—';
  return millis((to ? new Date(to).getTime() : now) - new Date(from).getTime());
}

/** A span of time as a person reads it: 850 ms, 4.2 s, 3 min 5 s. */
export function millis(ms: number): string {
  ms = Math.max(0, Math.round(ms));
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function bytes(n: number | null): string {
  if (n === null) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export const shortId = (id: string) => id.slice(0, 8);

/** snake_case from a display name: "Visual style" -> "visual_style". */
export function toKey(name: string): string {
  const key = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(key) ? key.slice(0, 64) : `p_${key}`.slice(0, 64);
}
