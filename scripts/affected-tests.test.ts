import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { affectedTests, sourceImportGraph } from './affected-tests';

const root = mkdtempSync(path.join(tmpdir(), 'xps-affected-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

// A library file, the library's test of it, a library file that uses it and that one's test;
// a server module using the library, its test, a server test importing the changed file itself
// and one importing the library's index.
write('xapi/iri.ts', 'export const iri = 1;\n');
write('xapi/iri.test.ts', "import { iri } from './iri';\n");
write('xapi/validate/index.ts', "export { iri } from '../iri.js';\n");
write('xapi/validate/index.test.ts', "import { iri } from './index';\n");
write('server/modules/check.ts', "import { iri } from '../../xapi/validate';\n");
write('server/modules/check.test.ts', "import './check';\n");
write('server/http/direct.test.ts', "const m = await import('../../xapi/iri');\n");
write('server/http/through-index.test.ts', "import { iri } from '../../xapi/validate';\n");
write('web/pages/Page.tsx', "import x from '../api/calls';\n");
write('web/api/calls.ts', 'export default 1;\n');
write('web/pages/Page.test.tsx', "vi.mock('../api/calls');\nimport { Page } from './Page';\n");
write('common/unused.ts', 'export {};\n');

const graph = sourceImportGraph(root);

describe('the tests a change affects', () => {
  it('follows importers within the changed file’s part, and takes tests elsewhere that import the file itself', () => {
    expect(affectedTests(graph, ['xapi/iri.ts'])).toEqual([
      'server/http/direct.test.ts',
      'xapi/iri.test.ts',
      'xapi/validate/index.test.ts',
    ]);
    expect(affectedTests(graph, ['xapi/validate/index.ts'])).toEqual([
      'server/http/through-index.test.ts',
      'xapi/validate/index.test.ts',
    ]);
  });

  it('follows importers into every part when asked to', () => {
    expect(affectedTests(graph, ['xapi/iri.ts'], { allImporters: true })).toEqual([
      'server/http/direct.test.ts',
      'server/http/through-index.test.ts',
      'server/modules/check.test.ts',
      'xapi/iri.test.ts',
      'xapi/validate/index.test.ts',
    ]);
  });

  it('resolves .tsx files, folders and mocked modules', () => {
    expect(affectedTests(graph, ['web/api/calls.ts'])).toEqual(['web/pages/Page.test.tsx']);
  });

  it('runs a changed test file itself, and nothing for a file no test reaches', () => {
    expect(affectedTests(graph, ['server/modules/check.test.ts'])).toEqual([
      'server/modules/check.test.ts',
    ]);
    expect(affectedTests(graph, ['common/unused.ts'])).toEqual([]);
  });
});
