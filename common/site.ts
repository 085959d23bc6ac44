import { z } from 'zod';

/** What the web app needs to know about the installation it runs on (footer, links). */
export const siteConfigSchema = z.object({
  organizationName: z.string(),
  supportPhone: z.string().nullable(),
  helpdeskUrl: z.string().nullable(),
  publicUrl: z.string(),
  /** The delays between a webhook delivery's attempts, as this server is configured. */
  webhookRetryDelaysMs: z.array(z.number()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const csrfTokenSchema = z.object({ token: z.string() });
export type CsrfToken = z.infer<typeof csrfTokenSchema>;

export const healthSchema = z.object({
  /** `overloaded`: the node refuses new work for now, for the reasons given. */
  status: z.enum(['ok', 'unavailable', 'overloaded']),
  database: z.enum(['ok', 'unavailable']),
  /** Why the node refuses new work (empty when it does not). */
  pressure: z.array(z.string()),
  /** The mean delay of the event loop over the last sample, in milliseconds. */
  eventLoopDelayMs: z.number(),
  /** The longest single delay of the event loop in the last 10 to 20 seconds, in milliseconds. */
  eventLoopDelayMaxMs: z.number(),
  heapUsedBytes: z.number(),
  rssBytes: z.number(),
  /** Requests the node has taken and not yet answered, this one included. */
  requestsInFlight: z.number(),
  /**
   * How this node tells clients apart, which request limits count by: `trusted` when
   * TRUST_PROXY is on (the client is read from X-Forwarded-For), and what to change when this
   * request came through a proxy the node does not trust (every client then counts as the
   * proxy's address).
   */
  clientAddress: z.object({
    trustProxy: z.boolean(),
    advice: z.string().nullable(),
  }),
});
export type Health = z.infer<typeof healthSchema>;
