import type { FastifyInstance } from 'fastify';

/**
 * Generated profile IRIs live under `PUBLIC_URL/iri/` by default; dereferencing one leads to the
 * page that resolves it, so an IRI pasted into a browser shows its profile.
 */
export function iriRoutes(app: FastifyInstance, publicUrl: string): void {
  app.get('/iri/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const iri = `${publicUrl}${path}`;
    return reply.redirect(`/api/iri/${encodeURIComponent(iri)}`, 303);
  });
}
