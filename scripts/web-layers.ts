/**
 * The imports of the web app that run the wrong way between its layers (docs/ARCHITECTURE.md,
 * "The web app's layers"): from a layer to one above it, or from one area of web/pages/ into
 * another. ESLint refuses them as they are written (eslint.config.js); this reads the files as
 * they are, and is what `boundaries.test.ts` counts. Run it to list them:
 * `node --import tsx scripts/web-layers.ts [web folder]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The layers of web/, top to bottom; common/ and xapi/ lie below them all. */
export const WEB_LAYERS = ['app', 'pages', 'components', 'api', 'lib'] as const;

export interface WrongWayImport {
  /** Both relative to the web folder, the target without its extension. */
  from: string;
  to: string;
  why: 'upward' | 'another area';
}

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split('/').includes('testing');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) return sourceFiles(full);
      return /\.tsx?$/.test(name) ? [full] : [];
    });
}

/** A layer's rank, higher is nearer the top; -1 below web/ (common/, xapi/), null outside any. */
function rankOf(relative: string): number | null {
  if (relative.startsWith('..')) return -1;
  const index = (WEB_LAYERS as readonly string[]).indexOf(relative.split('/')[0] ?? '');
  return index < 0 ? null : WEB_LAYERS.length - index;
}

export function wrongWayImports(webRoot: string): WrongWayImport[] {
  const found: WrongWayImport[] = [];
  for (const file of sourceFiles(webRoot)) {
    const from = path.relative(webRoot, file).split(path.sep).join('/');
    const fromRank = rankOf(from);
    // The entry (main.tsx), the build's config and the test harness (web/test/) are no layer.
    if (fromRank === null) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      const to = path.relative(webRoot, target).split(path.sep).join('/');
      const toRank = rankOf(to);
      if (toRank === null) continue;
      // Tests may draw the whole site from web/app/, as main.tsx does.
      if (to.startsWith('app/') && isTest(from)) continue;
      const [fromTop, fromArea] = from.split('/');
      const [toTop, toArea] = to.split('/');
      if (toRank > fromRank) found.push({ from, to, why: 'upward' });
      else if (fromTop === 'pages' && toTop === 'pages' && fromArea !== toArea)
        found.push({ from, to, why: 'another area' });
    }
  }
  return found;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const webRoot = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../web'));
  const found = wrongWayImports(webRoot);
  for (const { from, to, why } of found) console.log(`${from} -> ${to} (${why})`);
  const upward = found.filter((arrow) => arrow.why === 'upward').length;
  console.log(
    `${found.length} imports run the wrong way: ${upward} upward, ${found.length - upward} into another area`,
  );
}
