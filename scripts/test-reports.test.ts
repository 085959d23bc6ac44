import { describe, expect, it } from 'vitest';
import { playwrightTally, vitestTally, type VitestReport } from './test-reports';

describe("npm test's reading of the runners' reports", () => {
  it('names each failed Vitest test, and a file that failed outside its tests counts as one', () => {
    const report: VitestReport = {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        {
          name: '/repo/server/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'works' },
            {
              status: 'failed',
              fullName: 'refuses the second save',
              failureMessages: ['\n  AssertionError: expected 200 to be 412\n    at a.test.ts:9'],
            },
          ],
        },
        {
          name: '/repo/server/b.test.ts',
          status: 'failed',
          message: 'Hook timed out in 60000ms',
          assertionResults: [],
        },
        { name: '/repo/xapi/c.test.ts', status: 'passed', assertionResults: [] },
      ],
    };
    expect(vitestTally(report, 'PGlite, Node.js 24', '/repo')).toEqual({
      passed: 3,
      failed: 2,
      skipped: 2,
      failures: [
        'PGlite, Node.js 24: server/a.test.ts › refuses the second save: AssertionError: expected 200 to be 412',
        'PGlite, Node.js 24: server/b.test.ts: Hook timed out in 60000ms',
      ],
    });
  });

  it('names each unexpected browser test of any depth, its colours taken out', () => {
    const spec = (title: string, line: number, status: string, message?: string) => ({
      title,
      file: 'shell.spec.ts',
      line,
      tests: [{ status, results: [message ? { error: { message } } : {}] }],
    });
    const tally = playwrightTally(
      {
        stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 1 },
        suites: [
          {
            specs: [spec('opens the home page', 10, 'expected')],
            suites: [
              {
                specs: [
                  spec(
                    'a click reaches the link under the pointer',
                    42,
                    'unexpected',
                    '\u001b[31mTimeoutError\u001b[39m: waiting for the request\nCall log:',
                  ),
                  spec('retried once', 60, 'flaky', 'first try failed'),
                  spec('left out', 70, 'skipped'),
                ],
              },
            ],
          },
        ],
      },
      'end-to-end, PGlite',
    );
    expect(tally).toEqual({
      passed: 2,
      failed: 1,
      skipped: 1,
      failures: [
        'end-to-end, PGlite: e2e/shell.spec.ts:42 › a click reaches the link under the pointer: TimeoutError: waiting for the request',
      ],
    });
  });
});
