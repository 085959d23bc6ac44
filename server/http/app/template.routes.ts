import { z } from 'zod';
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

  app.put(
    `${one}/determining-properties/:property`,
    {
      schema: {
        params: propertyParams,
        body: determiningValuesSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId, property } = request.params;
      return templates.parts.setDeterminingProperty(
        request.user,
        profileId,
        versionId,
        templateId,
        property,
        request.body.conceptIds,
      );
    },
  );

  app.delete(
    `${one}/determining-properties/:property`,
    { schema: { params: propertyParams, response: { 200: templateChangeSchema } } },
    async (request) => {
      const { profileId, versionId, templateId, property } = request.params;
      return templates.parts.removeDeterminingProperty(
        request.user,
        profileId,
        versionId,
        templateId,
        property,
      );
    },
  );

  app.post(
    `${one}/rules`,
    {
      schema: {
        params: templateParams,
        body: ruleInputSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.parts.addRule(
        request.user,
        profileId,
        versionId,
        templateId,
        request.body.rule,
      );
    },
  );

  app.put(
    `${one}/rules/:index`,
    {
      schema: {
        params: ruleParams,
        body: ruleInputSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId, index } = request.params;
      return templates.parts.updateRule(
        request.user,
        profileId,
        versionId,
        templateId,
        index,
        request.body.rule,
      );
    },
  );

  app.delete(
    `${one}/rules/:index`,
    { schema: { params: ruleParams, response: { 200: templateChangeSchema } } },
    async (request) => {
      const { profileId, versionId, templateId, index } = request.params;
      return templates.parts.removeRule(request.user, profileId, versionId, templateId, index);
    },
  );

  app.put(
    `${one}/example`,
    {
      schema: {
        params: templateParams,
        body: exampleInputSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.parts.setExample(
        request.user,
        profileId,
        versionId,
        templateId,
        request.body.statementExample,
      );
    },
  );

  app.put(
    `${one}/refs/:refType`,
    {
      schema: {
        params: refParams,
        body: templateRefsInputSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId, refType } = request.params;
      return templates.parts.setReferences(
        request.user,
        profileId,
        versionId,
        templateId,
        refType,
        request.body.templateIds,
      );
    },
  );
}
