import { createHmac } from 'node:crypto';

/** Who asked for a page, as the HTTP edge sees it; only ever kept as a keyed hash. */
export interface Visitor {
  address: string;
  userAgent: string | undefined;
}

/** Crawlers that say what they are; the rest look like people and are counted like them. */
const DECLARED_CRAWLER = /bot|crawler|spider/i;

export function isDeclaredCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && DECLARED_CRAWLER.test(userAgent);
}

/**
 * Turns a visitor into an opaque id for one day: HMAC(salt of the day, address + user agent).
 * The salt of a day is derived from the server's secret and the date, so ids of different days
 * cannot be linked and nobody holding the database alone can test an address against them.
 */
export class VisitorIds {
  private salt: { day: string; key: Buffer } | null = null;

  constructor(private readonly secret: string) {}

  idOf(visitor: Visitor, day: string): string {
    if (this.salt?.day !== day)
      this.salt = {
        day,
        key: createHmac('sha256', this.secret).update(`profile-views:${day}`).digest(),
      };
    return createHmac('sha256', this.salt.key)
      .update(`${visitor.address}\n${visitor.userAgent ?? ''}`)
      .digest('base64url')
      .slice(0, 22);
  }
}
