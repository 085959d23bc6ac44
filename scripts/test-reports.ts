/**
 * What `npm test` reads from each runner's JSON report (scripts/test-all.ts): how many tests
 * passed, failed and were skipped, and each failed test named with the first line of its error,
 * for the summary under the run's last line (a long run's log is often read from its end).
 */
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** `<pass>: <file> › <test>: <first line of its error>`, one per failed test or file. */
  failures: string[];
}

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
  }>;
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    tests: Array<{ status: string; results: Array<{ error?: { message?: string } }> }>;
  }>;
}

export interface PlaywrightReport extends PlaywrightSuite {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** The first line of a failure's message, short enough for a summary. */
function firstLine(message: string | undefined): string {
  // Playwright colours its messages; the summary is read as plain text.
  const plain = stripVTControlCharacters(message ?? '');
  const line =
    plain
      .split('\n')
      .find((text) => text.trim() !== '')
      ?.trim() ?? '';
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}

/** A Vitest pass; files are named relative to `root`. */
export function vitestTally(report: VitestReport, pass: string, root: string): Tally {
  const failures: string[] = [];
  // A file that failed outside its tests (a hook, an import) counts as one failure, so the last
  // line never says 0 failed for a run that failed.
  let failedFiles = 0;
  for (const result of report.testResults) {
    const where = path.relative(root, result.name);
    const failed = result.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(
        `${pass}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    if (result.status === 'failed' && failed.length === 0) {
      failedFiles += 1;
      failures.push(`${pass}: ${where}: ${firstLine(result.message)}`);
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + failedFiles,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/** Each spec of `suite` and the suites within it, depth first. */
function playwrightSpecs(suite: PlaywrightSuite): NonNullable<PlaywrightSuite['specs']> {
  return [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(playwrightSpecs)];
}

/** A Playwright run; its spec files are named as the run's `testDir` (`e2e/`) holds them. */
export function playwrightTally(report: PlaywrightReport, pass: string): Tally {
  const { stats } = report;
  const failures: string[] = [];
  for (const spec of playwrightSpecs(report))
    for (const test of spec.tests) {
      if (test.status !== 'unexpected') continue;
      const error = test.results.map((result) => result.error?.message).find(Boolean);
      failures.push(`${pass}: e2e/${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
    }
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failures,
  };
}
