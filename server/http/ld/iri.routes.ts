import type { FastifyInstance } from 'fastify';

/**
 * Generated IRIs (profiles, versions, concepts, templates, patterns) live under `PUBLIC_URL/iri/`
 * by default. They name things, not documents, so dereferencing one answers 303 See Other to the
 * document about it (`/api/iri/…`), which is the page for a browser and JSON-LD or Turtle for a
 * client that asks for them.
 */
export function iriRoutes(app: FastifyInstance, publicUrl: string): void {
  app.get('/iri/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const iri = `${publicUrl}${path}`;
    reply.header('access-control-allow-origin', '*');
    return reply.redirect(`/api/iri/${encodeURIComponent(iri)}`, 303);
  });
}
