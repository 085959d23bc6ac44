import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../services';
import { sendDocument } from '../api/present';
import type { ZodApp } from '../types';
import { negotiate } from './negotiation';

const offered = ['html', 'jsonld', 'json', 'turtle'] as const;

/**
 * Profile pages are also the profile's data: a browser gets the page, a client asking for
 * JSON-LD or Turtle gets the document — so IRIs that redirect here dereference properly. Only
 * what the public may read is served this way.
 */
export function documentRoutes(
  app: ZodApp,
  services: Services,
  sendPage: (reply: FastifyReply) => FastifyReply,
): void {
  const wantsPage = (request: FastifyRequest) =>
    negotiate(request.headers.accept, [...offered]) === 'html';

  const serve = async (request: FastifyRequest, reply: FastifyReply, uuid: string) =>
    wantsPage(request)
      ? sendPage(reply)
      : sendDocument(request, reply, await services.publicApi.byUuid({ key: null }, uuid));

  const id = z.string().max(100);
  app.get('/profile/:id', { schema: { hide: true, params: z.object({ id }) } }, (request, reply) =>
    serve(request, reply, request.params.id),
  );
  app.get(
    '/profile/:id/version/:versionId',
    { schema: { hide: true, params: z.object({ id, versionId: id }) } },
    (request, reply) => serve(request, reply, request.params.versionId),
  );
  app.get(
    '/organization/:organizationId/profile/:id/version/:versionId',
    { schema: { hide: true, params: z.object({ organizationId: id, id, versionId: id }) } },
    (request, reply) => serve(request, reply, request.params.versionId),
  );

  // Generated IRIs redirect here (see iri.routes.ts): a browser gets the page that resolves the
  // IRI to its profile or item; a client asking for data gets the profile's or item's JSON-LD
  // or Turtle. The answer depends on Accept, and any origin may read it.
  app.get('/api/iri/*', { schema: { hide: true } }, async (request, reply) => {
    reply.header('vary', 'Accept').header('access-control-allow-origin', '*');
    if (wantsPage(request)) return sendPage(reply);
    const iri = decoded(request.url.slice('/api/iri/'.length).split('?')[0] ?? '');
    return sendDocument(request, reply, await services.publicApi.dereference({ key: null }, iri));
  });
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
