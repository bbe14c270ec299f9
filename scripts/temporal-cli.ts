import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../core/config';

export const REPO_ROOT = path.resolve(__dirname, '..');

export interface ToolSearch {
  /** Folder holding `.tools/`; the repository root unless a test says otherwise. */
  repoRoot?: string;
  /** The PATH to search, `process.env.PATH` by default. */
  pathEnv?: string;
}

export class ToolNotFoundError extends Error {
  override name = 'ToolNotFoundError';
}

/** The Temporal CLI: TEMPORAL_CLI_PATH, else the one `npm run setup` installs, else `temporal` on PATH. */
export function findTemporalCli(config: Pick<Config, 'TEMPORAL_CLI_PATH'>, search: ToolSearch = {}): string {
  if (config.TEMPORAL_CLI_PATH !== undefined) {
    if (!isExecutable(config.TEMPORAL_CLI_PATH)) {
      throw new ToolNotFoundError(`TEMPORAL_CLI_PATH=${config.TEMPORAL_CLI_PATH} is not an executable file.`);
    }
    return config.TEMPORAL_CLI_PATH;
  }
  return findTool('temporal', 'the Temporal CLI', search);
}

/** The Temporal time-skipping test server: the one `npm run setup` installs, else `temporal-test-server` on PATH. */
export function findTestServer(search: ToolSearch = {}): string {
  return findTool('temporal-test-server', 'the Temporal test server', search);
}

function findTool(name: string, description: string, search: ToolSearch): string {
  const repoRoot = search.repoRoot ?? REPO_ROOT;
  const installed = path.join(repoRoot, '.tools', 'py', 'bin', name);
  const found = [installed, ...onPath(name, search.pathEnv ?? process.env.PATH ?? '')].find(isExecutable);
  if (found === undefined) {
    throw new ToolNotFoundError(
      `Cannot find ${description} (${name}): not at ${installed} nor on PATH. Run \`npm run setup\` to install it.`,
    );
  }
  return found;
}

function onPath(name: string, pathEnv: string): string[] {
  return pathEnv
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => path.join(dir, name));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
