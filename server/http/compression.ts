import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { constants } from 'node:zlib';
import type { BodyEncoding } from '../modules/read-cache/encoding';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const ENCODED_TAG = /-(br|gzip)"$/;

/**
 * Compresses the JSON (and JSON-LD, Turtle, text) answers of one scope — `/app` or `/api` — with
 * br or gzip, whichever the client prefers, when the body is at least
 * {@link COMPRESSION_THRESHOLD_BYTES}. An answer that already names its encoding is left alone.
 * A strong ETag names bytes, so a compressed answer's tag gets the encoding as a suffix
 * (`"abc-br"`); {@link representationTag} maps such a tag back for conditional requests.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Quick settings: answers are made per request, so speed matters more than the last byte.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies stay plain JSON, as before.
    globalDecompression: false,
  });
  // Route-level onSend hooks run after the scope's; the compressor adds its own per route, so this
  // one is added per route too, after it.
  scope.addHook('onRoute', (route) => {
    route.onSend = [route.onSend ?? []].flat().concat(tagTheEncoding);
  });
}

const tagTheEncoding: onSendHookHandler = (request, reply, payload, done) => {
  const encoding = reply.getHeader('content-encoding');
  const etag = reply.getHeader('etag');
  if (typeof etag !== 'string' || !etag.endsWith('"') || etag.startsWith('W/')) {
    done(null, payload);
    return;
  }
  if (encoding === 'br' || encoding === 'gzip') {
    reply.header('etag', `${etag.slice(0, -1)}-${encoding}"`);
  } else if (reply.statusCode === 304) {
    // The 304 names the representation the client holds, compressed or not.
    const held = (request.headers['if-none-match'] ?? '')
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .find((t) => representationTag(t) === etag);
    if (held) reply.header('etag', held);
  }
  done(null, payload);
};

/** The ETag of the uncompressed representation a (possibly compressed) tag stands for. */
export function representationTag(tag: string): string {
  return tag.replace(ENCODED_TAG, '"');
}

/** The encodings this server compresses with, preferred first on equal weight (as registered). */
const ENCODINGS: readonly BodyEncoding[] = ['br', 'gzip'];

/**
 * The encoding the compressor would choose for this request, for answers that bring their body
 * already compressed (kept documents): the accepted encoding of highest weight, br before gzip on
 * a tie, `*` standing for any; none when the client accepts neither or asks for no compression.
 */
export function acceptedEncoding(request: FastifyRequest): BodyEncoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: BodyEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
