import type { SiteConfig } from '../../../common/site';
import type { Config } from '../../config';

export function presentSiteConfig(config: Config): SiteConfig {
  return {
    organizationName: config.site.organizationName,
    supportPhone: config.site.supportPhone,
    helpdeskUrl: config.site.helpdeskUrl,
    publicUrl: config.publicUrl,
    webhookRetryDelaysMs: config.webhooks.retryDelaysMs,
  };
}
