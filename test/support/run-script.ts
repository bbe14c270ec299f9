import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * Runs a TypeScript file of the repository with tsx in a plain Node process (PGlite's dynamic imports
 * do not load under Jest) and parses the JSON object it prints on its last line.
 */
export function runScript<T>(path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile('npx', ['tsx', path], { cwd: ROOT }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path} failed: ${stderr}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as T);
    });
  });
}
