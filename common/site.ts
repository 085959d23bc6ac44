import { z } from 'zod';

/** What the web app needs to know about the installation it runs on (footer, links). */
export const siteConfigSchema = z.object({
  organizationName: z.string(),
  supportPhone: z.string().nullable(),
  helpdeskUrl: z.string().nullable(),
  publicUrl: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const csrfTokenSchema = z.object({ token: z.string() });
export type CsrfToken = z.infer<typeof csrfTokenSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
export type Health = z.infer<typeof healthSchema>;
