import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledCli } from './compiled-cli.js';

/**
 * The command line runs from one compiled file while none of its sources has changed: a source
 * edited, added to the imports or removed makes a new one, and what cannot be compiled falls back
 * to compiling as imported (undefined here).
 */
describe('the compiled command line', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function checkout(files: Record<string, string>) {
    const root = mkdtempSync(join(tmpdir(), 'xps-compiled-cli-'));
    roots.push(root);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    const options = { root, entry: 'main.ts', cacheDir: join(root, 'cache') };
    const run = async () => {
      const url = await compiledCli(options);
      expect(url).toBeDefined();
      const loaded = (await import(url!)) as { main: () => string };
      return { url: url!, answer: loaded.main() };
    };
    return { root, options, run };
  }

  it('is compiled once and used again while its sources are unchanged', async () => {
    const { run } = checkout({
      'main.ts': "import { word } from './word.ts';\nexport const main = (): string => word;\n",
      'word.ts': "export const word: string = 'first';\n",
    });
    const first = await run();
    expect(first.answer).toBe('first');
    expect((await run()).url).toBe(first.url);
  });

  it('is compiled again when a source it imports changes, and says what the source now says', async () => {
    const { root, options, run } = checkout({
      'main.ts': "import { word } from './word.ts';\nexport const main = (): string => word;\n",
      'word.ts': "export const word: string = 'first';\n",
    });
    const first = await run();
    writeFileSync(join(root, 'word.ts'), "export const word: string = 'second';\n");
    const second = await run();
    expect(second.url).not.toBe(first.url);
    expect(second.answer).toBe('second');
    // Same size, only the modification time moved: still compiled again.
    utimesSync(join(root, 'word.ts'), new Date(), new Date(Date.now() + 5_000));
    expect((await run()).url).not.toBe(second.url);
    expect(readdirSync(options.cacheDir)).toContain('current.json');
  });

  it('is compiled again when a source it was built from is gone', async () => {
    const { root, run } = checkout({
      'main.ts': "import { word } from './word.ts';\nexport const main = (): string => word;\n",
      'word.ts': "export const word: string = 'first';\n",
      'other.ts': "export const word: string = 'other';\n",
    });
    const first = await run();
    writeFileSync(
      join(root, 'main.ts'),
      "import { word } from './other.ts';\nexport const main = (): string => word;\n",
    );
    rmSync(join(root, 'word.ts'));
    const second = await run();
    expect(second.url).not.toBe(first.url);
    expect(second.answer).toBe('other');
  });

  it('answers undefined when the sources cannot be compiled, so they are compiled as imported', async () => {
    const { options } = checkout({
      'main.ts': "import { gone } from './missing.ts';\nexport const main = () => gone;\n",
    });
    expect(await compiledCli(options)).toBeUndefined();
  });
});
