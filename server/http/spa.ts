import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sendNotFound } from './errors';

/** Paths that belong to the server's JSON interfaces: never answered with the SPA. */
function isMachinePath(url: string): boolean {
  return /^\/(app|api)(\/|\?|$)/.test(url) || url === '/health';
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every other
 * browser path so client-side routes survive a reload. When the app has not been built (the
 * `dev` script serves it through Vite), pages answer with a short explanation instead.
 */
export async function registerSpa(
  app: FastifyInstance,
  spaDir: string,
): Promise<{ sendPage: (reply: FastifyReply) => FastifyReply }> {
  const indexFile = path.join(spaDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: spaDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/precompress.ts); clients that accept one get it.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build:web`, or use `npm run dev`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', spaDir);
  };

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isMachinePath(request.url) &&
      wantsHtml(request);
    return isPageRequest ? sendIndex(reply) : sendNotFound(reply, request.method, request.url);
  });
  return { sendPage: sendIndex };
}
