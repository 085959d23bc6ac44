import { itemResultsSchema, profileResultsSchema, searchQuerySchema } from '../../../common/search';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

/** The search page: published profiles, concepts, templates and patterns, for anyone. */
export function searchRoutes(app: ZodApp, services: Services): void {
  const search = services.search;

  app.get(
    '/search/profiles',
    { schema: { querystring: searchQuerySchema, response: { 200: profileResultsSchema } } },
    async (request) => search.profiles(request.query),
  );

  for (const [path, kind] of [
    ['concepts', 'concept'],
    ['templates', 'template'],
    ['patterns', 'pattern'],
  ] as const) {
    app.get(
      `/search/${path}`,
      { schema: { querystring: searchQuerySchema, response: { 200: itemResultsSchema } } },
      async (request) => search.items(kind, request.query),
    );
  }
}
