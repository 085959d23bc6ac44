import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileItems } from '../db/schema';
import { useTestApp, type TestApp } from '../test/app';
import {
  HostileGenerator,
  inputClasses,
  seededRandom,
  shapeOf,
  type HostileRequest,
  type RouteShape,
} from '../test/hostile';
import { makePerson } from '../test/people';
import { ApiClient, profileUuidOf, uniqueProfile } from '../test/public-api';

/**
 * Every JSON route of the app, taken from its route table so a new route is covered without
 * a line here, receives generated hostile input: as an anonymous caller, as a signed-in member
 * (site admin and group admin, with a CSRF token, so requests pass authorization and reach
 * validation and the commands) and, on `/api`, with a read-write key. No answer may be a 5xx,
 * and the server must still answer afterwards.
 *
 * HOSTILE_CASES sets how many requests each route gets per input class and caller (default 1);
 * HOSTILE_SEED replays another run.
 */
const CASES = Math.max(1, Number(process.env.HOSTILE_CASES ?? 1) || 1);
const SEED = Number(process.env.HOSTILE_SEED ?? 20251125) || 20251125;

/** The routes that answer JSON: the site API, the public API (not its HTML reference), health
 * and the linked-data pages, which answer JSON-LD to clients that ask for it. */
function isJsonRoute(url: string): boolean {
  if (url.startsWith('/api/reference')) return false;
  return (
    url === '/health' ||
    url.startsWith('/app/') ||
    url.startsWith('/api/') ||
    url.startsWith('/profile/') ||
    url.startsWith('/organization/') ||
    url.startsWith('/iri/')
  );
}

/** Runs last: a member's DELETE or sign-out would take the fixture from the routes after it. */
const destructive = (shape: RouteShape) =>
  shape.method === 'DELETE' || shape.route.endsWith('/logout');

interface Fixture {
  userId: string;
  orgId: string;
  keyId: string;
  key: string;
  profileId: string;
  versionId: string;
  items: Record<'concept' | 'template' | 'pattern', string>;
  /** Session and CSRF cookies with the matching token: what the web app sends. */
  member: Record<string, string>;
}

async function makeFixture(t: TestApp): Promise<Fixture> {
  const { services } = t.app;
  const { user, cookie } = await makePerson(t.database.db, services.sessions, { type: 'admin' });
  const group = await services.organizations.create(user, {
    name: `Hostile ${randomUUID().slice(0, 8)}`,
    collaborationLink: 'https://example.org/group',
    description: '',
  });
  const key = randomUUID();
  const made = await services.apiKeys.create(user, group.uuid, {
    uuid: key,
    description: 'read-write',
    readPermission: true,
    writePermission: true,
    isEnabled: true,
  });
  const { metadata } = await new ApiClient(t.app).import(key, uniqueProfile().doc, {
    published: false,
  });
  const profileId = profileUuidOf(metadata);
  const rows = await t.database.db
    .select({ id: profileItems.id, kind: profileItems.kind })
    .from(profileItems)
    .where(eq(profileItems.profileId, profileId));
  const itemOf = (kind: string) => rows.find((row) => row.kind === kind)?.id ?? randomUUID();

  const issued = await t.app.inject({ method: 'GET', url: '/app/csrf', headers: { cookie } });
  const csrfCookie = issued.cookies.find((c) => c.name === 'xps_csrf');
  expect(csrfCookie, 'GET /app/csrf sets the CSRF cookie').toBeDefined();
  return {
    userId: user.id,
    orgId: group.uuid,
    keyId: made.id,
    key,
    profileId,
    versionId: metadata.version_uuid,
    items: { concept: itemOf('concept'), template: itemOf('template'), pattern: itemOf('pattern') },
    member: {
      cookie: `${cookie}; xps_csrf=${csrfCookie!.value}`,
      'x-csrf-token': issued.json<{ token: string }>().token,
    },
  };
}

