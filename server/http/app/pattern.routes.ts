import {
  componentListSchema,
  componentSearchQuerySchema,
  createPatternSchema,
  editPatternSchema,
  linkPatternsSchema,
  patternChangeSchema,
  patternListQuerySchema,
  patternListSchema,
  patternSearchQuerySchema,
  patternViewSchema,
} from '../../../common/patterns';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { itemRoutes } from './item.routes';

/** Patterns of profile versions: the routes every kind of item has, and component search. */
export function patternRoutes(app: ZodApp, services: Services): void {
  const patterns = services.patterns;
  itemRoutes(app, services, {
    kind: 'pattern',
    plural: 'patterns',
    service: patterns,
    linkKey: 'patternIds',
    schemas: {
      listQuery: patternListQuerySchema,
      list: patternListSchema,
      view: patternViewSchema,
      change: patternChangeSchema,
      create: createPatternSchema,
      edit: editPatternSchema,
      link: linkPatternsSchema,
      search: patternSearchQuerySchema,
    },
  });

  app.get(
    '/pattern-components/search',
    {
      schema: { querystring: componentSearchQuerySchema, response: { 200: componentListSchema } },
    },
    async (request) => patterns.searchComponents(request.user, request.query),
  );
}
