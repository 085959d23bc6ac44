import { z } from 'zod';
import { acceptedLanguages } from '../../../xapi/docs/index';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const params = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});
const query = z
  .object({
    lang: z
      .string()
      .regex(
        /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,4}$/,
        'must be a language tag such as en or fr-CA',
      )
      .optional(),
    download: z.enum(['1']).optional(),
  })
  .strict();

/**
 * A version's documentation, generated from its document: the page (HTML, in the language asked
 * for or the browser's) and the same as Markdown. For whoever may see the version.
 */
export function docsRoutes(app: ZodApp, services: Services): void {
  app.get(
    '/profile/:profileId/version/:versionId/docs',
    { schema: { params, querystring: query, response: { 200: z.string() } } },
    async (request, reply) => {
      const answer = await services.docs.forViewer(
        request.user,
        request.params.profileId,
        request.params.versionId,
        {
          language: request.query.lang,
          accepted: acceptedLanguages(request.headers['accept-language']),
        },
      );
      reply
        .type('text/html; charset=utf-8')
        .header('vary', 'Accept-Language, Cookie')
        .header('content-language', answer.docs.lang)
        .header('cache-control', 'private, no-cache');
      if (request.query.download)
        reply.header('content-disposition', `attachment; filename="${answer.fileStem}.html"`);
      return services.docs.html(answer);
    },
  );

  app.get(
    '/profile/:profileId/version/:versionId/docs.md',
    { schema: { params, querystring: query, response: { 200: z.string() } } },
    async (request, reply) => {
      const answer = await services.docs.forViewer(
        request.user,
        request.params.profileId,
        request.params.versionId,
        {
          language: request.query.lang,
          accepted: acceptedLanguages(request.headers['accept-language']),
        },
      );
      return reply
        .type('text/markdown; charset=utf-8')
        .header('vary', 'Accept-Language, Cookie')
        .header('content-language', answer.docs.lang)
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `attachment; filename="${answer.fileStem}.md"`)
        .send(services.docs.markdown(answer));
    },
  );
}
