import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  claimDataDir,
  DataDirBusyError,
  pidFilePath,
  readDataDirOwner,
} from '../../../adapters/db/data-dir-lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('claimDataDir and readDataDirOwner', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'atelier-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a free folder has no owner; a claim writes this process as the owner and release removes it', () => {
    expect(readDataDirOwner(dataDir)).toBeNull();

    const claim = claimDataDir(dataDir, { apiUrl: 'http://127.0.0.1:3000' });

    expect(readDataDirOwner(dataDir)).toEqual({
      pid: process.pid,
      apiUrl: 'http://127.0.0.1:3000',
      startedAt: expect.any(String),
    });
    claim.release();
    expect(existsSync(pidFilePath(dataDir))).toBe(false);
  });

  test('update records the API URL once the server listens', () => {
    const claim = claimDataDir(dataDir);

    claim.update({ apiUrl: 'http://127.0.0.1:4000' });

    expect(readDataDirOwner(dataDir)?.apiUrl).toBe('http://127.0.0.1:4000');
    claim.release();
  });

  test('a folder held by another live process cannot be claimed', () => {
    // Our parent (the jest runner) is alive and is not us.
    writeFileSync(pidFilePath(dataDir), JSON.stringify({ pid: process.ppid, startedAt: 'then' }));

    const claim = () => claimDataDir(dataDir);

    expect(claim).toThrow(DataDirBusyError);
    expect(claim).toThrow(`in use by process ${process.ppid}`);
    expect(readDataDirOwner(dataDir)).toEqual({ pid: process.ppid, startedAt: 'then' });
  });

  test('a pid file left by a dead process is stale: no owner, and a claim takes it over', () => {
    writeFileSync(pidFilePath(dataDir), JSON.stringify({ pid: deadPid(), startedAt: 'then' }));
    expect(readDataDirOwner(dataDir)).toBeNull();

    const claim = claimDataDir(dataDir);

    expect(readDataDirOwner(dataDir)?.pid).toBe(process.pid);
    claim.release();
  });

  test('an unreadable pid file names no owner and is replaced', () => {
    writeFileSync(pidFilePath(dataDir), 'not json');
    expect(readDataDirOwner(dataDir)).toBeNull();

    const claim = claimDataDir(dataDir);

    expect(JSON.parse(readFileSync(pidFilePath(dataDir), 'utf8')).pid).toBe(process.pid);
    claim.release();
  });

  test('release leaves a pid file alone once another process has taken the folder over', () => {
    const claim = claimDataDir(dataDir);
    writeFileSync(pidFilePath(dataDir), JSON.stringify({ pid: process.ppid, startedAt: 'later' }));

    claim.release();

    expect(readDataDirOwner(dataDir)?.pid).toBe(process.ppid);
  });
});
