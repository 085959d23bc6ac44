import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as paths from '../lib/paths';
import { routes } from './routes';

/**
 * Every page of the route table has its path as a function in `lib/paths.ts`, and the screens use
 * those functions instead of spelling a page's path: a page renamed in one place moves everywhere.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['web/pages', 'web/components', 'web/app'];
/** The route table itself spells the routes' patterns. */
const ALLOWED = ['web/app/routes.tsx', 'web/pages/api-info/routes.tsx'];

interface Page {
  pattern: string;
  route: RouteObject;
}

/** The routes that show a page: every leaf but the not-found catch-alls. */
function pagesOf(list: RouteObject[], parent = ''): Page[] {
  return list.flatMap((route) => {
    const pattern = route.path === undefined ? parent : `${parent}/${route.path}`;
    if (route.children) return pagesOf(route.children, pattern);
    if (route.path === '*') return [];
    return [{ pattern: pattern === '' ? '/' : pattern, route }];
  });
}

/** What every function of `lib/paths.ts` gives, called with made-up ids. */
function pathsMade(): { name: string; url: string }[] {
  const made: { name: string; url: string }[] = [];
  for (const [name, value] of Object.entries(paths)) {
    if (typeof value !== 'function') continue;
    const fn = value as (...args: string[]) => string;
    const args = Array.from({ length: fn.length }, (_, i) => `id-${i + 1}`);
    made.push({ name, url: fn(...args) });
  }
  for (const page of paths.API_INFO_PAGES) {
    made.push({ name: `apiInfoPath('${page}')`, url: paths.apiInfoPath(page) });
  }
  return made;
}

/** The route a URL opens: the deepest match, or null when nothing but a not-found route takes it. */
function routeOf(url: string): RouteObject | null {
  const matches = matchRoutes(routes, url) ?? [];
  const last = matches.at(-1)?.route;
  return last && last.path !== '*' ? last : null;
}

/** The fixed start of a route's pattern, before its first parameter: `/profile` of `/profile/:id/*`. */
function fixedStart(pattern: string): string {
  const parts = pattern.split('/').filter((part) => part !== '');
  const fixed: string[] = [];
  for (const part of parts) {
    if (part.startsWith(':') || part === '*') break;
    fixed.push(part);
  }
  return fixed.join('/');
}

interface Spelled {
  line: number;
  text: string;
}

/**
 * The string and template literals of a source file that spell a page's path: one that starts
 * with a route's fixed start (`'/user/login'`, `` `/user/hooks/${id}/edit` ``, `'/help#faq'`), or
 * the home page's `'/'` anywhere but as a separator (`split('/')`) or shown text.
 */
function spelledPagePaths(source: string, starts: string[], file = 'x.tsx'): Spelled[] {
  const escaped = starts.map((start) => start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pagePath = new RegExp(`^/(${escaped.join('|')})([/?#]|$)`);
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Spelled[] = [];
  const visit = (node: ts.Node) => {
    const whole =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;
    const text = ts.isTemplateExpression(node) ? node.head.text : whole;
    if (text !== null && (pagePath.test(text) || (whole === '/' && isHomeLink(node)))) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
      found.push({ line: line + 1, text: node.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** A `'/'` that is not a separator given to `split` or `join`, nor text shown in the page. */
function isHomeLink(node: ts.Node): boolean {
  const parent = node.parent;
  if (
    ts.isCallExpression(parent) &&
    ts.isPropertyAccessExpression(parent.expression) &&
    ['split', 'join'].includes(parent.expression.name.text)
  ) {
    return false;
  }
  let up: ts.Node = parent;
  while (
    ts.isBinaryExpression(up) ||
    ts.isConditionalExpression(up) ||
    ts.isParenthesizedExpression(up)
  ) {
    up = up.parent;
  }
  return !(ts.isJsxExpression(up) && !ts.isJsxAttribute(up.parent));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.includes('/testing/'))
    .filter((file) => !ALLOWED.includes(file));
}

const pages = pagesOf(routes);
const starts = [...new Set(pages.map((page) => fixedStart(page.pattern)).filter((s) => s !== ''))];

describe('the paths of the pages', () => {
  it('has a function for every page of the route table', () => {
    const reached = new Set(pathsMade().map(({ url }) => routeOf(url)));
    const without = pages.filter((page) => !reached.has(page.route)).map((page) => page.pattern);
    expect(without).toEqual([]);
    expect(pages.length).toBeGreaterThan(50);
  });

  it('gives only paths that open a page', () => {
    const broken = pathsMade().filter(({ url }) => routeOf(url) === null);
    expect(broken).toEqual([]);
  });

  it('keeps the addresses of the pages', () => {
    expect(paths.homePath()).toBe('/');
    expect(paths.editMemberPath('g 1', 'u/1')).toBe('/organization/g%201/members/u%2F1/edit');
    expect(paths.publicProfilePath('p', 'concepts/c')).toBe('/profile/p/concepts/c');
    expect(paths.groupVersionPath('g', 'p', 'v', 'templates')).toBe(
      '/organization/g/profile/p/version/v/templates',
    );
    expect(paths.deletedItemsPath('g', 'p', 'v')).toBe(
      '/deleted-items/organization/g/profile/p/version/v',
    );
    expect(paths.searchPath('types=concepts')).toBe('/search?types=concepts');
    expect(paths.helpPath('authoring-profiles')).toBe('/help#authoring-profiles');
    expect(paths.apiInfoPath('', 'placeholders')).toBe('/api-info#placeholders');
    expect(paths.apiInfoPath('get/single')).toBe('/api-info/get/single');
    expect(paths.iriLookupPath('')).toBe('/api/iri/');
  });

  it('finds a page path spelled in a source', () => {
    const source = [
      '// A comment may name /user/login.',
      'const a = <Link to="/user/login">Sign in</Link>;',
      'navigate(`/user/hooks/${id}/edit`);',
      "const b = { to: '/help#faq' };",
      "const c = <Link to='/'>Home</Link>;",
      "const d = from ?? '/';",
      "const api = '/api/profile/x';",
      "const e = '/profilesx';",
      "const parts = p.split('/');",
      "const f = <Code>{p.path || '/'}</Code>;",
      'const g = `${base}/profile/x`;',
      'const h = `/${rest}`;',
    ].join('\n');
    expect(spelledPagePaths(source, ['user/login', 'user', 'help', 'profiles'])).toEqual([
      { line: 2, text: '"/user/login"' },
      { line: 3, text: '`/user/hooks/${id}/edit`' },
      { line: 4, text: "'/help#faq'" },
      { line: 5, text: "'/'" },
      { line: 6, text: "'/'" },
    ]);
  });

  it('are never spelled by the screens: they call lib/paths.ts', () => {
    expect(starts).toEqual(expect.arrayContaining(['profile', 'user', 'api/iri', 'api-info']));
    const spelled = SCANNED.flatMap(sourceFiles).flatMap((file) =>
      spelledPagePaths(readFileSync(path.join(root, file), 'utf8'), starts, file).map(
        ({ line, text }) => `${file}:${line} ${text}`,
      ),
    );
    expect(spelled).toEqual([]);
  });
});
