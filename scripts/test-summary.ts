import { readFileSync } from 'node:fs';

/** The fields of Jest's `--json` report that the summary needs. */
export interface JestReport {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numTotalTests: number;
  numRuntimeErrorTestSuites?: number;
}

export interface TestSummary {
  passed: number;
  failed: number;
  skipped: number;
  /** False when anything failed, a suite could not run, or no test ran at all. */
  ok: boolean;
}

export function summarize(report: JestReport): TestSummary {
  const skipped = report.numPendingTests + (report.numTodoTests ?? 0);
  const brokenSuites = report.numRuntimeErrorTestSuites ?? 0;
  const failed = report.numFailedTests + brokenSuites;
  const ok = report.success && failed === 0 && report.numPassedTests > 0;
  return { passed: report.numPassedTests, failed, skipped, ok };
}

/** `Tests: N passed, N failed[, N skipped]`: the closing line CI reads. */
export function formatSummary(summary: Pick<TestSummary, 'passed' | 'failed' | 'skipped'>): string {
  const line = `Tests: ${summary.passed} passed, ${summary.failed} failed`;
  return summary.skipped > 0 ? `${line}, ${summary.skipped} skipped` : line;
}

/** Reads a report file; a missing or unreadable one (Jest crashed) counts as one failure. */
export function summarizeFile(file: string): TestSummary {
  try {
    return summarize(JSON.parse(readFileSync(file, 'utf8')) as JestReport);
  } catch {
    return { passed: 0, failed: 1, skipped: 0, ok: false };
  }
}

if (require.main === module) {
  const file = process.argv[2];
  if (file === undefined) {
    console.error('usage: tsx scripts/test-summary.ts <jest --json output file>');
    process.exit(2);
  }
  const summary = summarizeFile(file);
  if (summary.passed + summary.failed === 0) console.error('No test ran.');
  console.log(formatSummary(summary));
  process.exit(summary.ok ? 0 : 1);
}
