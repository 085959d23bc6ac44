import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

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

  /** `extraCookie` (e.g. `xps_session=…`) is sent as well, for a session made outside. */
  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extraCookie?: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookieHeader = () => [this.cookieHeader(), extraCookie].filter(Boolean).join('; ');
    const headers: Record<string, string> = { ...extraHeaders, cookie: cookieHeader() };
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
