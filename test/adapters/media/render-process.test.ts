import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderInProcess } from '../../../adapters/media/render-process';
import { eventually } from '../../support/eventually';
import { isAlive } from '../../support/processes';

const JOBS = require.resolve('./fixtures/render-jobs');

/** The process is gone: killed, not left running its job. */
async function expectGone(pid: number): Promise<void> {
  expect(
    await eventually(
      () => isAlive(pid),
      (alive) => !alive,
    ),
  ).toBe(false);
}

async function pidWritten(file: string): Promise<number> {
  await eventually(
    () => existsSync(file),
    (written) => written,
  );
  return Number(readFileSync(file, 'utf8'));
}

describe('renderInProcess', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atelier-render-'));
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('returns the value of the job, Buffers included, and reuses the process for the next job', async () => {
    const first = await renderInProcess<{ pid: number; value: Buffer }>({
      module: JOBS,
      fn: 'echo',
      args: [Buffer.from('png bytes')],
    });
    const second = await renderInProcess<{ pid: number }>({
      module: JOBS,
      fn: 'echo',
      args: [Buffer.from('')],
    });

    expect(Buffer.isBuffer(first.value)).toBe(true);
    expect(first.value.toString()).toBe('png bytes');
    expect(first.pid).not.toBe(process.pid);
    expect(second.pid).toBe(first.pid);
  });

  test('keeps the name of an error the job threw, so a caller fault stays non-retryable', async () => {
    const job = renderInProcess({ module: JOBS, fn: 'refuse', args: ['text is empty'] });

    await expect(job).rejects.toMatchObject({ name: 'MediaInputError', message: 'text is empty' });
  });

  test('kills the process of a job that passes its deadline: the work really stops (CPU lock)', async () => {
    const pidFile = join(dir, 'deadline.pid');

    const job = renderInProcess({ module: JOBS, fn: 'spin', args: [pidFile] }, { deadlineMs: 3000 });

    await expect(job).rejects.toMatchObject({
      name: 'MediaToolError',
      message: 'render stopped after 3000 ms',
    });
    const pid = await pidWritten(pidFile);
    await expectGone(pid);
  });

  test('kills the process when the activity is cancelled', async () => {
    const pidFile = join(dir, 'cancel.pid');
    const cancel = new AbortController();

    const job = renderInProcess({ module: JOBS, fn: 'spin', args: [pidFile] }, { signal: cancel.signal });
    const pid = await pidWritten(pidFile);
    cancel.abort();

    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    await expectGone(pid);
  });

  test('refuses at once when already cancelled', async () => {
    const cancel = new AbortController();
    cancel.abort();

    await expect(
      renderInProcess({ module: JOBS, fn: 'echo', args: [] }, { signal: cancel.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
