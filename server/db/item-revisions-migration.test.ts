import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../xapi/index';
import { buildApp, type BuiltApp } from '../app';
import { callsOf } from '../test/authoring';
import { testConfig } from '../test/app';
import { freshDatabase, migrationsUpTo, type Fresh } from '../test/migrations';
import { findOrganization } from '../modules/organizations/repo';
import { normalizeDocument } from '../modules/profiles/document';
import { versionDocument } from '../modules/profiles/publishing';
import { findProfile, findVersion } from '../modules/profiles/repo';
import { migrationsFolder, queryRows } from './client';

/**
 * Migration 0014_item_revisions on a database the schema before it filled: one item a later
 * draft changed in the row its published version shared (what the old store did), one the draft
 * left alone, one only the draft lists, a deleted one and an orphan.
 */
const LAST_BEFORE = '0013_item_search_pending_list';

const P = 'https://example.org/profiles/old';
const V1 = `${P}/v1`;
const V2 = `${P}/v2`;
const WATCHED = `${P}/verbs/watched`;
const PAUSED = `${P}/verbs/paused`;
const TEMPLATE = `${P}/templates/watching`;
const ADDED = `${P}/verbs/added`;

const verb = (iri: string, label: string, scheme: string) => ({
  id: iri,
  inScheme: scheme,
  type: 'Verb',
  prefLabel: { en: label },
  definition: { en: `${label}, as a verb.` },
});

/** The version 1 document as publishing froze it. */
const published: JsonObject = normalizeDocument({
  '@context': 'https://w3id.org/xapi/profiles/context',
  id: P,
  type: 'Profile',
  conformsTo: 'https://w3id.org/xapi/profiles#1.0',
  prefLabel: { en: 'Old profile' },
  definition: { en: 'A profile stored before item revisions.' },
  versions: [{ id: V1, generatedAtTime: '2026-01-01T00:00:00.000Z' }],
  author: { type: 'Organization', name: 'Old group', url: 'https://example.org/group' },
  concepts: [verb(WATCHED, 'watched', V1), verb(PAUSED, 'paused', V1)],
  templates: [
    {
      id: TEMPLATE,
      inScheme: V1,
      type: 'StatementTemplate',
      prefLabel: { en: 'Watching' },
      definition: { en: 'Someone watched something.' },
      verb: WATCHED,
    },
  ],
});

