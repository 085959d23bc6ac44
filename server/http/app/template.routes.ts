import { z } from 'zod';
import { successSchema } from '../../../common/api';
import { deprecateSchema, linkAnswerSchema } from '../../../common/concepts';
import { lockAnswerSchema } from '../../../common/locks';
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
import { presentLock } from '../../modules/locks/service';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const versionParams = z.object({
  profileId: z.uuid('must be a profile id'),
  versionId: z.uuid('must be a version id'),
});
const templateParams = versionParams.extend({ templateId: z.uuid('must be a template id') });
const propertyParams = templateParams.extend({ property: determiningPropertySchema });
const ruleParams = templateParams.extend({
  index: z.coerce.number().int().min(0, 'must be a rule position').max(10_000),
});
const refParams = templateParams.extend({ refType: templateRefTypeSchema });
const templateOnly = z.object({ templateId: z.uuid('must be a template id') });
const base = '/profile/:profileId/version/:versionId/templates';
const one = `${base}/:templateId`;

/** The statement template routes of the site API (restore and claim live with adoption). */
export function templateRoutes(app: ZodApp, services: Services): void {
  const templates = services.templates;

  app.get(
    base,
    {
      schema: {
        params: versionParams,
        querystring: templateListQuerySchema,
        response: { 200: templateListSchema },
      },
    },
    async (request) =>
      templates.list(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.query,
      ),
  );

  app.post(
    base,
    {
      schema: {
        params: versionParams,
        body: templateDetailsSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) =>
      templates.create(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body,
      ),
  );

  app.post(
    `${base}/link`,
    {
      schema: {
        params: versionParams,
        body: linkTemplatesSchema,
        response: { 200: linkAnswerSchema },
      },
    },
    async (request) =>
      templates.link(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.body.templateIds,
      ),
  );

  app.get(
    one,
    { schema: { params: templateParams, response: { 200: templateViewSchema } } },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.get(request.user, profileId, versionId, templateId);
    },
  );

  // The details form; IRI fields are ignored here, as a template's IRI is permanent.
  app.put(
    one,
    {
      schema: {
        params: templateParams,
        body: templateDetailsSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.updateDetails(request.user, profileId, versionId, templateId, request.body);
    },
  );

  app.delete(
    one,
    { schema: { params: templateParams, response: { 200: templateChangeSchema } } },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.remove(request.user, profileId, versionId, templateId);
    },
  );

  app.post(
    `${one}/deprecate`,
    {
      schema: {
        params: templateParams,
        body: deprecateSchema,
        response: { 200: templateChangeSchema },
      },
    },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.deprecate(request.user, profileId, versionId, templateId, request.body);
    },
  );

  app.delete(
    `${one}/link`,
    { schema: { params: templateParams, response: { 200: linkAnswerSchema } } },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      return templates.removeLink(request.user, profileId, versionId, templateId);
    },
  );

  app.post(
    `${one}/lock`,
    { schema: { params: templateParams, response: { 200: lockAnswerSchema } } },
    async (request) => {
      const { profileId, versionId, templateId } = request.params;
      const lock = await templates.lock(request.user, profileId, versionId, templateId);
      return { success: true as const, lock: presentLock(lock) };
    },
  );

  app.delete(
    `${one}/lock`,
    { schema: { params: templateParams, response: { 200: successSchema } } },
    async (request) => {
      await templates.unlock(request.user, request.params.templateId);
      return { success: true as const };
    },
  );

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
      return templates.setDeterminingProperty(
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
      return templates.removeDeterminingProperty(
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
      return templates.addRule(request.user, profileId, versionId, templateId, request.body.rule);
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
      return templates.updateRule(
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
      return templates.removeRule(request.user, profileId, versionId, templateId, index);
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
      return templates.setExample(
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
      return templates.setReferences(
        request.user,
        profileId,
        versionId,
        templateId,
        refType,
        request.body.templateIds,
      );
    },
  );

  app.get(
    '/template/:templateId',
    { schema: { params: templateOnly, response: { 200: templateViewSchema } } },
    async (request) => templates.getPublic(request.user, request.params.templateId),
  );

  app.get(
    '/templates/search',
    { schema: { querystring: templateSearchQuerySchema, response: { 200: templateListSchema } } },
    async (request) => templates.search(request.user, request.query),
  );
}
