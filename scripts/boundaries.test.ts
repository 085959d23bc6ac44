/**
 * The seams between the parts of the tree (docs/ARCHITECTURE.md), proven to hold and to fail on a
 * deliberate violation: the ESLint import rules, and no import cycle between domain modules.
 */
import { ESLint } from 'eslint';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  fileImportGraph,
  findModuleCycles,
  findMutualImports,
  moduleImportGraph,
} from './module-graph';

const root = path.resolve(import.meta.dirname, '..');

// Type information is not needed for import rules, and fixture files are not part of the project.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('ESLint import boundaries', () => {
  const refused: Array<[string, string, string]> = [
    ['xapi/fixture.ts', "import { x } from '../server/app';", 'xapi/ is a standalone library'],
    ['xapi/model/fixture.ts', "import { x } from '../../web/api/http';", 'xapi/ is a standalone'],
    ['xapi/fixture.ts', "import { x } from '../common/errors';", 'xapi/ is a standalone'],
    ['server/modules/items/fixture.ts', "import fastify from 'fastify';", 'know nothing of HTTP'],
    [
      'server/modules/items/fixture.ts',
      "import type { FastifyRequest } from 'fastify';",
      'know nothing of HTTP',
    ],
    [
      'server/modules/x/fixture.ts',
      "import cookie from '@fastify/cookie';",
      'know nothing of HTTP',
    ],
    [
      'server/modules/x/fixture.ts',
      "import { y } from '../../http/errors';",
      'know nothing of HTTP',
    ],
    ['web/pages/fixture.tsx', "import { x } from '../../server/config';", 'only through web/api/'],
    [
      'web/api/fixture.ts',
      "import type { X } from '../../server/services';",
      'only through web/api/',
    ],
  ];

  it.each(refused)('%s: %s is refused', async (file, code, reason) => {
    const messages = await restrictedImports(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  const allowed: Array<[string, string]> = [
    ['xapi/fixture.ts', "import { x } from './model/types';"],
    ['server/modules/x/fixture.ts', "import { x } from '../../../common/errors';"],
    ['server/http/fixture.ts', "import fastify from 'fastify';"],
    ['web/pages/fixture.tsx', "import { x } from '../../common/errors';"],
  ];

  it.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

describe('domain modules', () => {
  it('finds a cycle when one is there', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(findModuleCycles(graph)).toEqual([['a', 'b', 'c']]);
    expect(findModuleCycles(new Map([['a', new Set(['b'])]]))).toEqual([]);
  });

  it('reads imports between module folders', () => {
    const graph = moduleImportGraph(path.join(root, 'server/modules'));
    expect(graph.size).toBeGreaterThan(5);
    expect([...graph.values()].some((targets) => targets.size > 0)).toBe(true);
  });

  it('import no module that imports them back, directly or not', () => {
    const graph = moduleImportGraph(path.join(root, 'server/modules'));
    expect(findModuleCycles(graph)).toEqual([]);
  });

  it('finds two files that import each other', () => {
    const graph = new Map([
      ['a.ts', new Set(['b.ts'])],
      ['b.ts', new Set(['a.ts', 'c.ts'])],
      ['c.ts', new Set<string>()],
    ]);
    expect(findMutualImports(graph)).toEqual([['a.ts', 'b.ts']]);
  });

  it('have no two files that import each other, inside a module or across', () => {
    const graph = fileImportGraph(path.join(root, 'server/modules'));
    expect(graph.size).toBeGreaterThan(50);
    const relative = (file: string) => path.relative(root, file);
    expect(findMutualImports(graph).map((pair) => pair.map(relative))).toEqual([]);
  });
});

// Keeps the fixture paths honest: each names a folder that exists.
it('fixture folders exist', () => {
  for (const folder of ['xapi/model', 'server/modules', 'server/http', 'web/pages', 'web/api']) {
    expect(statSync(path.join(root, folder)).isDirectory()).toBe(true);
  }
  expect(readdirSync(path.join(root, 'server/modules')).length).toBeGreaterThan(0);
  expect(readFileSync(path.join(root, 'eslint.config.js'), 'utf8')).toContain(
    'no-restricted-imports',
  );
});
