/** Timing and the printed table of the media benchmark. */

export interface Timed {
  name: string;
  samples: number[];
}

/** Runs `fn` `warmup` times untimed, then `runs` times, and returns the wall-clock milliseconds. */
export async function timeRuns(runs: number, warmup: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

/** Alternates the measured cases run by run, so drift of a shared 2-core box hits both alike. */
export async function timeInterleaved(
  runs: number,
  warmup: number,
  cases: { name: string; fn: () => Promise<unknown> }[],
): Promise<Timed[]> {
  for (let i = 0; i < warmup; i++) for (const c of cases) await c.fn();
  const timed = cases.map((c) => ({ name: c.name, samples: [] as number[] }));
  for (let i = 0; i < runs; i++) {
    for (const [k, c] of cases.entries()) timed[k].samples.push((await timeRuns(1, 0, c.fn))[0]);
  }
  return timed;
}

/** Nearest-rank percentile. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (samples: number[]) => percentile(samples, 50);

/**
 * One table: each row against the baseline row (the raw tool call), by median and by best run; on a
 * busy shared box the best run is the steadier estimate of the cost itself.
 */
export function printTable(title: string, rows: Timed[], baseline: string): void {
  const base = rows.find((r) => r.name === baseline);
  const header = ['case', 'n', 'median ms', 'p95 ms', 'min ms', 'ratio (median)', 'ratio (min)'];
  const body = rows.map((r) => [
    r.name,
    String(r.samples.length),
    median(r.samples).toFixed(1),
    percentile(r.samples, 95).toFixed(1),
    Math.min(...r.samples).toFixed(1),
    base ? `${(median(r.samples) / median(base.samples)).toFixed(2)}x` : '-',
    base ? `${(Math.min(...r.samples) / Math.min(...base.samples)).toFixed(2)}x` : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}
