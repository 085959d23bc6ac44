import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveClientKey } from '../common/client-key';
import { databaseUrlFor } from './test/global-setup';
import {
  freePort,
  startServerProcess,
  startUpSecrets,
  waitForOutput,
  type ServerRun,
} from './test/started-server';

/**
 * The move as an operator makes it: a server started on a new data folder (PGlite) with the demo
 * content, an API key made, the server stopped, `npm run move` into a new PostgreSQL database,
 * and the server started on it with the same secrets. The published document is the same bytes
 * with the same ETag, the admin signs in with the same password, and the key still works.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const ADMIN = { email: 'mover@example.org', password: 'mover-admin-password' };

/** A client keeping cookies and the CSRF token, as the site's pages do. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly base: string) {}

  async request(method: string, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const response = await fetch(this.base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async json<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await this.request(method, url, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Signs in; answers the login's status. */
  async signIn(email: string, password: string): Promise<number> {
    this.csrf = (await this.json<{ token: string }>('GET', '/app/csrf')).token;
    const { salt } = await this.json<{ salt: string }>(
      'GET',
      `/app/user/salt?email=${encodeURIComponent(email)}`,
    );
    const response = await this.request('POST', '/app/user/login', {
      email,
      password: await deriveClientKey(password, salt),
    });
    await response.text();
    this.csrf = (await this.json<{ token: string }>('GET', '/app/csrf')).token;
    return response.status;
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function stop(server: ServerRun): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe.skipIf(!baseUrl)('npm run move from a data folder to PostgreSQL', () => {
  const name = `xps_move_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xps-move-cli-'));
  const servers: ServerRun[] = [];
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('serves the same documents, passwords and keys after the move', async () => {
    const env = {
      ...startUpSecrets,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_CONCURRENCY: '1',
    };

    // 1. A new installation on PGlite, with the demo content and an API key.
    let port = await freePort();
    let base = `http://127.0.0.1:${port}`;
    const before = startServerProcess({
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
    });
    servers.push(before);
    // A first start runs initdb and writes the demo content: with the PostgreSQL pass's other
    // files beside it on two cores, it once took over 90 s. The wait ends when the server is ready.
    await waitForOutput(before, 'xAPI Profile Server ready at', 180_000);
    const list = (await (await fetch(`${base}/api/profile?limit=10`)).json()) as {
      metadata: Array<{ profile_url: string }>;
    };
    const profileId = list.metadata[0]?.profile_url.split('/').pop();
    expect(profileId).toBeTruthy();
    const documentBefore = await fetch(`${base}/api/profile/${profileId}`);
    expect(documentBefore.status).toBe(200);
    const bytesBefore = Buffer.from(await documentBefore.arrayBuffer());
    const etagBefore = documentBefore.headers.get('etag');
    expect(etagBefore).toBeTruthy();

    const browser = new Browser(base);
    expect(await browser.signIn(ADMIN.email, ADMIN.password)).toBe(200);
    const groups = await browser.json<{ organizations: Array<{ uuid: string }> }>(
      'GET',
      '/app/org?mine=true',
    );
    const key = randomUUID();
    await browser.json('POST', `/app/org/${groups.organizations[0]!.uuid}/apiKey`, {
      uuid: key,
      description: 'moved',
      readPermission: true,
      writePermission: true,
    });
    await stop(before);

    // 2. The move, as documented.
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = databaseUrlFor(baseUrl!, name);
    const moved = await run(
      'npm',
      ['run', '--silent', 'move', '--', '--from', dataDir, '--to', url],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() },
      },
    );
    expect(moved.stdout).toMatch(/^Moved \d+ rows from the data folder .* to PostgreSQL/);

    // 3. The server on PostgreSQL, with the same secrets.
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const after = startServerProcess({
      ...env,
      PORT: String(port),
      DATABASE_URL: url,
      DEMO_CONTENT: 'false',
    });
    servers.push(after);
    await waitForOutput(after, 'xAPI Profile Server ready at', 180_000);
    expect(after.output()).toContain('"database":"postgres');

    const documentAfter = await fetch(`${base}/api/profile/${profileId}`);
    expect(documentAfter.status).toBe(200);
    expect(documentAfter.headers.get('etag')).toBe(etagBefore);
    expect(Buffer.from(await documentAfter.arrayBuffer()).equals(bytesBefore)).toBe(true);
    const revalidated = await fetch(`${base}/api/profile/${profileId}`, {
      headers: { 'if-none-match': etagBefore! },
    });
    expect(revalidated.status).toBe(304);

    expect(await new Browser(base).signIn(ADMIN.email, ADMIN.password)).toBe(200);
    expect(await new Browser(base).signIn(ADMIN.email, 'not-the-password')).not.toBe(200);

    const withKey = await fetch(`${base}/api/profile?limit=1`, { headers: { 'x-api-key': key } });
    expect(withKey.status).toBe(200);
    const withOtherKey = await fetch(`${base}/api/profile?limit=1`, {
      headers: { 'x-api-key': randomUUID() },
    });
    expect(withOtherKey.status).toBe(401);
    await stop(after);
  }, 420_000);
});