describe('migration 0014_item_revisions on data of the schema before it', () => {
  let fresh: Fresh;
  let app: BuiltApp;
  const ids = {
    organization: randomUUID(),
    profile: randomUUID(),
    v1: randomUUID(),
    v2: randomUUID(),
    watched: randomUUID(),
    paused: randomUUID(),
    template: randomUUID(),
    added: randomUUID(),
    deleted: randomUUID(),
    orphan: randomUUID(),
    stranded: randomUUID(),
  };

  beforeAll(async () => {
    fresh = await freshDatabase();
    const before = migrationsUpTo(LAST_BEFORE);
    try {
      await fresh.migrateTo(before);
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
    const db = fresh.database.db;
    const json = (value: unknown) => JSON.stringify(value);
    const item = (
      id: string,
      iri: string,
      profileId: string | null,
      content: Record<string, unknown>,
      deletedAt: string | null = null,
    ) =>
      sql`insert into profile_components (id, kind, type, iri, profile_id, name, content, deleted_at)
        values (${id}, ${content.type === 'Verb' ? 'concept' : 'template'}, ${content.type as string},
          ${iri}, ${profileId}, ${(content.prefLabel as { en: string }).en}, ${json(content)}::jsonb,
          ${deletedAt}::timestamptz)`;
    await db.execute(sql`insert into organizations (id, name, collaboration_link)
      values (${ids.organization}, 'Old group', 'https://example.org/group')`);
    await db.execute(sql`insert into profiles (id, iri, iri_type, organization_id)
      values (${ids.profile}, ${P}, 'external-iri', ${ids.organization})`);
    await db.execute(sql`insert into profile_versions (id, profile_id, version, iri, state, name,
        description, generated_at, snapshot, published_at)
      values (${ids.v1}, ${ids.profile}, 1, ${V1}, 'published', 'Old profile',
        'A profile stored before item revisions.', '2026-01-01T00:00:00.000Z',
        ${json(published)}::jsonb, '2026-01-01T00:00:00Z'),
        (${ids.v2}, ${ids.profile}, 2, ${V2}, 'draft', 'Old profile',
        'A profile stored before item revisions.', null, null, null)`);
    await db.execute(sql`update profiles set current_published_version_id = ${ids.v1},
      current_draft_version_id = ${ids.v2} where id = ${ids.profile}`);
    // The draft's translation went into the row version 1 shares.
    await db.execute(
      item(ids.watched, WATCHED, ids.profile, {
        ...verb(WATCHED, 'watched', V1),
        prefLabel: { en: 'watched', fr: 'regardé' },
      }),
    );
    await db.execute(item(ids.paused, PAUSED, ids.profile, verb(PAUSED, 'paused', V1)));
    await db.execute(
      item(ids.template, TEMPLATE, ids.profile, (published.templates as JsonObject[])[0]!),
    );
    await db.execute(item(ids.added, ADDED, ids.profile, verb(ADDED, 'added', V2)));
    await db.execute(
      item(
        ids.deleted,
        `${P}/verbs/gone`,
        ids.profile,
        verb(`${P}/verbs/gone`, 'gone', V2),
        '2026-01-02T00:00:00Z',
      ),
    );
    await db.execute(
      item(ids.orphan, 'https://example.org/orphans/left', null, verb('x', 'left', 'y')),
    );
    // What a deleted draft left behind: listed by nothing, deleted by nobody.
    await db.execute(
      item(
        ids.stranded,
        `${P}/verbs/stranded`,
        ids.profile,
        verb(`${P}/verbs/stranded`, 'stranded', V2),
      ),
    );
    await db.execute(sql`insert into version_components (version_id, component_id, position, linked)
      values (${ids.v1}, ${ids.watched}, 0, false), (${ids.v1}, ${ids.paused}, 1, false),
        (${ids.v1}, ${ids.template}, 0, false),
        (${ids.v2}, ${ids.watched}, 0, false), (${ids.v2}, ${ids.paused}, 1, false),
        (${ids.v2}, ${ids.added}, 2, false), (${ids.v2}, ${ids.template}, 0, false)`);

    await fresh.migrateTo(migrationsFolder);
    app = await buildApp({
      config: testConfig(),
      database: fresh.database,
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
  });

  it('serves the published document byte for byte as stored', async () => {
    const answer = await callsOf(app).get(`/app/profile/${ids.profile}/version/${ids.v1}/document`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toBe(JSON.stringify(published));
  });

  it('gives each published version revisions that assemble its frozen document again', async () => {
    const db = fresh.database.db;
    const profile = await findProfile(db, ids.profile);
    const version = await findVersion(db, ids.v1);
    const organization = await findOrganization(db, ids.organization);
    const assembled = await versionDocument(db, {
      profile: profile!,
      version: version!,
      organization: organization!,
      generatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(JSON.stringify(assembled)).toBe(JSON.stringify(published));
  });

  it('shows the published item as frozen and the draft’s as changed', async () => {
    const calls = callsOf(app);
    const base = `/app/profile/${ids.profile}/version/${ids.v1}/concepts`;
    const v1 = await calls.get(`${base}/${ids.watched}`);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.body).not.toContain('regardé');
    const found = await calls.get('/app/search/concepts?search=regard%C3%A9');
    expect(found.json<{ total: number }>().total).toBe(0);
    const rows = await queryRows<{ version_id: string; label: unknown }>(
      fresh.database.db,
      sql`select vc.version_id, r.content -> 'prefLabel' as label
        from version_components vc join item_revisions r on r.id = vc.revision_id
        where vc.component_id = ${ids.watched} order by vc.version_id = ${ids.v1} desc`,
    );
    expect(rows.map((r) => r.label)).toEqual([{ en: 'watched' }, { en: 'watched', fr: 'regardé' }]);
  });

  it('moves what a deleted draft left behind to Deleted Items, and gives the draft what only it lists', async () => {
    const rows = await queryRows<{ id: string; deleted: boolean; created_in: string | null }>(
      fresh.database.db,
      sql`select id, deleted_at is not null as deleted, created_in_version_id as created_in
        from profile_components where id in (${ids.stranded}, ${ids.added}, ${ids.watched})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids.stranded)?.deleted).toBe(true);
    expect(byId.get(ids.added)).toMatchObject({ deleted: false, created_in: ids.v2 });
    expect(byId.get(ids.watched)).toMatchObject({ deleted: false, created_in: null });
  });

  it('keeps deleted items and orphans with their content', async () => {
    const rows = await queryRows<{ id: string; name: string }>(
      fresh.database.db,
      sql`select p.id, r.name from profile_components p
        join item_revisions r on r.id = p.latest_revision_id
        where p.id in (${ids.deleted}, ${ids.orphan}) order by r.name`,
    );
    expect(rows.map((r) => r.name)).toEqual(['gone', 'left']);
  });
});
