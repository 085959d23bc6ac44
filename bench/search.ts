/**
 * Search against a point select: 100,000 concepts across 200 published profiles, generated
 * straight into the database, then p50/p95 of typical searches (through the search page's own
 * service, ranking and totals included) beside a select of one concept by uuid, on PGlite and on
 * PostgreSQL. Goal: search p95 at most 5 times the point select's p95. The typical search is two
 * words (about a hundred hits); a common word (thousands of hits), a typo (corrected to a word of
 * the names, then searched precisely), an IRI and a profile search are measured beside it.
 *
 *   node --import tsx bench/search.ts [--rounds 200] [--no-pg] [--json]
 *
 * PostgreSQL rows need a server at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres), where a throwaway database is made and dropped.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { searchQuerySchema } from '../common/search.js';
import { openDatabase, queryRows, type Database } from '../server/db/client.js';
import { itemRevisions, profileItems } from '../server/db/schema/index.js';
import { SiteSearchService } from '../server/modules/site-search/service.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const rounds = Number(option('--rounds') ?? 200);
const withPg = !args.includes('--no-pg');
const withLite = !args.includes('--no-pglite');
/** Ends with one line of JSON holding the figures, for `bench/table.ts`. */
const json = args.includes('--json');
/** Seed into this existing PostgreSQL database and leave it there (to study query plans). */
const keepPg = option('--keep-pg');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PROFILES = 200;
const CONCEPTS_PER_PROFILE = 500;

const verbs = `accessed answered asked attempted attended commented completed exited experienced
failed imported initialized interacted launched mastered passed preferred progressed registered
responded resumed satisfied scored shared suspended terminated voided waived watched paused played
seeked rated bookmarked downloaded uploaded searched viewed opened closed submitted reviewed
approved rejected enrolled graded earned unlocked purchased subscribed followed`
  .split(/\s+/)
  .filter(Boolean);
const nouns = `video course lesson module quiz question assessment simulation game book chapter
page slide document podcast webinar meeting session badge certificate skill competency goal
task project report survey form ticket device sensor lab exercise scenario mission checklist`
  .split(/\s+/)
  .filter(Boolean);

