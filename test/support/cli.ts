import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npx tsx scripts/cli.ts ...` in its own process, as an operator would. */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', 'scripts/cli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        // npx may warn about the user's npm configuration; that is not the CLI speaking.
        resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') });
      },
    );
  });
}

export const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;