/** Real ids of the fixture for the parameters a request does not attack. */
function paramValues(f: Fixture) {
  return (route: string, name: string): string => {
    switch (name) {
      case 'id':
        return route.startsWith('/app/org/') ? f.orgId : f.profileId;
      case 'orgId':
      case 'organizationId':
        return f.orgId;
      case 'userId':
        return f.userId;
      case 'keyId':
        return f.keyId;
      case 'profileId':
      case 'uuid':
        return f.profileId;
      case 'versionId':
        return f.versionId;
      case 'conceptId':
        return f.items.concept;
      case 'templateId':
        return f.items.template;
      case 'patternId':
        return f.items.pattern;
      case 'index':
        return '0';
      case 'property':
      case 'refType':
        return 'verb';
      default:
        // A parameter this suite does not know yet still gets a well-formed id.
        return '8d3f1c4e-2b7a-4f3e-9c1d-0a5b6c7d8e9f';
    }
  };
}

/** Valid bodies where the schema is a free record, so hostile text inside reaches storage. */
function exampleBodies(shape: RouteShape): Record<string, unknown> | undefined {
  const key = `${shape.method} ${shape.route}`;
  if (key === 'POST /api/profile' || key === 'PUT /api/profile/:uuid')
    return { profile: uniqueProfile().doc, status: { published: false } };
  if (key === 'POST /api/validate') return uniqueProfile().doc;
  if (key === 'POST /app/org/:orgId/profile')
    return {
      iriType: 'external-iri',
      extiri: `https://example.org/profiles/${randomUUID()}`,
      name: 'Hostile',
      description: 'A profile made by the hostile-input suite.',
    };
  return undefined;
}

interface ServerError {
  status: number;
  method: string;
  route: string;
  caller: string;
  inputClass: string;
  what: string;
}

const report = (e: ServerError) =>
  `${e.status} ${e.method} ${e.route} as ${e.caller} [${e.inputClass}] ${e.what}`;

describe('hostile input', () => {
  const t = useTestApp({
    API_RATE_LIMIT_PER_ADDRESS: '1000000',
    API_RATE_LIMIT_PER_KEY: '1000000',
  });
  let fixture: Fixture;
  let shapes: RouteShape[];

  beforeEach(async () => {
    // Each input class starts on fresh data: a member's accepted DELETE may remove what it used.
    fixture = await makeFixture(t);
    shapes ??= t.app.routeTable
      .filter((route) => isJsonRoute(route.url))
      .map(shapeOf)
      .sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
  });

  it('covers every JSON route of the app', () => {
    expect(shapes.length).toBeGreaterThan(100);
    for (const prefix of ['/app/', '/api/', '/health'])
      expect(
        shapes.some((s) => s.route.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  async function send(request: HostileRequest, ip: string) {
    return t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      remoteAddress: ip,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  }

  inputClasses.forEach((inputClass, classIndex) => {
    it(`answers no ${inputClass} input with a 5xx`, async () => {
      const random = seededRandom(SEED + classIndex);
      const generator = new HostileGenerator(random, paramValues(fixture), exampleBodies);
      const callers = [
        { name: 'anonymous', headers: {}, applies: () => true },
        {
          name: 'API key',
          headers: { 'x-api-key': fixture.key },
          applies: (s: RouteShape) => s.route.startsWith('/api/'),
        },
        {
          name: 'member',
          headers: fixture.member,
          applies: (s: RouteShape) => !s.route.startsWith('/api/'),
        },
      ];
      const errors: ServerError[] = [];
      let sent = 0;
      for (const caller of callers) {
        for (const shape of shapes.filter(caller.applies)) {
          for (let n = 0; n < CASES; n++) {
            const request = generator.make(inputClass, shape, caller.headers, n);
            // Spread over addresses so per-address limits answer 429 rarely, not for everything.
            const response = await send(request, `198.51.100.${(sent++ % 250) + 1}`);
            if (response.statusCode >= 500) {
              errors.push({
                status: response.statusCode,
                method: shape.method,
                route: shape.route,
                caller: caller.name,
                inputClass,
                what: request.what,
              });
            }
          }
        }
      }
      expect(sent).toBeGreaterThan(shapes.length);
      // Parsed bodies never reach Object.prototype.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(errors.map(report), `seed ${SEED + classIndex}`).toEqual([]);
    }, 120_000);
  });

  it('still answers after the run', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode, health.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/app/user/status',
      headers: fixture.member,
    });
    expect(me.statusCode, me.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/profile?limit=10' });
    expect(list.statusCode, list.body).toBe(200);
  });
});
