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
import type { UserRow } from '../../db/schema';
import type { PartsEdit } from '../../modules/templates/parts';
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

/** Who changes which template's parts, and the revision the form was filled from. */
function partsEdit(request: {
  user: UserRow | null;
  params: z.infer<typeof templateParams>;
  headers: z.infer<typeof basedOnHeadersSchema>;
}): PartsEdit {
  const { profileId, versionId, templateId } = request.params;
  const basedOn = request.headers[IF_MATCH_HEADER];
  return { user: request.user, profileId, versionId, templateId, basedOn };
}

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
    async (request) =>
      parts.setDeterminingProperty(
        partsEdit(request),
        request.params.property,
        request.body.conceptIds,
      ),
  );

  app.delete(
    `${one}/determining-properties/:property`,
    { schema: { params: propertyParams, headers: basedOnHeadersSchema, response: change } },
    async (request) => parts.removeDeterminingProperty(partsEdit(request), request.params.property),
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
    async (request) => parts.addRule(partsEdit(request), request.body.rule),
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
    async (request) =>
      parts.updateRule(partsEdit(request), request.params.index, request.body.rule),
  );

  app.delete(
    `${one}/rules/:index`,
    { schema: { params: ruleParams, headers: basedOnHeadersSchema, response: change } },
    async (request) => parts.removeRule(partsEdit(request), request.params.index),
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
    async (request) => parts.setExample(partsEdit(request), request.body.statementExample),
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
    async (request) =>
      parts.setReferences(partsEdit(request), request.params.refType, request.body.templateIds),
  );
}
