import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ProfileView } from '../../common/profiles';
import type { BuiltApp } from '../app';
import type { Database } from '../db/client';
import { memberships, organizations } from '../db/schema';
import { TestBrowser } from './browser';
import { makePerson } from './people';

/** A signed-in person's calls to `/app`, as their browser makes them. */
export function callsOf(app: BuiltApp, cookie?: string) {
  const browser = () => new TestBrowser(app);
  return {
    get: (url: string) => browser().request('GET', url, undefined, cookie),
    post: (url: string, body: unknown = {}, headers?: Record<string, string>) =>
      browser().request('POST', url, body, cookie, headers),
    put: (url: string, body: unknown, headers?: Record<string, string>) =>
      browser().request('PUT', url, body, cookie, headers),
    delete: (url: string, headers?: Record<string, string>) =>
      browser().request('DELETE', url, undefined, cookie, headers),
  };
}

/** A working group with its admin, made straight in the database. */
export async function makeGroup(app: BuiltApp, database: Database) {
  const admin = await makePerson(database.db, app.services.sessions);
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `WG ${randomUUID().slice(0, 6)}`, collaborationLink: 'https://wg.example.org' })
    .returning();
  await database.db
    .insert(memberships)
    .values({ organizationId: org!.id, userId: admin.user.id, level: 'admin' });
  return { org: org!, admin };
}

export async function addMember(app: BuiltApp, database: Database, organizationId: string) {
  const member = await makePerson(database.db, app.services.sessions);
  await database.db
    .insert(memberships)
    .values({ organizationId, userId: member.user.id, level: 'member' });
  return member;
}

/** A draft profile (version 1) of a group, made through `/app` as a member would. */
export async function makeProfile(app: BuiltApp, cookie: string, orgId: string, name = 'Reading') {
  const response = await callsOf(app, cookie).post(`/app/org/${orgId}/profile`, {
    iriType: 'external-iri',
    extiri: `https://example.org/profiles/${randomUUID()}`,
    name,
    description: `${name} statements.`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProfileView>();
}

export async function publishVersion(
  app: BuiltApp,
  cookie: string,
  profileId: string,
  versionId: string,
) {
  const response = await callsOf(app, cookie).post(
    `/app/profile/${profileId}/version/${versionId}/publish`,
    { confirmed: true },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProfileView>();
}

/** The site's create-concept form for a verb whose IRI ends in its name. */
export const verbForm = (name: string) => ({
  conceptType: 'Verb',
  name,
  description: `To ${name}.`,
  iriType: 'generated-iri',
  geniri: name,
});
