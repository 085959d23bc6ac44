import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, vi } from 'vitest';
import type { JsonObject } from '../../xapi/index';
import { BASE, validProfile } from '../../xapi/fixtures/profiles';
import type { BuiltApp } from '../app';
import { profileVersions, profiles } from '../db/schema';

/** The metadata answer of the public API, as tests read it. */
export interface ApiMetadata {
  profile_url: string;
  profile_id: string;
  version_url: string;
  version_id: string;
  version_uuid: string;
  name: string;
  version: number;
  template_count: number;
  concept_count: number;
  pattern_count: number;
  updated: string;
  working_group: { name: string; url: string; uuid: string };
  status: { published: boolean; verified: boolean; verificationRequest: string | null };
}

/** A test document: the fixture profile with every IRI moved under `base`. */
export interface TestDocument {
  base: string;
  doc: JsonObject;
}

/**
 * The rule tests' complete profile (v2, revising v1) under IRIs of its own, so tests never
 * collide on profile, version or concept IRIs.
 */
export function uniqueProfile(root = 'https://example.org/xapi'): TestDocument {
  const base = `${root}/${randomUUID()}`;
  const doc = JSON.parse(JSON.stringify(validProfile()).replaceAll(BASE, base)) as JsonObject;
  return { base, doc };
}

/** The same document as version `number` (v3, v4 …), revising the version it was. */
export function nextVersion(document: TestDocument, number: number): TestDocument {
  const doc = structuredClone(document.doc);
  const versions = doc.versions as JsonObject[];
  const previous = versions[0]?.id as string;
  doc.versions = [
    {
      id: `${document.base}/v${number}`,
      wasRevisionOf: [previous],
      generatedAtTime: '2025-01-01T00:00:00Z',
    },
    ...versions,
  ];
  return { base: document.base, doc };
}

export interface CallOptions {
  key?: string;
  headers?: Record<string, string>;
  /** The client address; rate limits count per address. */
  ip?: string;
}

/** Calls `/api` the way a tool does: JSON bodies, the key in `x-api-key`, no cookies. */
export class ApiClient {
  constructor(
    private readonly app: BuiltApp,
    private readonly ip = '203.0.113.10',
  ) {}

  request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    return this.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? this.ip,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }

  get(url: string, options?: CallOptions) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, payload: unknown, options?: CallOptions) {
    return this.request('POST', url, payload, options);
  }

  put(url: string, payload: unknown, options?: CallOptions) {
    return this.request('PUT', url, payload, options);
  }

  delete(url: string, options?: CallOptions) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Imports a document and expects it to succeed; answers its metadata and Last-Modified. */
  async import(
    key: string,
    doc: JsonObject,
    status?: Record<string, unknown>,
  ): Promise<{ metadata: ApiMetadata; lastModified: string }> {
    const response = await this.post(
      '/api/profile',
      { profile: doc, ...(status ? { status } : {}) },
      { key },
    );
    expect(response.statusCode, response.body).toBe(200);
    return {
      metadata: response.json<{ metadata: ApiMetadata }>().metadata,
      lastModified: response.headers['last-modified'] as string,
    };
  }

  /**
   * Imports like `import`, then waits until this node has heard the import's change. That change
   * empties what the node keeps about the profile, and on PostgreSQL it arrives through LISTEN
   * after the commit, so a test that keeps or counts answers in memory starts once it has.
   */
  async importHeard(key: string, doc: JsonObject, timeoutMs = 1000) {
    const forget = vi.spyOn(this.app.services.readCache, 'forget');
    try {
      const imported = await this.import(key, doc);
      const profileId = profileUuidOf(imported.metadata);
      await expect
        .poll(
          () =>
            forget.mock.calls.some(
              ([change]) => 'profileId' in change && change.profileId === profileId,
            ),
          { timeout: timeoutMs },
        )
        .toBe(true);
      return imported;
    } finally {
      forget.mockRestore();
    }
  }
}

/** The profile uuid behind a metadata answer (its page URL ends with it). */
export const profileUuidOf = (metadata: ApiMetadata) =>
  metadata.profile_url.split('/').pop() as string;

/** Every error answer of the public API has this shape. */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ success: boolean; message: string; code: string }>();
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** Moves a version's last change into the past, so a later change has a later Last-Modified. */
export async function ageVersion(app: BuiltApp, versionId: string, seconds = 3600) {
  await app.services.database.db
    .update(profileVersions)
    .set({ updatedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(profileVersions.id, versionId));
}

/** How many profile rows carry an IRI: checks that a refused import left nothing behind. */
export async function profilesWithIri(app: BuiltApp, iri: string): Promise<number> {
  const rows = await app.services.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.iri, iri));
  return rows.length;
}

/** RFC 9110 IMF-fixdate, e.g. "Tue, 07 Oct 2025 10:45:59 GMT". */
export const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
