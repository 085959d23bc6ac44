import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sendNotFound } from './errors';

/** Paths that belong to the server's JSON interfaces: never answered with the SPA. */
function isMachinePath(url: string): boolean {
  return /^\/(app|api)(\/|\?|$)/.test(url) || url === '/health';
}

/** The build's hashed files (scripts, styles, fonts): `/assets/<name>`, and the name. */
const ASSET = /^\/assets\/([^?#]*)/;
/** A name the build writes: no folders, no dot files, nothing to decode. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` for every other
 * browser path so client-side routes survive a reload. When the app has not been built (the
 * `dev` script serves it through Vite), pages answer with a short explanation instead.
 *
 * An asset path never gets the page: after a rebuild, a tab opened before it asks for script
 * chunks that are gone, and the page in their place (HTML where a script was expected) left the
 * tab blank instead of failing the import, which the web app answers by loading itself again.
 * An asset written after the server started (a rebuild under a running server) is served from
 * the folder, since the static routes list only the files found at start.
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
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache',
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

  const sendAsset = (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (built && isRead && ASSET_NAME.test(name) && existsSync(path.join(spaDir, 'assets', name)))
      return reply.header('cache-control', IMMUTABLE).sendFile(`assets/${name}`, spaDir);
    return sendNotFound(reply, request.method, request.url);
  };

  app.setNotFoundHandler((request, reply) => {
    const asset = ASSET.exec(request.url);
    if (asset) return sendAsset(request, reply, asset[1] ?? '');
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isMachinePath(request.url) &&
      wantsHtml(request);
    return isPageRequest ? sendIndex(reply) : sendNotFound(reply, request.method, request.url);
  });
  return { sendPage: sendIndex };
}