/** The catalogue, made in a few statements: organizations, profiles, versions, concepts, links. */
async function seed(database: Database): Promise<void> {
  const { db } = database;
  await db.execute(sql`set session_replication_role = replica`);
  const words = (list: string[]) => sql.raw(`array[${list.map((w) => `'${w}'`).join(',')}]`);
  await db.execute(sql`insert into organizations (id, name, collaboration_link)
    select md5('org' || g)::uuid, 'Group ' || g, 'https://example.org'
    from generate_series(1, 20) g`);
  await db.execute(sql`insert into profiles (id, iri, iri_type, organization_id)
    select md5('profile' || g)::uuid, 'https://bench.example/profiles/' || g, 'external-iri',
      md5('org' || (g % 20 + 1))::uuid
    from generate_series(1, ${PROFILES}) g`);
  // Versions are made as drafts and published once they list their items: the database refuses
  // entries added to a published version.
  await db.execute(sql`insert into profile_versions
      (id, profile_id, version, iri, state, name, description, tags)
    select md5('version' || g)::uuid, md5('profile' || g)::uuid, 1,
      'https://bench.example/profiles/' || g || '/v1', 'draft',
      'Profile ' || g || ' ' || (${words(nouns)})[g % ${nouns.length} + 1],
      'Statements about ' || (${words(nouns)})[(g * 7) % ${nouns.length} + 1] || ' activity.',
      jsonb_build_array((${words(nouns)})[(g * 3) % ${nouns.length} + 1])
    from generate_series(1, ${PROFILES}) g`);
  const total = PROFILES * CONCEPTS_PER_PROFILE;
  const chunk = 20_000;
  for (let start = 1; start <= total; start += chunk) {
    const end = Math.min(total, start + chunk - 1);
    // An item's identity, then its one revision, which the identity points at as published.
    await db.execute(sql`insert into profile_components (id, kind, iri, profile_id, created_at)
      select md5('concept' || g)::uuid, 'concept',
        'https://bench.example/profiles/' || (((g - 1) / ${CONCEPTS_PER_PROFILE}) + 1) || '/verbs/' || g,
        md5('profile' || (((g - 1) / ${CONCEPTS_PER_PROFILE}) + 1))::uuid,
        now() - (g || ' seconds')::interval
      from generate_series(${start}::int, ${end}::int) g`);
    await db.execute(sql`insert into item_revisions
        (id, item_id, type, name, content, created_at, updated_at)
      select md5('revision' || g)::uuid, md5('concept' || g)::uuid, 'Verb',
        n, jsonb_build_object('id', 'https://bench.example/profiles/' || p || '/verbs/' || g,
          'type', 'Verb', 'prefLabel', jsonb_build_object('en', n),
          'definition', jsonb_build_object('en', 'Indicates the actor ' || d || '.')),
        now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
      from (select g, ((g - 1) / ${CONCEPTS_PER_PROFILE}) + 1 as p,
              (${words(verbs)})[g % ${verbs.length} + 1] || ' ' ||
                (${words(nouns)})[(g / ${verbs.length}) % ${nouns.length} + 1] || ' ' || g as n,
              (${words(verbs)})[(g * 13) % ${verbs.length} + 1] || ' the ' ||
                (${words(nouns)})[(g * 17) % ${nouns.length} + 1] as d
            from generate_series(${start}::int, ${end}::int) g) s`);
  }
  await db.execute(sql`update profile_components
    set published_revision_id = md5('revision' || substr(iri, strpos(iri, '/verbs/') + 7))::uuid,
      latest_revision_id = md5('revision' || substr(iri, strpos(iri, '/verbs/') + 7))::uuid`);
  await db.execute(sql`insert into version_components (version_id, component_id, revision_id, position)
    select md5('version' || (((g - 1) / ${CONCEPTS_PER_PROFILE}) + 1))::uuid,
      md5('concept' || g)::uuid, md5('revision' || g)::uuid, (g - 1) % ${CONCEPTS_PER_PROFILE}
    from generate_series(1, ${total}) g`);
  await db.execute(sql`update profile_versions set state = 'published', published_at = now()`);
  await db.execute(sql`update profiles set current_published_version_id = md5('version' ||
    substr(iri, length('https://bench.example/profiles/') + 1))::uuid`);
  // What the public may find, filled once as migration 0021 fills it (the triggers that keep it
  // are off for the bulk load above: they would add 100,000 rows to its indexes one by one).
  await db.execute(sql`set session_replication_role = default`);
  await db.execute(sql`select refresh_searchable_items(array(select id from profile_components))`);
  // What autovacuum does after a bulk load on a server (PGlite has no autovacuum: see the report).
  await db.execute(sql`vacuum analyze`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(label: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

type Timed = Awaited<ReturnType<typeof time>>;
/** Per engine, the rows `npm run bench` shows (`--json`). */
const measured: Record<string, Record<'point' | 'typical' | 'common' | 'typo', Timed>> = {};

async function measure(engine: string, database: Database) {
  await database.migrate();
  const seeded = performance.now();
  await seed(database);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const search = new SiteSearchService(database.db);
  const ids = (
    await queryRows<{ id: string }>(
      database.db,
      sql`select id from profile_components order by random() limit 500`,
    )
  ).map((r) => r.id);
  const query = (search: string) => searchQuerySchema.parse({ search });
  const totalOf = async (text: string) => (await search.items('concept', query(text))).total;

  // An item with the revision the public reads: what an item page selects at least.
  const point = await time('point select by uuid', (i) =>
    database.db
      .select()
      .from(profileItems)
      .innerJoin(itemRevisions, eq(itemRevisions.id, profileItems.publishedRevisionId))
      .where(eq(profileItems.id, ids[i % ids.length]!))
      .limit(1),
  );
  const typical = await time(
    `typical search "launched video" (${await totalOf('launched video')} hits)`,
    () => search.items('concept', query('launched video')),
  );
  const common = await time(`search "mastered" (${await totalOf('mastered')} hits)`, () =>
    search.items('concept', query('mastered')),
  );
  const typo = await time(`search typo "compelted" (${await totalOf('compelted')} hits)`, () =>
    search.items('concept', query('compelted')),
  );
  const iri = await time(
    `search an IRI (${await totalOf('https://bench.example/profiles/7/verbs/3001')} hits)`,
    () => search.items('concept', query('https://bench.example/profiles/7/verbs/3001')),
  );
  const profiles = await time(
    `search profiles "video" (${(await search.profiles(query('video'))).total} hits)`,
    () => search.profiles(query('video')),
  );
  const rows = [point, typical, common, typo, iri, profiles];
  measured[engine] = { point, typical, common, typo };
  console.log(
    `\n${engine}: ${PROFILES * CONCEPTS_PER_PROFILE} concepts in ${PROFILES} profiles (seeded in ${seedSeconds.toFixed(1)} s), ${rounds} rounds`,
  );
  console.log('| what | p50 ms | p95 ms | p95 / point p95 |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const row of rows)
    console.log(
      `| ${row.label} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} | ${(row.p95 / point.p95).toFixed(1)}× |`,
    );
}

if (withLite) {
  const lite = await openDatabase({});
  try {
    await measure('PGlite', lite);
  } finally {
    await lite.close();
  }
}

if (withPg) {
  const name = keepPg ?? `xps_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!keepPg) await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await measure('PostgreSQL', database);
  } finally {
    await database.close();
    if (!keepPg) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (json) console.log(JSON.stringify({ concepts: PROFILES * CONCEPTS_PER_PROFILE, measured }));
