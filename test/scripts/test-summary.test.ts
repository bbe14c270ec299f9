import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatSummary, summarize, summarizeFile, type JestReport } from '../../scripts/test-summary';

const report = (fields: Partial<JestReport>): JestReport => ({
  success: true,
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  numTotalTests: 0,
  numRuntimeErrorTestSuites: 0,
  ...fields,
});

describe('summarize', () => {
  it('passes when tests passed and none failed', () => {
    expect(summarize(report({ numPassedTests: 12, numTotalTests: 12 }))).toEqual({
      passed: 12,
      failed: 0,
      skipped: 0,
      ok: true,
    });
  });

  it('fails when any test failed', () => {
    const summary = summarize(report({ success: false, numPassedTests: 3, numFailedTests: 1 }));
    expect(summary).toEqual({ passed: 3, failed: 1, skipped: 0, ok: false });
  });

  it('never passes when no test ran', () => {
    expect(summarize(report({ numPendingTests: 2 })).ok).toBe(false);
  });

  it('counts a suite that could not run as a failure', () => {
    const summary = summarize(report({ success: false, numPassedTests: 5, numRuntimeErrorTestSuites: 1 }));
    expect(summary).toMatchObject({ failed: 1, ok: false });
  });

  it('counts skipped and todo tests as skipped', () => {
    expect(summarize(report({ numPassedTests: 1, numPendingTests: 2, numTodoTests: 1 }))).toMatchObject({
      skipped: 3,
      ok: true,
    });
  });
});

describe('formatSummary', () => {
  it('prints passed and failed', () => {
    expect(formatSummary({ passed: 12, failed: 0, skipped: 0 })).toBe('Tests: 12 passed, 0 failed');
  });

  it('adds skipped only when some were skipped', () => {
    expect(formatSummary({ passed: 12, failed: 1, skipped: 2 })).toBe(
      'Tests: 12 passed, 1 failed, 2 skipped',
    );
  });
});

describe('summarizeFile', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-summary-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a Jest --json report', () => {
    const file = path.join(dir, 'report.json');
    writeFileSync(file, JSON.stringify(report({ numPassedTests: 4, numTotalTests: 4 })));
    expect(summarizeFile(file)).toEqual({ passed: 4, failed: 0, skipped: 0, ok: true });
  });

  it('counts an empty or missing report (Jest crashed) as a failure', () => {
    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect(summarizeFile(empty)).toEqual({ passed: 0, failed: 1, skipped: 0, ok: false });
    expect(summarizeFile(path.join(dir, 'missing.json')).ok).toBe(false);
  });
});
