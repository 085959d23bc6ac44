import { csrfTokenSchema, siteConfigSchema } from '../../../common/site';
import { presentSiteConfig } from '../../modules/site/presenter';
import type { Services } from '../../services';
import type { ZodApp } from '../types';
import type { Csrf } from './csrf';

export function siteRoutes(app: ZodApp, services: Services, csrf: Csrf): void {
  app.get('/csrf', { schema: { response: { 200: csrfTokenSchema } } }, async (request, reply) => ({
    token: csrf.issue(request, reply),
  }));

  app.get('/site', { schema: { response: { 200: siteConfigSchema } } }, async () =>
    presentSiteConfig(services.config),
  );
}
