import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../common/profiles';
import { IRI_MAX_LENGTH, type JsonObject } from '../../xapi/index';
import { queryRows } from '../db/client';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { useTestApp } from '../test/app';
import { callsOf, makeGroup, makeProfile, verbForm } from '../test/authoring';
import { ApiClient, uniqueProfile } from '../test/public-api';

interface Refusal {
  code: string;
  message: string;
  findings?: Array<{ ruleId: string; path: string; message: string }>;
}

/**
 * One IRI length limit at every door: 2,000 characters of the IRI's URI form. The validator
 * reports a longer one as L4, the API refuses it with 400 whether the document would be published
 * or kept as a draft, the site's forms refuse it naming the limit, the database refuses a row
 * that carries one, and an IRI at the limit is stored and dereferenced over real HTTP.
 */
describe('the IRI length limit at every door', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Long IRIs');
  });

  /** The test profile with its first concept's IRI `length` characters long. */
  function withConceptIri(length: number) {
    const source = uniqueProfile();
    const concept = (source.doc.concepts as JsonObject[])[0]!;
    const old = concept.id as string;
    const iri = `${source.base}/c/`.padEnd(length, 'x');
    source.doc = JSON.parse(
      JSON.stringify(source.doc).replaceAll(`"${old}"`, `"${iri}"`),
    ) as JsonObject;
    return { doc: source.doc, iri };
  }

  it('finds L4 on /api/validate and refuses a published import with it', async () => {
    for (const length of [2_800, 100_000]) {
      const { doc } = withConceptIri(length);
      const checked = await api.post('/api/validate', doc);
      expect(checked.statusCode, checked.body).toBe(400);
      const l4 = checked.json<Refusal>().findings?.filter((f) => f.ruleId === 'L4') ?? [];
      expect(l4.map((f) => f.path)).toContain('/concepts/0/id');

      const stored = await api.post(
        '/api/profile',
        { profile: doc },
        { key: group.keys.readWrite },
      );
      expect(stored.statusCode, stored.body).toBe(400);
      expect(stored.json<Refusal>().findings?.some((f) => f.ruleId === 'L4')).toBe(true);
    }
  });

  it('refuses to keep a draft with an id over the limit, on import and on replace, naming where', async () => {
    const { doc } = withConceptIri(2_800);
    const draft = await api.post(
      '/api/profile',
      { profile: doc, status: { published: false } },
      { key: group.keys.readWrite },
    );
    expect(draft.statusCode, draft.body).toBe(400);
    expect(draft.json<Refusal>().code).toBe('VALIDATION_FAILED');
    expect(draft.json<Refusal>().message).toMatch(
      /^The IRI at \/concepts\/0\/id is too long to keep: it is 2,800 characters long, over the limit of 2,000/,
    );

    const fine = uniqueProfile();
    const { metadata } = await api.import(group.keys.readWrite, fine.doc, { published: false });
    const url = `/api/profile/${metadata.version_uuid}`;
    const read = await api.get(url, { key: group.keys.readOnly });
    const replaced = await api.put(
      url,
      { profile: withConceptIri(5_000).doc, status: { published: false } },
      { key: group.keys.readWrite, headers: { 'if-match': read.headers.etag as string } },
    );
    expect(replaced.statusCode, replaced.body).toBe(400);
    expect(replaced.json<Refusal>().message).toMatch(/too long to keep/);
  });

  it('stores an IRI at the limit and dereferences it over real HTTP', async () => {
    const { doc, iri } = withConceptIri(IRI_MAX_LENGTH);
    expect(iri).toHaveLength(IRI_MAX_LENGTH);
    const { metadata } = await api.import(group.keys.readWrite, doc);
    expect(metadata.concept_count).toBeGreaterThan(0);
    // Listening until the file's app closes: a real request head, as a client sends it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await fetch(`${address}/api/iri/${encodeURIComponent(iri)}`, {
      headers: { accept: 'application/ld+json' },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { id: string }).id).toBe(iri);
  });

  it('refuses an IRI over the limit in the site form, saying so', async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const concepts = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const external = await calls.post(concepts, {
      ...verbForm('long'),
      iriType: 'external-iri',
      extiri: `https://example.org/${'v'.repeat(IRI_MAX_LENGTH)}`,
    });
    expect(external.statusCode, external.body).toBe(400);
    expect(external.json<Refusal>().message).toMatch(/over the limit of 2,000/);

    // A generated IRI is the profile's IRI with the name given: it cannot grow past it either.
    const longProfile = await calls.post(`/app/org/${org.id}/profile`, {
      name: 'Long IRI',
      description: 'A profile whose IRI leaves little room.',
      iriType: 'external-iri',
      extiri: `https://example.org/${'p'.repeat(1_950)}`,
    });
    expect(longProfile.statusCode, longProfile.body).toBe(200);
    const made = longProfile.json<ProfileView>();
    const generated = await calls.post(
      `/app/profile/${made.profile.uuid}/version/${made.version.uuid}/concepts`,
      verbForm('g'.repeat(100)),
    );
    expect(generated.statusCode, generated.body).toBe(400);
    expect(generated.json<Refusal>().message).toMatch(
      /^The IRI made from the profile's IRI and the name given is too long: it is 2,\d{3} characters long, over the limit of 2,000/,
    );

    // A profile whose version IRIs (its IRI and "/v1") would pass the limit: refused by the
    // database's own check, still a 400 that says what to fix.
    const tooLong = await calls.post(`/app/org/${org.id}/profile`, {
      name: 'Too long',
      description: 'No room for its versions.',
      iriType: 'external-iri',
      extiri: `https://example.org/${'q'.repeat(IRI_MAX_LENGTH - 20)}`,
    });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json<Refusal>().code).toBe('VALIDATION_FAILED');
    expect(tooLong.json<Refusal>().message).toMatch(/over the limit of 2,000 characters/);
  });

  it('is kept by the database itself', async () => {
    const long = `https://example.org/${'d'.repeat(IRI_MAX_LENGTH)}`;
    await expect(
      t.database.db.execute(
        sql`insert into profile_components (kind, iri) values ('concept', ${long})`,
      ),
    ).rejects.toThrow();
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_constraint where conname in
        ('profiles_iri_length', 'profile_versions_iri_length', 'profile_components_iri_length')`,
    );
    expect(row?.n).toBe(3);
  });
});
