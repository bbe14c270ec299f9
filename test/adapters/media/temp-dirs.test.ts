import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMediaTempDir, sweepMediaTempDirs } from '../../../adapters/media/temp-dirs';
import { createTestStack } from '../../support/stack';

/** A pid no process has any more: a child that has exited. */
const deadPid = () => spawnSync('true').pid!;

/** Issue 12 item 13: `/tmp/atelier-media-*` folders of killed workers piled up. */
describe('temp folders left by killed workers', () => {
  let root: string;
  const startedAt = Date.now() - 60_000;
  const hoursAgo = (h: number) => new Date(startedAt - h * 3_600_000);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atelier-sweep-test-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** A folder with one file, last touched at `when`. */
  async function folder(name: string, when: Date): Promise<string> {
    const path = join(root, name);
    await mkdir(path);
    await writeFile(join(path, 'clip.mp4'), 'x');
    await utimes(join(path, 'clip.mp4'), when, when);
    await utimes(path, when, when);
    return path;
  }

  test('are named after their process', async () => {
    const dir = await makeMediaTempDir(root);
    expect(dir).toMatch(new RegExp(`/atelier-media-${process.pid}-[A-Za-z0-9]{6}$`));
  });

  test('of a dead process, from before this one started, are removed; folders in use are kept', async () => {
    const dead = await folder(`atelier-media-${deadPid()}-aB3dE6`, hoursAgo(0.01));
    const reusedPid = await folder(`atelier-media-${process.pid}-xY7zW1`, hoursAgo(0.01));
    const live = await folder(`atelier-media-${process.ppid}-qR5sT2`, hoursAgo(3));
    const ours = await makeMediaTempDir(root);
    const recentlyTouched = await folder(`atelier-media-${deadPid()}-mN8oP4`, new Date());
    const oldUnowned = await folder('atelier-media-Kz81Qa', hoursAgo(2));
    const youngUnowned = await folder('atelier-media-Jw27Lb', hoursAgo(0.5));
    const notOurs = await folder('atelier-media-test-Ab12Cd', hoursAgo(5));
    await writeFile(join(root, 'atelier-media-1-file00'), 'a file, not a folder');

    const removed = await sweepMediaTempDirs({ root, startedAt });

    expect(removed.sort()).toEqual([dead, reusedPid, oldUnowned].sort());
    for (const kept of [live, ours, recentlyTouched, youngUnowned, notOurs])
      expect(existsSync(kept)).toBe(true);
  });

  test('are swept when workers start', async () => {
    const stale = await mkdtemp(join(tmpdir(), `atelier-media-${deadPid()}-`));
    await utimes(stale, hoursAgo(1), hoursAgo(1));
    const stack = await createTestStack({ workers: false });
    try {
      await stack.startWorkers();
      expect(existsSync(stale)).toBe(false);
    } finally {
      await stack.close();
      await rm(stale, { recursive: true, force: true });
    }
  });
});
