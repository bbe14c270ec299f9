import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTemporalCli, findTestServer } from '../../scripts/temporal-cli';

describe('findTemporalCli and findTestServer', () => {
  let dir: string;
  const repoRoot = () => path.join(dir, 'repo');
  const binDir = () => path.join(dir, 'bin');

  function makeExecutable(file: string): string {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    return file;
  }

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-cli-'));
    mkdirSync(repoRoot());
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers TEMPORAL_CLI_PATH', () => {
    const explicit = makeExecutable(path.join(dir, 'my-temporal'));
    makeExecutable(path.join(repoRoot(), '.tools/py/bin/temporal'));

    expect(findTemporalCli({ TEMPORAL_CLI_PATH: explicit }, { repoRoot: repoRoot(), pathEnv: '' })).toBe(
      explicit,
    );
  });

  it('rejects a TEMPORAL_CLI_PATH that is not an executable file', () => {
    expect(() =>
      findTemporalCli({ TEMPORAL_CLI_PATH: path.join(dir, 'missing') }, { repoRoot: repoRoot() }),
    ).toThrow(/TEMPORAL_CLI_PATH=.*missing is not an executable/);
  });

  it('uses the binaries npm run setup installs under .tools/py/bin before PATH', () => {
    const cli = makeExecutable(path.join(repoRoot(), '.tools/py/bin/temporal'));
    const testServer = makeExecutable(path.join(repoRoot(), '.tools/py/bin/temporal-test-server'));
    makeExecutable(path.join(binDir(), 'temporal'));

    expect(
      findTemporalCli({ TEMPORAL_CLI_PATH: undefined }, { repoRoot: repoRoot(), pathEnv: binDir() }),
    ).toBe(cli);
    expect(findTestServer({ repoRoot: repoRoot(), pathEnv: binDir() })).toBe(testServer);
  });

  it('falls back to PATH', () => {
    const cli = makeExecutable(path.join(binDir(), 'temporal'));
    const testServer = makeExecutable(path.join(binDir(), 'temporal-test-server'));
    const pathEnv = ['/nonexistent', binDir()].join(path.delimiter);

    expect(findTemporalCli({ TEMPORAL_CLI_PATH: undefined }, { repoRoot: repoRoot(), pathEnv })).toBe(cli);
    expect(findTestServer({ repoRoot: repoRoot(), pathEnv })).toBe(testServer);
  });

  it('names npm run setup when nothing is found', () => {
    expect(() =>
      findTemporalCli({ TEMPORAL_CLI_PATH: undefined }, { repoRoot: repoRoot(), pathEnv: binDir() }),
    ).toThrow(/Cannot find the Temporal CLI .*npm run setup/);
    expect(() => findTestServer({ repoRoot: repoRoot(), pathEnv: binDir() })).toThrow(
      /temporal-test-server.*npm run setup/,
    );
  });

  it('finds the real binaries of this checkout', () => {
    expect(findTemporalCli({ TEMPORAL_CLI_PATH: undefined })).toMatch(/temporal$/);
    expect(findTestServer()).toMatch(/temporal-test-server$/);
  });
});
