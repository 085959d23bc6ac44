/**
 * The seams between the parts of the tree (docs/ARCHITECTURE.md), proven to hold and to fail on a
 * deliberate violation: the ESLint import rules, no import cycle between domain modules, and no
 * import of the web app against its layers.
 */
import { ESLint } from 'eslint';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  fileImportGraph,
  findModuleCycles,
  findMutualImports,
  moduleImportGraph,
} from './module-graph';
import { wrongWayImports } from './web-layers';

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
    [
      'web/pages/concepts/form/fixture.tsx',
      "import { x } from '../../../../server/config';",
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

describe('the web app’s layers', () => {
  const OWN_AREA = 'imports only its own area';
  const TOP = 'web/app/ is the top of the web app';
  const refused: Array<[string, string, string]> = [
    [
      'web/components/fixture.tsx',
      "import { x } from '../pages/profile/parts';",
      'imports no screen',
    ],
    [
      'web/components/items/fixture.tsx',
      "import { x } from '../../app/routes';",
      'imports no screen',
    ],
    [
      'web/api/fixture.ts',
      "import { x } from '../app/feedback-store';",
      'web/api/ holds the calls',
    ],
    ['web/api/fixture.ts', "import { x } from '../components/parts';", 'web/api/ holds the calls'],
    [
      'web/api/fixture.ts',
      "import { x } from '../pages/profile/parts';",
      'web/api/ holds the calls',
    ],
    ['web/lib/fixture.ts', "import { x } from '../api/http';", 'web/lib/ is the bottom layer'],
    ['web/lib/fixture.ts', "import { x } from '../components/parts';", 'web/lib/ is the bottom'],
    [
      'web/lib/fixture.ts',
      "import { x } from '../pages/concepts/scope';",
      'web/lib/ is the bottom',
    ],
    ['web/lib/fixture.ts', "import { x } from '../app/routes';", 'web/lib/ is the bottom layer'],
    ['web/pages/concepts/fixture.tsx', "import { x } from '../templates/format';", OWN_AREA],
    [
      'web/pages/concepts/form/fixture.tsx',
      "import { x } from '../../profile/VersionPage';",
      OWN_AREA,
    ],
    [
      'web/pages/concepts/fixture.test.tsx',
      "import { x } from '../profile/VersionPage';",
      OWN_AREA,
    ],
    [
      'web/pages/concepts/testing/fixture.tsx',
      "import { x } from '../../profile/format';",
      OWN_AREA,
    ],
    ['web/pages/concepts/fixture.tsx', "import { x } from '../../app/routes';", TOP],
    ['web/pages/concepts/form/fixture.tsx', "import { x } from '../../../app/guards';", TOP],
    ['web/pages/concepts/fixture.tsx', "export { x } from '../../app/theme';", TOP],
  ];

  it.each(refused)('%s: %s is refused', async (file, code, reason) => {
    const messages = await restrictedImports(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  const allowed: Array<[string, string]> = [
    ['web/main.tsx', "import { App } from './app/App';"],
    ['web/app/fixture.tsx', "import { x } from '../pages/concepts/ConceptsArea';"],
    ['web/app/fixture.tsx', "import { x } from '../lib/lazy-page';"],
    ['web/pages/concepts/fixture.tsx', "import { x } from './scope';"],
    ['web/pages/concepts/form/fixture.tsx', "import { x } from '../scope';"],
    ['web/pages/concepts/form/fixture.tsx', "import { x } from '../../../components/parts';"],
    ['web/pages/concepts/fixture.tsx', "import { x } from '../../api/concepts';"],
    ['web/pages/concepts/fixture.tsx', "import { x } from '../../lib/feedback-store';"],
    ['web/pages/concepts/fixture.tsx', "import { x } from '../../../common/concepts';"],
    ['web/pages/concepts/fixture.test.tsx', "import { x } from '../../test/stubs/profile';"],
    // Tests may draw the whole site from its route table, as web/main.tsx does.
    ['web/pages/concepts/fixture.test.tsx', "import { x } from '../../app/routes';"],
    ['web/components/items/fixture.tsx', "import { x } from '../../api/items';"],
    ['web/components/fixture.tsx', "import { x } from '../lib/theme';"],
    ['web/api/fixture.ts', "import { x } from '../lib/feedback-store';"],
    ['web/lib/fixture.ts', "import { x } from './format';"],
    ['web/lib/fixture.ts', "import { x } from '../../common/profiles';"],
  ];

  it.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });

  it('finds an import that runs upward and one into another area', () => {
    const web = mkdtempSync(path.join(tmpdir(), 'web-layers-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(web, file)), { recursive: true });
      writeFileSync(path.join(web, file), text);
    };
    write('lib/paths.ts', "import { x } from '../components/parts';\n");
    write('components/parts.tsx', "import { y } from '../lib/paths';\n");
    write('pages/a/A.tsx', "import { z } from '../b/B';\nimport { p } from '../../lib/paths';\n");
    write('pages/a/A.test.tsx', "import { routes } from '../../app/routes';\n");
    write('app/routes.tsx', "const B = () => import('../pages/b/B');\n");
    try {
      expect(wrongWayImports(web)).toEqual([
        { from: 'lib/paths.ts', to: 'components/parts', why: 'upward' },
        { from: 'pages/a/A.tsx', to: 'pages/b/B', why: 'another area' },
      ]);
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('have no import that runs the wrong way', () => {
    expect(wrongWayImports(path.join(root, 'web'))).toEqual([]);
  });

  it('keep what areas share out of web/pages/', () => {
    expect(readdirSync(path.join(root, 'web/pages'))).not.toContain('common');
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
  for (const folder of [
    'xapi/model',
    'server/modules',
    'server/http',
    'web/pages',
    'web/pages/concepts/form',
    'web/api',
    'web/app',
    'web/components/items',
    'web/lib',
  ]) {
    expect(statSync(path.join(root, folder)).isDirectory()).toBe(true);
  }
  expect(readdirSync(path.join(root, 'server/modules')).length).toBeGreaterThan(0);
  expect(readFileSync(path.join(root, 'eslint.config.js'), 'utf8')).toContain(
    'no-restricted-imports',
  );
});
