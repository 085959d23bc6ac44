/**
 * `xapi-profile docs`: a profile's documentation as a static folder (`xapi/docs/site.ts`), a page
 * and a Markdown file for every version given and an index of them, to publish anywhere.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { SiteError, buildSite } from '../xapi/docs/site.js';

export interface DocsOptions {
  profiles: string[];
  out?: string;
  examples: boolean;
}

export interface DocsIo {
  out: (text: string) => void;
  err: (text: string) => void;
  read: (file: string) => Promise<string>;
}

export const docsUsage = `Usage: xapi-profile docs --profile FILE [--profile FILE ...] --out DIR

Writes a profile's documentation as a static site in DIR: for every version given, a page per
language the version uses (index.html, index.LANG.html) and the same as Markdown (profile.md,
profile.LANG.md) in a folder named after the version, and index.html listing the versions. Pages
show the concepts, templates (each rule in words), patterns (drawn as diagrams), example statements
and what changed since the previous version given. Links are relative, so the folder opens from the
file system as it does from any web server.

Options:
  --profile FILE      a version of the profile (repeat it for each version); a FILE may also hold
                      a JSON array of versions
  --out DIR           the folder to write (created if needed; files already there are replaced)
  --no-examples       leave out the example statements generated from the profile
  -h, --help          show this help

Exit status: 0 written, 2 unreadable input or wrong usage.`;

export function parseDocsArgs(rest: string[]): DocsOptions | string {
  const options: DocsOptions = { profiles: [], examples: true };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--no-examples') options.examples = false;
    else if (arg === '--profile' || arg === '--out') {
      const value = rest[++i];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value.`;
      if (arg === '--profile') options.profiles.push(value);
      else options.out = value;
    } else return `Unknown argument "${arg}".`;
  }
  if (options.profiles.length === 0) return 'Give at least one --profile FILE.';
  if (!options.out) return 'Give the folder to write with --out DIR.';
  return options;
}

export async function docsCommand(options: DocsOptions, io: DocsIo): Promise<number> {
  const documents: unknown[] = [];
  for (const file of options.profiles) {
    let text: string;
    try {
      text = await io.read(file);
    } catch (e) {
      io.err(`Cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
      return 2;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      io.err(`${file} is not JSON (${e instanceof Error ? e.message : String(e)}).`);
      return 2;
    }
    documents.push(...(Array.isArray(value) ? (value as unknown[]) : [value]));
  }
  let site;
  try {
    site = buildSite(documents, { examples: options.examples });
  } catch (e) {
    if (e instanceof SiteError) {
      io.err(e.message);
      return 2;
    }
    throw e;
  }
  const root = resolve(options.out!);
  try {
    for (const [path, text] of site.files) {
      const target = join(root, ...path.split('/'));
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text, 'utf8');
    }
  } catch (e) {
    io.err(`Cannot write to ${root}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  io.out(
    `Wrote ${site.files.size} files for ${site.versions.length} ${site.versions.length === 1 ? 'version' : 'versions'} (${site.versions.map((v) => v.name).join(', ')}) to ${root}; open ${join(root, 'index.html')}.`,
  );
  return 0;
}
