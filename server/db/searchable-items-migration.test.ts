import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemResults } from '../../common/search';
import { buildApp, type BuiltApp } from '../app';
import { callsOf } from '../test/authoring';
import { testConfig } from '../test/app';
import { freshDatabase, migrationsUpTo, type Fresh } from '../test/migrations';
import { migrationsFolder, queryRows } from './client';

/**
 * Migration 0021_searchable_items on a database the schema before it filled: a published
 * concept, a deprecated one, one a draft deprecated (not yet published), one only a draft lists
 * and a deleted one. What the public may find is filled in by the migration, and the search
 * finds it; 0023_search_words fills the words of those names; after 0024 a deprecation counts
 * only once the revision the public reads carries it.
 */
const LAST_BEFORE = '0020_counter_rollups';
const P = 'https://example.org/profiles/searchable';

describe('migration 0021_searchable_items on data of the schema before it', () => {
  let fresh: Fresh;
  let app: BuiltApp;
  const ids = {
    organization: randomUUID(),
    profile: randomUUID(),
    v1: randomUUID(),
    v2: randomUUID(),
    shown: randomUUID(),
    deprecated: randomUUID(),
    deprecatedInDraft: randomUUID(),
    drafted: randomUUID(),
    deleted: randomUUID(),
  };
  const revisionOf = (id: string) => `${id.slice(0, -4)}0000`;

  beforeAll(async () => {
    fresh = await freshDatabase();
    const before = migrationsUpTo(LAST_BEFORE);
    try {
      await fresh.migrateTo(before);
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
    const db = fresh.database.db;
    await db.execute(sql`insert into organizations (id, name, collaboration_link)
      values (${ids.organization}, 'Group', 'https://example.org/group')`);
    await db.execute(sql`insert into profiles (id, iri, iri_type, organization_id)
      values (${ids.profile}, ${P}, 'external-iri', ${ids.organization})`);
    // Entries go in while the versions are drafts: a published version's are fixed.
    await db.execute(sql`insert into profile_versions (id, profile_id, version, iri, state, name, description)
      values (${ids.v1}, ${ids.profile}, 1, ${`${P}/v1`}, 'draft', 'Searchable', 'A profile.'),
        (${ids.v2}, ${ids.profile}, 2, ${`${P}/v2`}, 'draft', 'Searchable', 'A profile.')`);
    const item = async (
      id: string,
      name: string,
      published: boolean,
      extra = sql``,
      deprecated = false,
    ) => {
      const iri = `${P}/verbs/${name.replace(/ /g, '-')}`;
      await db.execute(sql`insert into profile_components (id, kind, iri, profile_id)
        values (${id}, 'concept', ${iri}, ${ids.profile})`);
      await db.execute(sql`insert into item_revisions (id, item_id, type, name, content)
        values (${revisionOf(id)}, ${id}, 'Verb', ${name}, ${JSON.stringify({
          id: iri,
          type: 'Verb',
          prefLabel: { en: name },
          definition: { en: `To ${name}.` },
          ...(deprecated ? { deprecated: true } : {}),
        })}::jsonb)`);
      await db.execute(sql`update profile_components set latest_revision_id = ${revisionOf(id)}
        ${published ? sql`, published_revision_id = ${revisionOf(id)}` : sql``} ${extra}
        where id = ${id}`);
      await db.execute(sql`insert into version_components (version_id, component_id, revision_id, position)
        values (${published ? ids.v1 : ids.v2}, ${id}, ${revisionOf(id)}, 0)`);
    };
    await item(ids.shown, 'zebrafied shown', true);
    // Published deprecated: the revision the public reads says so.
    await item(ids.deprecated, 'zebrafied old', true, sql`, deprecated_at = now()`, true);
    // Deprecated by a draft: the published revision does not say so (the draft's would).
    await item(ids.deprecatedInDraft, 'zebrafied kept', true, sql`, deprecated_at = now()`);
    await item(ids.drafted, 'zebrafied drafted', false);
    await item(ids.deleted, 'zebrafied gone', true, sql`, deleted_at = now()`);
    await db.execute(sql`update profile_versions set state = 'published', published_at = now()
      where id = ${ids.v1}`);
    await db.execute(sql`update profiles set current_published_version_id = ${ids.v1},
      current_draft_version_id = ${ids.v2} where id = ${ids.profile}`);

    await fresh.migrateTo(migrationsFolder);
    app = await buildApp({ config: testConfig(), database: fresh.database, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
  });

  it('fills what the public may find: published, not deleted, deprecated marked', async () => {
    const rows = await queryRows<{ item_id: string; revision_id: string; deprecated: boolean }>(
      fresh.database.db,
      sql`select item_id, revision_id, deprecated from searchable_items order by deprecated, item_id`,
    );
    expect(rows.sort((a, b) => Number(a.deprecated) - Number(b.deprecated))).toEqual(
      [
        { item_id: ids.shown, revision_id: revisionOf(ids.shown), deprecated: false },
        {
          item_id: ids.deprecatedInDraft,
          revision_id: revisionOf(ids.deprecatedInDraft),
          deprecated: false,
        },
        { item_id: ids.deprecated, revision_id: revisionOf(ids.deprecated), deprecated: true },
      ].sort(
        (a, b) => Number(a.deprecated) - Number(b.deprecated) || a.item_id.localeCompare(b.item_id),
      ),
    );
  });

  it('answers the search page from it', async () => {
    const calls = callsOf(app);
    const shown = await calls.get('/app/search/concepts?search=zebrafied');
    expect(
      shown
        .json<ItemResults>()
        .results.map((r) => r.name)
        .sort(),
    ).toEqual(['zebrafied kept', 'zebrafied shown']);
    const all = await calls.get('/app/search/concepts?search=zebrafied&deprecated=true');
    const results = all.json<ItemResults>();
    expect(results.results.map((r) => r.name).sort()).toEqual([
      'zebrafied kept',
      'zebrafied old',
      'zebrafied shown',
    ]);
    expect(results.results.find((r) => r.name === 'zebrafied shown')).toMatchObject({
      parentProfile: { name: 'Searchable' },
    });
    expect(results.total).toBe(3);
  });

  it('fills the words a typed word is corrected to (migration 0023_search_words) from what is findable', async () => {
    const rows = await queryRows<{ word: string }>(
      fresh.database.db,
      sql`select word from search_words order by word`,
    );
    // The names of findable items and of the published profile; not what only a draft lists.
    expect(rows.map((r) => r.word)).toEqual(['kept', 'old', 'searchable', 'shown', 'zebrafied']);
    const corrected = await callsOf(app).get('/app/search/concepts?search=zebarfied%20shown');
    expect(corrected.json<ItemResults>().results.map((r) => r.name)).toEqual(['zebrafied shown']);
  });
});
