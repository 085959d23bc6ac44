import { z } from 'zod';
import { claimSchema } from '../../../common/concepts';
import { patternChangeSchema } from '../../../common/patterns';
import { templateChangeSchema } from '../../../common/templates';
import type { Services } from '../../services';
import type { ZodApp } from '../types';

const templateOnly = z.object({ templateId: z.uuid('must be a template id') });
const patternOnly = z.object({ patternId: z.uuid('must be a pattern id') });

/** Restoring deleted statement templates and patterns, and claiming orphaned ones. */
export function itemAdoptionRoutes(app: ZodApp, services: Services): void {
  const { adoption } = services;

  for (const which of ['restore', 'claim'] as const) {
    app.post(
      `/template/:templateId/${which}`,
      {
        schema: {
          params: templateOnly,
          body: claimSchema,
          response: { 200: templateChangeSchema },
        },
      },
      async (request) => {
        const { uuid, versionId } = await adoption[which](
          request.user,
          'template',
          request.params.templateId,
          request.body.profileId,
        );
        return { success: true as const, template: { uuid }, versionId };
      },
    );

    app.post(
      `/pattern/:patternId/${which}`,
      {
        schema: {
          params: patternOnly,
          body: claimSchema,
          response: { 200: patternChangeSchema },
        },
      },
      async (request) => {
        const { uuid, versionId } = await adoption[which](
          request.user,
          'pattern',
          request.params.patternId,
          request.body.profileId,
        );
        return { success: true as const, pattern: { uuid }, versionId };
      },
    );
  }
}
