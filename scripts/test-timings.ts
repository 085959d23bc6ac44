/**
 * A Vitest reporter that writes where each test file's time went, as JSON, to the file named by
 * `TEST_TIMINGS_FILE` (nothing when it is unset): the phases Vitest measures per file (setting up
 * the environment, importing the file and what it imports, its set-up files, its tests and
 * hooks). `docs/testing.md` is made from these figures; nothing asserts on them.
 *
 *   TEST_TIMINGS_FILE=/tmp/t.json vitest run --reporter=default --reporter=./scripts/test-timings.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  file: string;
  project: string;
  tests: number;
  /** Milliseconds per phase, as Vitest reports them for the file. */
  environment: number;
  prepare: number;
  importing: number;
  setup: number;
  tests_and_hooks: number;
}

export default class TestTimings implements Reporter {
  private readonly timings: FileTiming[] = [];
  private started = 0;

  onInit(): void {
    this.started = Date.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    this.timings.push({
      file: path.relative(process.cwd(), module.moduleId),
      project: module.project.name,
      tests: [...module.children.allTests()].length,
      environment: Math.round(diagnostic.environmentSetupDuration),
      prepare: Math.round(diagnostic.prepareDuration),
      importing: Math.round(diagnostic.collectDuration),
      setup: Math.round(diagnostic.setupDuration),
      tests_and_hooks: Math.round(diagnostic.duration),
    });
  }

  onTestRunEnd(): void {
    const out = process.env.TEST_TIMINGS_FILE;
    if (!out) return;
    writeFileSync(
      out,
      JSON.stringify({ wallMs: Date.now() - this.started, files: this.timings }, null, 1),
    );
  }
}
