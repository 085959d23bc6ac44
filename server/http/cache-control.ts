import type { Freshness } from '../modules/public-api/service';

/**
 * What `Cache-Control` says of each kind of public answer (RFC 9111), so browsers and CDNs keep
 * what may be kept. A published version named by its own uuid or IRI never changes: a year, and
 * no revalidation. What a profile's uuid or IRI means now, and lists, change on a publication:
 * a minute, then served stale for up to ten while a fresh copy is fetched (RFC 5861). A draft is
 * its group's alone: never stored. ETags and Last-Modified still answer 304 in every case.
 */
export const CACHE_CONTROL: Record<Freshness, string> = {
  immutable: 'public, max-age=31536000, immutable',
  current: 'public, max-age=60, stale-while-revalidate=600',
  private: 'private, no-store',
};
