import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LRS_SENDS_PER_HOUR,
  type SiteSendResult,
  type SiteSimulation,
} from '../../../common/simulate';
import { buildApp, type BuiltApp } from '../../app';
import type { Database } from '../../db/client';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { testConfig } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { createTestDatabase } from '../../test/database';
import { startLrsReceiver, type LrsReceiver } from '../../test/lrs-receiver';
import { makePerson } from '../../test/people';
import { ApiClient, profileUuidOf, uniqueProfile, type ApiMetadata } from '../../test/public-api';

const credentials = { username: 'site-simulator', password: 'never-Logged-9f3a' };
const choices = { seed: 'autumn', actors: 2, registrations: 3 };

/** An app at trace level whose log lines are kept, to show the credentials never reach them. */
async function appWith(overrides: Record<string, string>, lines: string[]) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
  await app.ready();
  return { app, database };
}

describe('site: POST /app/profile/:profileId/version/:versionId/simulate/send', () => {
  const lines: string[] = [];
  let app: BuiltApp;
  let database: Database;
  let lrs: LrsReceiver;
  let group: KeyedGroup;
  let outsiderCookie: string;
  let published: string;
  let draft: string;

  async function store(isPublished: boolean) {
    const response = await new ApiClient(app, '203.0.113.81').post(
      '/api/profile',
      { profile: uniqueProfile().doc, status: { published: isPublished } },
      { key: group.keys.readWrite },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { metadata } = response.json<{ metadata: ApiMetadata }>();
    return `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}/simulate`;
  }

  beforeAll(async () => {
    ({ app, database } = await appWith({ LRS_ALLOW_PRIVATE_TARGETS: 'true' }, lines));
    lrs = await startLrsReceiver(credentials);
    group = await makeKeyedGroup(app, 'LRS senders');
    outsiderCookie = (await makePerson(database.db, app.services.sessions)).cookie;
    published = await store(true);
    draft = await store(false);
  });
  afterAll(async () => {
    await lrs?.close();
    await app?.close();
    await database?.close();
  });

  it('sends the statements the same choices preview to the LRS and reports them all accepted', async () => {
    const response = await callsOf(app, outsiderCookie).post(`${published}/send`, {
      ...choices,
      lrs: { endpoint: lrs.endpoint, ...credentials },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { generated, report } = response.json<SiteSendResult>();
    expect(report).toMatchObject({
      statementsUrl: `${lrs.endpoint}statements`,
      accepted: generated,
      sent: generated,
      failure: null,
    });
    const preview = await callsOf(app).post(published, choices);
    expect(lrs.statements).toEqual(preview.json<SiteSimulation>().statements);
    for (const { headers } of lrs.requests) {
      expect(headers['x-experience-api-version']).toBe('1.0.3');
    }
  });

  it('reports what the LRS said when it refuses, and never writes the credentials to the log', async () => {
    const before = lrs.requests.length;
    const response = await callsOf(app, group.cookie).post(`${draft}/send`, {
      ...choices,
      lrs: { endpoint: lrs.endpoint, username: credentials.username, password: 'wrong-Secret-77' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { report } = response.json<SiteSendResult>();
    expect(report.accepted).toBe(0);
    expect(report.failure).toMatchObject({ batch: 1, status: 401 });
    expect(report.failure?.message).toContain('Unknown credentials');
    expect(lrs.requests.length).toBe(before + 1);
    expect(response.body).not.toContain('wrong-Secret-77');
    const logged = lines.join('\n');
    expect(logged).toContain('/simulate/send');
    for (const secret of [credentials.password, 'wrong-Secret-77']) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(
        Buffer.from(`${credentials.username}:${secret}`).toString('base64'),
      );
    }
  });

  it('keeps a draft from everyone outside its group: 404 and nothing sent', async () => {
    const before = lrs.requests.length;
    const response = await callsOf(app, outsiderCookie).post(`${draft}/send`, {
      ...choices,
      lrs: { endpoint: lrs.endpoint, ...credentials },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(lrs.requests.length).toBe(before);
  });

  it('sends for signed-in people only: 401 for a visitor, the same for any version, and nothing sent', async () => {
    const before = lrs.requests.length;
    const nowhere = published.replace(/version\/[^/]+/, `version/${crypto.randomUUID()}`);
    for (const path of [published, draft, nowhere]) {
      const response = await callsOf(app).post(`${path}/send`, {
        ...choices,
        lrs: { endpoint: lrs.endpoint, ...credentials },
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        code: 'UNAUTHORIZED',
        message: 'Sign in to send statements to an LRS.',
      });
    }
    expect(lrs.requests.length).toBe(before);
  });

  it("counts each person's sends: past the hourly limit a 429 with Retry-After, others unaffected", async () => {
    const { cookie } = await makePerson(database.db, app.services.sessions);
    const send = (who: string) =>
      callsOf(app, who).post(`${published}/send`, {
        seed: 'limit',
        actors: 1,
        registrations: 1,
        lrs: { endpoint: lrs.endpoint, ...credentials },
      });
    for (let n = 0; n < LRS_SENDS_PER_HOUR; n += 1) {
      const allowed = await send(cookie);
      expect(allowed.statusCode, allowed.body).toBe(200);
    }
    const before = lrs.requests.length;
    const refused = await send(cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many sends to an LRS from this account\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(lrs.requests.length).toBe(before);
    const someoneElse = await send((await makePerson(database.db, app.services.sessions)).cookie);
    expect(someoneElse.statusCode, someoneElse.body).toBe(200);
  });

  it('refuses an endpoint that is not one, naming what to change', async () => {
    for (const [endpoint, says] of [
      ['lrs.example.org/xapi', /absolute http/],
      ['https://user:pw@lrs.example.org/xapi/', /user name or password/],
      ['https://lrs.example.org/xapi/?tenant=1', /query or a fragment/],
    ] as const) {
      const response = await callsOf(app, outsiderCookie).post(`${published}/send`, {
        ...choices,
        lrs: { endpoint, ...credentials },
      });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(says);
    }
    const missing = await callsOf(app, outsiderCookie).post(`${published}/send`, {
      ...choices,
      lrs: { endpoint: '', ...credentials },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('asks for the CSRF token, as every /app change does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${published}/send`,
      headers: { cookie: group.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...choices, lrs: { endpoint: lrs.endpoint, ...credentials } }),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sending to an LRS at a private address, as a deployment is configured by default', () => {
  const lines: string[] = [];
  let app: BuiltApp;
  let database: Database;
  let lrs: LrsReceiver;

  beforeAll(async () => {
    ({ app, database } = await appWith({}, lines));
    lrs = await startLrsReceiver(credentials);
  });
  afterAll(async () => {
    await lrs?.close();
    await app?.close();
    await database?.close();
  });

  it('is refused before anything is simulated or posted', async () => {
    const group = await makeKeyedGroup(app, 'Guarded senders');
    const response = await new ApiClient(app, '203.0.113.82').post(
      '/api/profile',
      { profile: uniqueProfile().doc, status: { published: true } },
      { key: group.keys.readWrite },
    );
    const { metadata } = response.json<{ metadata: ApiMetadata }>();
    const path = `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}/simulate/send`;
    const { cookie } = await makePerson(database.db, app.services.sessions);
    const refused = await callsOf(app, cookie).post(path, {
      ...choices,
      lrs: { endpoint: lrs.endpoint, ...credentials },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^The LRS endpoint is refused: 127\.0\.0\.1 is a loopback/,
    );
    // A name that resolves to loopback is refused when the connection is made.
    const byName = await callsOf(app, cookie).post(path, {
      ...choices,
      lrs: { endpoint: lrs.endpoint.replace('127.0.0.1', 'localhost'), ...credentials },
    });
    expect(byName.statusCode, byName.body).toBe(200);
    const { report } = byName.json<SiteSendResult>();
    expect(report.accepted).toBe(0);
    expect(report.failure?.message).toMatch(/^Refused: localhost resolves to/);
    expect(lrs.requests).toHaveLength(0);
  });
});
