/**
 * What a benchmark needs to do over HTTP before it can load a server: sign in as the first
 * admin, make an API key for the demo working group, import a profile. Only public routes, so it
 * works against any checkout of this repository.
 */
import { randomUUID } from 'node:crypto';
import { deriveClientKey } from '../common/client-key.js';

export class Browser {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  }

  /** The session cookie and CSRF token, for a client of its own (a load generator). */
  credentials(): { cookie: string; csrf: string } {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { cookie, csrf: this.csrf };
  }

  async signIn(email: string, password: string): Promise<void> {
    this.csrf = ((await this.request('GET', '/app/csrf')) as { token: string }).token;
    const { salt } = (await this.request(
      'GET',
      `/app/user/salt?email=${encodeURIComponent(email)}`,
    )) as { salt: string };
    await this.request('POST', '/app/user/login', {
      email,
      password: await deriveClientKey(password, salt),
    });
    // Signing in may renew the browser's secret, and with it the token.
    this.csrf = ((await this.request('GET', '/app/csrf')) as { token: string }).token;
  }

  /** A new read-and-write API key of the first working group the signed-in user belongs to. */
  async apiKeyOfFirstGroup(): Promise<string> {
    const list = (await this.request('GET', '/app/org?mine=true')) as {
      organizations?: Array<{ uuid: string }>;
    };
    const group = list.organizations?.[0];
    if (!group) throw new Error('The signed-in user belongs to no working group.');
    const key = randomUUID();
    await this.request('POST', `/app/org/${group.uuid}/apiKey`, {
      uuid: key,
      description: 'benchmark',
      readPermission: true,
      writePermission: true,
    });
    return key;
  }
}

/** Imports a profile document through the public API; answers its version uuid. */
export async function importProfile(
  baseUrl: string,
  apiKey: string,
  document: unknown,
): Promise<{ versionUuid: string; ms: number }> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api/profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ profile: document }),
    signal: AbortSignal.timeout(120_000),
  });
  const ms = performance.now() - start;
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/profile answered ${response.status}: ${text}`);
  const answer = JSON.parse(text) as { metadata: { version_uuid: string } };
  return { versionUuid: answer.metadata.version_uuid, ms };
}

/** Times one POST /api/validate of a document (the check an import is compared with). */
export async function validateProfile(baseUrl: string, document: unknown): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${baseUrl}/api/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(document),
    signal: AbortSignal.timeout(120_000),
  });
  const ms = performance.now() - start;
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/validate answered ${response.status}: ${text}`);
  return ms;
}

/** The document under a fresh base IRI, so every round imports a new profile beside the others. */
export function freshCopy(source: string): unknown {
  const { id } = JSON.parse(source) as { id: string };
  return JSON.parse(source.split(id).join(`https://bench.example/${randomUUID()}`));
}
