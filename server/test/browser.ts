import type {
  FastifyInstance,
  FastifySchema,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import { basedOnHeadersSchema, IF_MATCH_HEADER } from '../../common/revisions';

/** Headers of a save sent without the revision it was based on, to see it refused (428). */
export const WITHOUT_BASE = { [IF_MATCH_HEADER]: '' } as const;

type RouteTable = Array<{ method: string; url: string; schema?: FastifySchema }>;

/** The routes of an app that take a base revision, as patterns of concrete paths. */
const savesOf = new WeakMap<object, Array<{ method: string; path: RegExp }>>();

function savesIn(app: FastifyInstance): Array<{ method: string; path: RegExp }> {
  const known = savesOf.get(app);
  if (known) return known;
  const table = (app as FastifyInstance & { routeTable?: RouteTable }).routeTable ?? [];
  const saves = table
    .filter((route) => route.schema?.headers === basedOnHeadersSchema)
    .map((route) => ({
      method: route.method,
      path: new RegExp(`^${route.url.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    }));
  savesOf.set(app, saves);
  return saves;
}

/**
 * Where the form of a save was filled from, and how its answer names the revision: an item's
 * page for anything done to the item, the version's page for its details.
 */
function formOf(path: string): {
  url: string;
  revision: (body: Record<string, unknown>) => unknown;
} {
  const item = /^(\/app\/profile\/[^/]+\/version\/[^/]+\/(concept|template|pattern)s\/[^/]+)/.exec(
    path,
  );
  if (item) {
    const kind = item[2] as string;
    return {
      url: item[1] as string,
      revision: (body) => (body[kind] as Record<string, unknown> | undefined)?.revision,
    };
  }
  return {
    url: path,
    revision: (body) => (body.version as Record<string, unknown> | undefined)?.revision,
  };
}

/**
 * Drives the app through `inject` the way a browser does: it keeps cookies between calls and
 * sends the CSRF token on every state-changing call, fetching a new one when its session changed
 * (the token is bound to the session, as the web app's is).
 */
export class TestBrowser {
  private readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;
  /** The session cookies the token was issued with. */
  private csrfSession: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '198.51.100.7',
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now();
      if (cookie.value === '' || expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /**
   * The revision a browser would send with a save: the one the item's or version's page shows
   * now, read as this browser, as the web app fills a form from it and sends it back. Nothing
   * when the page cannot be read (the save is then refused for what the caller may not do).
   */
  private async baseFor(method: string, url: string, cookie: string): Promise<string | undefined> {
    const path = url.split('?')[0] ?? '';
    if (!savesIn(this.app).some((save) => save.method === method && save.path.test(path)))
      return undefined;
    const form = formOf(path);
    const page = await this.app.inject({
      method: 'GET',
      url: form.url,
      headers: { cookie },
      remoteAddress: this.ip,
    });
    if (page.statusCode !== 200) return undefined;
    const revision = form.revision(page.json<Record<string, unknown>>());
    return typeof revision === 'string' ? `"${revision}"` : undefined;
  }

  /**
   * `extraCookie` (e.g. `xps_session=…`) is sent as well, for a session made outside. A save
   * sends the revision it is based on as a browser does (see `baseFor`), unless the caller names
   * one in `extraHeaders`, or none with `WITHOUT_BASE`.
   */
  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extraCookie?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookieHeader = () => [this.cookieHeader(), extraCookie].filter(Boolean).join('; ');
    const headers: Record<string, string> = { ...extraHeaders, cookie: cookieHeader() };
    if (headers[IF_MATCH_HEADER] === '') delete headers[IF_MATCH_HEADER];
    else if (headers[IF_MATCH_HEADER] === undefined && method !== 'GET' && method !== 'HEAD') {
      const base = await this.baseFor(method as string, url, headers.cookie ?? '');
      if (base !== undefined) headers[IF_MATCH_HEADER] = base;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      const session = `${this.cookies.get('xps_session') ?? ''}|${extraCookie ?? ''}`;
      if (!this.csrfToken || this.csrfSession !== session) {
        const issued = await this.app.inject({
          method: 'GET',
          url: '/app/csrf',
          headers,
          remoteAddress: this.ip,
        });
        this.remember(issued);
        this.csrfToken = issued.json<{ token: string }>().token;
        this.csrfSession = session;
        headers.cookie = cookieHeader();
      }
      headers['x-csrf-token'] = this.csrfToken;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    this.remember(response);
    return response;
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, payload: unknown = {}) {
    return this.request('POST', url, payload);
  }
}
