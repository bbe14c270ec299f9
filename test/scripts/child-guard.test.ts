import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { REPO_ROOT } from '../../scripts/temporal-cli';
import { isAlive } from '../support/processes';

/**
 * A parent process that guards a long-running child, then receives SIGTERM. It prints the child's pid,
 * and with `--graceful` it has its own once-handler that must still run (and exit 0).
 */
const PARENT = `
const { spawn } = require('node:child_process');
const { guardChild } = require(${JSON.stringify(path.join(REPO_ROOT, 'scripts/child-guard.ts'))});
const child = spawn('sleep', ['60'], { stdio: 'ignore' });
guardChild(child);
if (process.argv.includes('--graceful')) process.once('SIGTERM', () => setTimeout(() => process.exit(0), 100));
console.log(child.pid);
setInterval(() => undefined, 1000);
`;

async function runParent(
  args: string[],
): Promise<{ childPid: number; exit: { code: number | null; signal: string | null } }> {
  const parent = spawn(process.execPath, ['--import', 'tsx', '-e', PARENT, '--', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const childPid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    parent.once('exit', (code, signal) => resolve({ code, signal })),
  );
  parent.kill('SIGTERM');
  return { childPid, exit: await exited };
}

async function waitUntilGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && isAlive(pid); i += 1) await sleep(100);
  return !isAlive(pid);
}

describe('guardChild', () => {
  it('ends the child when the parent is terminated, and the parent still dies by the signal', async () => {
    const { childPid, exit } = await runParent([]);

    expect(exit.signal).toBe('SIGTERM');
    expect(await waitUntilGone(childPid)).toBe(true);
  });

  it("ends the child and lets the app's own signal handler finish its graceful shutdown", async () => {
    const { childPid, exit } = await runParent(['--graceful']);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(await waitUntilGone(childPid)).toBe(true);
  });
});
