import { z } from 'zod';
import { basedOnHeadersSchema, IF_MATCH_HEADER } from '../../../common/revisions';
import {
  determiningPropertySchema,
  determiningValuesSchema,
  exampleInputSchema,
  linkTemplatesSchema,
  ruleInputSchema,
  templateChangeSchema,
  templateDetailsSchema,
  templateListQuerySchema,
  templateListSchema,
  templateRefsInputSchema,
  templateRefTypeSchema,
  templateSearchQuerySchema,
  templateViewSchema,
} from '../../../common/templates';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { itemRoutes, versionParams } from './item.routes';

const templateParams = versionParams.extend({ templateId: z.uuid('must be a template id') });
const propertyParams = templateParams.extend({ property: determiningPropertySchema });
const ruleParams = templateParams.extend({
  index: z.coerce.number().int().min(0, 'must be a rule position').max(10_000),
});
const refParams = templateParams.extend({ refType: templateRefTypeSchema });
const base = '/profile/:profileId/version/:versionId/templates';
const one = `${base}/:templateId`;

/** Statement templates: the routes every kind of item has, and the template's own parts. */
export function templateRoutes(app: ZodApp, services: Services): void {
  const templates = services.templates;
  itemRoutes(app, services, {
    kind: 'template',
    plural: 'templates',
    service: templates,
    linkKey: 'templateIds',
    schemas: {
      listQuery: templateListQuerySchema,
      list: templateListSchema,
      view: templateViewSchema,
      change: templateChangeSchema,
      create: templateDetailsSchema,
      // The details form; IRI fields are ignored here, as a template's IRI is permanent.
      edit: templateDetailsSchema,
      link: linkTemplatesSchema,
      search: templateSearchQuerySchema,
    },
  });

  const parts = templates.parts;
  const change = { 200: templateChangeSchema };

  app.put(
    `${one}/determining-properties/:property`,
    {
      schema: {
        params: propertyParams,
        headers: basedOnHeadersSchema,
        body: determiningValuesSchema,
        response: change,
      },
    },
    async ({ user, params: p, headers, body }) =>
      parts.setDeterminingProperty(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        p.property,
        body.conceptIds,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.delete(
    `${one}/determining-properties/:property`,
    { schema: { params: propertyParams, headers: basedOnHeadersSchema, response: change } },
    async ({ user, params: p, headers }) =>
      parts.removeDeterminingProperty(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        p.property,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.post(
    `${one}/rules`,
    {
      schema: {
        params: templateParams,
        headers: basedOnHeadersSchema,
        body: ruleInputSchema,
        response: change,
      },
    },
    async ({ user, params: p, headers, body }) =>
      parts.addRule(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        body.rule,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.put(
    `${one}/rules/:index`,
    {
      schema: {
        params: ruleParams,
        headers: basedOnHeadersSchema,
        body: ruleInputSchema,
        response: change,
      },
    },
    async ({ user, params: p, headers, body }) =>
      parts.updateRule(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        p.index,
        body.rule,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.delete(
    `${one}/rules/:index`,
    { schema: { params: ruleParams, headers: basedOnHeadersSchema, response: change } },
    async ({ user, params: p, headers }) =>
      parts.removeRule(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        p.index,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.put(
    `${one}/example`,
    {
      schema: {
        params: templateParams,
        headers: basedOnHeadersSchema,
        body: exampleInputSchema,
        response: change,
      },
    },
    async ({ user, params: p, headers, body }) =>
      parts.setExample(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        body.statementExample,
        headers[IF_MATCH_HEADER],
      ),
  );

  app.put(
    `${one}/refs/:refType`,
    {
      schema: {
        params: refParams,
        headers: basedOnHeadersSchema,
        body: templateRefsInputSchema,
        response: change,
      },
    },
    async ({ user, params: p, headers, body }) =>
      parts.setReferences(
        user,
        p.profileId,
        p.versionId,
        p.templateId,
        p.refType,
        body.templateIds,
        headers[IF_MATCH_HEADER],
      ),
  );
}
