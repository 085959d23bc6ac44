import { BODY_LIMITS } from '../../../common/limits';
import { z } from 'zod';
import { AppError } from '../../modules/errors';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import { CACHE_CONTROL } from '../cache-control';
import { publishedFeedbackSchema } from '../../../common/feedback';
import { publishedHistorySchema } from '../../../common/history';
import { publishedHistory } from '../../modules/items/history';
import { changelogFormat, sendMarkdown } from './changelog-format';
import { answerWithDocument, preconditionsOf, sendDocument } from './present';
import {
  comparisonAnswerSchema,
  comparisonQuery,
  deleteAnswerSchema,
  errors,
  importBodySchema,
  iriQuerySchema,
  listQuerySchema,
  metadataAnswerSchema,
  metadataListSchema,
  profileDocumentSchema,
  profileParams,
  statusAnswerSchema,
  statusInputSchema,
  uuidParams,
  validateAnswerSchema,
  writeAnswerSchema,
} from './schemas';

type Security = Array<Record<string, string[]>>;
const KEY: Security = [{ apiKey: [] }];
const OPTIONAL_KEY: Security = [{}, { apiKey: [] }];
const documentResponses = {
  200: profileDocumentSchema,
  304: z.null().describe('Not modified since If-None-Match / If-Modified-Since.'),
};

