import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings a kept answer is stored in besides its plain bytes. */
export type BodyEncoding = 'br' | 'gzip';

/**
 * A kept answer compressed once for every later request, so at a higher setting than answers
 * compressed per request (brotli 4, gzip 6): brotli 9 and gzip 9 cost a few milliseconds for a
 * large profile, once per published version and node.
 */
export function encodeBody(body: Buffer, encoding: BodyEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 9 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
