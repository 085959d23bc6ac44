import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files smaller than this are served as they are. */
export const PRECOMPRESS_MIN_BYTES = 1024;
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes a `.br` and a `.gz` beside every text file of a built folder that is worth compressing,
 * at the highest settings (done once per build), and only when the compressed file is smaller.
 * The server sends them to clients that accept them (`preCompressed` of `@fastify/static`).
 * Returns the files compressed, relative to the folder.
 */
export async function precompressFolder(folder: string): Promise<string[]> {
  const done: string[] = [];
  const entries = await readdir(folder, { recursive: true });
  for (const entry of entries) {
    const file = path.join(folder, entry);
    if (!TEXT_FILE.test(entry) || !(await stat(file)).isFile()) continue;
    const content = await readFile(file);
    if (content.length < PRECOMPRESS_MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < content.length) await writeFile(`${file}.br`, br);
    if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
    done.push(entry);
  }
  return done;
}

/** The Vite plugin: compresses the build's output folder once it is written. */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build' as const,
    configResolved(config: { build: { outDir: string } }) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
