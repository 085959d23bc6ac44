import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKING_TESTS } from '../vitest.config';
import { sourceFiles } from './affected-tests';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the test configuration', () => {
  it('runs isolated exactly the test files that replace a module with vi.mock', () => {
    const mocking = ['server', 'xapi', 'common', 'bin', 'scripts', 'web']
      .flatMap((folder) => sourceFiles(root, folder))
      .filter((file) => /\.test\.tsx?$/.test(file))
      // A statement of its own, as Vitest hoists it; not the words inside a string.
      .filter((file) => /^\s*vi\.mock\(/m.test(readFileSync(path.join(root, file), 'utf8')))
      .sort();
    expect([...MOCKING_TESTS].sort()).toEqual(mocking);
  });
});
