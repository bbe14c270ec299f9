/**
 * Entry of a render process (render-process.ts): runs one job at a time and answers with its value or
 * its error's name and message. It ends with its parent, whose exit closes the IPC channel.
 */
import type { RenderJob } from './render-process';

type Job = (...args: unknown[]) => unknown;

process.on('disconnect', () => process.exit(0));

process.on('message', (job: RenderJob) => {
  void run(job).then((reply) => process.send?.(reply));
});

async function run(job: RenderJob) {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fn = (require(job.module) as Record<string, Job>)[job.fn];
    if (typeof fn !== 'function') throw new Error(`${job.module} has no function ${job.fn}`);
    return { ok: true, value: await fn(...job.args) };
  } catch (err) {
    const e = err as Error;
    return { ok: false, error: { name: e?.name ?? 'Error', message: e?.message ?? String(err) } };
  }
}