export function publicProfileRoutes(app: ZodApp, services: Services): void {
  const api = services.publicApi;

  app.get(
    '/profile',
    {
      schema: {
        summary: 'Published profiles (metadata), or one profile by IRI',
        description:
          'Without `iri`: the metadata of published profiles, paged, optionally of one working group. With `iri`: the JSON-LD of the profile (its current published version) or of the version with that IRI.',
        tags: ['Profiles'],
        querystring: listQuerySchema.extend(iriQuerySchema.partial().shape),
        security: OPTIONAL_KEY,
        response: {
          200: metadataListSchema.or(profileDocumentSchema),
          ...errors(400, 401, 404, 406, 429),
        },
      },
    },
    async (request, reply) => {
      const { iri, ...page } = request.query;
      if (iri !== undefined) {
        return sendDocument(request, reply, await api.byIri(request.apiCaller, iri));
      }
      // Published profiles only, the same for every caller.
      reply.header('cache-control', CACHE_CONTROL.current);
      return api.list(request.apiCaller, page);
    },
  );

  app.get(
    '/profile/:uuid',
    {
      schema: {
        summary: 'Get a profile document',
        description:
          'A profile uuid gives its current published version, a version uuid that version. A draft needs a read key of its working group. Answers carry Last-Modified and ETag; If-None-Match / If-Modified-Since give 304. `Accept: text/turtle` gives Turtle.',
        tags: ['Profiles'],
        params: uuidParams,
        security: OPTIONAL_KEY,
        response: { ...documentResponses, ...errors(400, 401, 403, 404, 406, 429) },
      },
    },
    (request, reply) =>
      answerWithDocument(request, reply, api.byUuid(request.apiCaller, request.params.uuid)),
  );

  for (const path of ['/profile/:uuid/meta', '/profile/:uuid/metadata']) {
    app.get(
      path,
      {
        schema: {
          summary: path.endsWith('meta')
            ? 'Get profile metadata'
            : 'Get profile metadata (alias of /meta)',
          tags: ['Profiles'],
          params: uuidParams,
          security: OPTIONAL_KEY,
          response: { 200: metadataAnswerSchema, ...errors(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const answer = await api.metadata(request.apiCaller, request.params.uuid);
        // Metadata moves with verification, even for a published version.
        reply
          .header('last-modified', answer.lastModified.toUTCString())
          .header(
            'cache-control',
            answer.published ? CACHE_CONTROL.current : CACHE_CONTROL.private,
          );
        return { success: true as const, metadata: answer.metadata };
      },
    );
  }

  app.get(
    '/profile/:uuid/version/:versionUuid/feedback',
    {
      schema: {
        summary: 'Feedback on a published version',
        description:
          'The public feedback on a published version and its items (problems, questions and suggestions left on the site), newest first, with the working group’s answer, the later version that addresses it or why it was closed. Private and hidden feedback is never listed; a draft is not found.',
        tags: ['Profiles'],
        params: profileParams.extend({ versionUuid: z.uuid('must be a version id') }),
        security: OPTIONAL_KEY,
        response: { 200: publishedFeedbackSchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const feedback = await services.feedback.published(
        request.params.uuid,
        request.params.versionUuid,
      );
      reply.header('access-control-allow-origin', '*');
      return { success: true as const, feedback };
    },
  );

  app.get(
    '/item/:uuid/history',
    {
      schema: {
        summary: 'History of a concept, template or pattern',
        description:
          'Every revision of an item that a published version lists, newest first: when it was saved, in which version, and what changed from the one before it, field by field, with the impact the version comparison gives (`breaking`, `additive`, `editorial`). Drafts’ revisions are never listed; an item no published version lists is not found.',
        tags: ['Profiles'],
        params: z.object({ uuid: z.uuid('must be an item uuid').describe('An item uuid.') }),
        security: OPTIONAL_KEY,
        response: { 200: publishedHistorySchema, ...errors(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('access-control-allow-origin', '*');
      return publishedHistory(services.database.db, request.params.uuid);
    },
  );

  app.get(
    '/profile/:uuid/changes',
    {
      schema: {
        summary: 'Compare two versions of a profile',
        description:
          'What changed from version `from` to version `to` (default: the current published version): profile metadata and each concept, template and pattern added, removed, moved to a new IRI, deprecated or changed, field by field. Each change is classified for statement producers (`breaking`, `additive`, `editorial`), with a suggested next version number (MODEL.REVISION.ADDITION) and warnings where the specification expects a new IRI. `Accept: text/markdown` gives the changelog as Markdown. A draft can be compared only with a read key of its working group.',
        tags: ['Profiles'],
        params: profileParams,
        querystring: comparisonQuery,
        security: OPTIONAL_KEY,
        response: { 200: comparisonAnswerSchema, ...errors(400, 401, 403, 404, 406, 429) },
      },
    },
    async (request, reply) => {
      const format = changelogFormat(request.headers.accept);
      const comparison = await services.changes.forApiCaller(
        request.apiCaller,
        request.params.uuid,
        request.query,
      );
      reply.header('access-control-allow-origin', '*').header('vary', 'Accept');
      if (format === 'markdown') return sendMarkdown(reply, services.changes.markdown(comparison));
      return comparison;
    },
  );

  app.post(
    '/profile',
    {
      bodyLimit: BODY_LIMITS.document,
      schema: {
        summary: 'Import a profile',
        description:
          'Stores the document in the key’s working group: a new IRI creates a profile, an IRI the group owns gets its next version (its `wasRevisionOf` must name the latest stored version). Published unless `status.published` is false; published, it must pass the import rules (400 with the findings otherwise). Kept as a draft, it may break MUSTs, to be fixed here: it needs only a profile `id`, a first version `id` and items that are objects with an `id`; an item listed twice keeps its first entry. The answer lists the findings.',
        tags: ['Profiles'],
        body: importBodySchema,
        security: KEY,
        response: { 200: writeAnswerSchema, ...errors(400, 401, 403, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const answer = await api.import(request.apiCaller, request.body);
      reply.header('last-modified', answer.lastModified.toUTCString());
      return { success: true as const, metadata: answer.metadata, findings: answer.findings };
    },
  );

  app.put(
    '/profile/:uuid',
    {
      bodyLimit: BODY_LIMITS.document,
      schema: {
        summary: 'Edit a draft profile',
        description:
          'Replaces the draft’s content. Requires If-Match (the ETag of your last GET or POST) or If-Unmodified-Since (its Last-Modified); when both are sent, both must hold. Stays a draft unless `status.published` is true; a draft may break MUSTs, and the answer lists its findings.',
        tags: ['Profiles'],
        params: uuidParams,
        body: importBodySchema,
        security: KEY,
        response: {
          200: writeAnswerSchema,
          ...errors(400, 401, 403, 404, 409, 412, 413, 428, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await api.update(
        request.apiCaller,
        request.params.uuid,
        request.body,
        preconditionsOf(request),
      );
      reply.header('last-modified', answer.lastModified.toUTCString());
      return { success: true as const, metadata: answer.metadata, findings: answer.findings };
    },
  );

  app.delete(
    '/profile/:uuid',
    {
      schema: {
        summary: 'Delete a draft profile',
        tags: ['Profiles'],
        params: uuidParams,
        security: KEY,
        response: { 200: deleteAnswerSchema, ...errors(400, 401, 403, 404, 405, 429) },
      },
    },
    async (request, reply) => {
      try {
        await api.deleteDraft(request.apiCaller, request.params.uuid);
      } catch (error) {
        // A 405 must name the methods the resource allows (RFC 9110 §15.5.6): a published
        // version is only read.
        if (error instanceof AppError && error.status === 405) reply.header('allow', 'GET, HEAD');
        throw error;
      }
      return { success: true as const, message: 'The draft was successfully deleted.' };
    },
  );

  app.post(
    '/profile/:uuid/status',
    {
      schema: {
        summary: 'Update profile status',
        description:
          'Publishes the draft (`published: true`) and/or asks for verification (`verificationRequest`). `verified` cannot be set.',
        tags: ['Profiles'],
        params: uuidParams,
        body: statusInputSchema,
        security: KEY,
        response: { 200: statusAnswerSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => api.status(request.apiCaller, request.params.uuid, request.body),
  );

  app.post(
    '/validate',
    {
      bodyLimit: BODY_LIMITS.document,
      schema: {
        summary: 'Validate a profile',
        description:
          'Checks a document against the xAPI Profiles specification (import rules). Send the document itself or `{ "profile": document }`. No key needed. An import may still be refused for reasons only the server knows, such as an IRI already in use.',
        tags: ['Validation'],
        body: profileDocumentSchema,
        response: { 200: validateAnswerSchema, ...errors(400, 413, 429) },
      },
    },
    async (request) => {
      const { warnings } = api.validate(unwrapProfile(request.body));
      return { success: true as const, message: 'Validation successful.' as const, warnings };
    },
  );
}

/** `{profile: doc}` and the bare document are both accepted; a document has an id or a type. */
function unwrapProfile(body: Record<string, unknown>): unknown {
  const wrapped =
    'profile' in body && !('id' in body) && !('type' in body) && !('@context' in body);
  return wrapped ? body.profile : body;
}
