import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKING_TESTS } from '../vitest.config';

const root = fileURLToPath(new URL('..', import.meta.url));

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return testFiles(relative);
    return /\.test\.tsx?$/.test(name) ? [relative] : [];
  });
}

describe('the test configuration', () => {
  it('runs isolated exactly the test files that replace a module with vi.mock', () => {
    const mocking = ['server', 'xapi', 'common', 'bin', 'scripts', 'web']
      .flatMap(testFiles)
      // A statement of its own, as Vitest hoists it; not the words inside a string.
      .filter((file) => /^\s*vi\.mock\(/m.test(readFileSync(path.join(root, file), 'utf8')))
      .sort();
    expect([...MOCKING_TESTS].sort()).toEqual(mocking);
  });
});
