import { z } from 'zod';
import { successSchema } from '../../../common/api';
import {
  harvestAddAnswerSchema,
  harvestAddSchema,
  harvestFileAnswerSchema,
  harvestQueueSchema,
  harvestUploadQuerySchema,
  IMPORT_MAX_FILE_BYTES,
} from '../../../common/harvest';
import { ErrorCode } from '../../../common/errors';
import type { Services } from '../../services';
import { declareCounts } from '../input-guard';
import type { ZodApp } from '../types';
import { versionParams } from './item.routes';

const base = '/profile/:profileId/version/:versionId/harvest';
const fileParams = versionParams.extend({ fileId: z.uuid('must be an Import Queue file id') });

/** A profile's Import Queue (see `common/harvest.ts`): members, current version only. */
export function harvestRoutes(app: ZodApp, services: Services): void {
  const harvest = services.harvest;

  app.get(
    base,
    { schema: { params: versionParams, response: { 200: harvestQueueSchema } } },
    async (request) =>
      harvest.list(request.user, request.params.profileId, request.params.versionId),
  );

  app.post(
    base,
    {
      // The file's own JSON is the body: a statement, an array of them or an LRS result.
      bodyLimit: IMPORT_MAX_FILE_BYTES,
      // A longer list is refused by its length, before anything walks it.
      config: declareCounts({
        '': { max: harvest.maxStatements, what: 'statements', code: ErrorCode.TooManyStatements },
        statements: {
          max: harvest.maxStatements,
          what: 'statements',
          code: ErrorCode.TooManyStatements,
        },
      }),
      schema: {
        params: versionParams,
        querystring: harvestUploadQuerySchema,
        body: z.unknown(),
        response: { 200: harvestFileAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      file: await harvest.upload(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.query.fileName,
        request.body,
      ),
    }),
  );

  app.get(
    `${base}/:fileId`,
    { schema: { params: fileParams, response: { 200: harvestFileAnswerSchema } } },
    async (request) => ({
      success: true as const,
      file: await harvest.get(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.params.fileId,
      ),
    }),
  );

  app.delete(
    `${base}/:fileId`,
    { schema: { params: fileParams, response: { 200: successSchema } } },
    async (request) => {
      await harvest.remove(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.params.fileId,
      );
      return { success: true as const };
    },
  );

  app.post(
    `${base}/:fileId/add`,
    {
      schema: {
        params: fileParams,
        body: harvestAddSchema,
        response: { 200: harvestAddAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await harvest.add(
        request.user,
        request.params.profileId,
        request.params.versionId,
        request.params.fileId,
        request.body.key,
      )),
    }),
  );
}
