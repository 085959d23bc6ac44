import {
  conceptChangeSchema,
  conceptInputSchema,
  conceptListQuerySchema,
  conceptListSchema,
  conceptSearchQuerySchema,
  conceptViewSchema,
  linkConceptsSchema,
} from '../../../common/concepts';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { itemRoutes } from './item.routes';

/** Concepts of profile versions: only the routes every kind of item has. */
export function conceptRoutes(app: ZodApp, services: Services): void {
  itemRoutes(app, services, {
    kind: 'concept',
    plural: 'concepts',
    service: services.concepts,
    linkKey: 'conceptIds',
    schemas: {
      listQuery: conceptListQuerySchema,
      list: conceptListSchema,
      view: conceptViewSchema,
      change: conceptChangeSchema,
      create: conceptInputSchema,
      edit: conceptInputSchema,
      link: linkConceptsSchema,
      search: conceptSearchQuerySchema,
    },
  });
}
