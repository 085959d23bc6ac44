import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ConceptChange, ConceptList } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import type { ItemResults, ProfileResults } from '../../../common/search';
import type { TemplateChange, TemplateList } from '../../../common/templates';
import type { PatternList } from '../../../common/patterns';
import { queryRows } from '../../db/client';
import { useTestApp } from '../../test/app';
import { behindTheGuards } from '../../test/database';
import { addMember, callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import { makePerson } from '../../test/people';

/** A word no other test makes: letters only, so it is one word of the index. */
const uniqueWord = () =>
  `q${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

const verb = (name: string, description = `To ${name}.`, geniri = uniqueWord()) => ({
  conceptType: 'Verb',
  name,
  description,
  iriType: 'generated-iri',
  geniri,
});

const templateBody = (name: string, description = `Someone ${name} something.`) => ({
  name,
  description,
  iriType: 'generated-iri',
  geniri: uniqueWord(),
});

const patternBody = (name: string, description: string, templateId: string) => ({
  type: 'sequence',
  name,
  description,
  iriType: 'generated-iri',
  geniri: uniqueWord(),
  primary: true,
  components: [{ componentType: 'template', componentId: templateId }],
});

describe('search', () => {
  const t = useTestApp();
  const base = (view: ProfileView, versionId = view.version.uuid) =>
    `/app/profile/${view.profile.uuid}/version/${versionId}`;
  const anonymous = () => callsOf(t.app);
  const find = async <T = ItemResults>(
    category: string,
    query: Record<string, string>,
    cookie?: string,
  ) => {
    const response = await callsOf(t.app, cookie).get(
      `/app/search/${category}?${new URLSearchParams(query).toString()}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  /** A group's profile with the given concepts, published. */
  async function published(
    concepts: Array<ReturnType<typeof verb>>,
    profile: { name?: string } = {},
  ) {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id, profile.name ?? 'Reading');
    const calls = callsOf(t.app, admin.cookie);
    const ids: string[] = [];
    for (const concept of concepts) {
      const created = await calls.post(`${base(view)}/concepts`, concept);
      expect(created.statusCode, created.body).toBe(200);
      ids.push(created.json<ConceptChange>().concept.uuid);
    }
    const after = await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    return { org, admin, view, after, ids, calls };
  }

  describe('ranking', () => {
    it('puts an exact name above a description that mentions the word', async () => {
      const word = uniqueWord();
      await published([verb('Something else', `Often seen near ${word} in the field.`)]);
      await published([verb(word)]);
      const answer = await find('concepts', { search: word });
      expect(answer.total).toBe(2);
      expect(answer.results.map((r) => r.name)).toEqual([word, 'Something else']);
    });

    it('finds a word typed with a typo, and a word from its start', async () => {
      const word = uniqueWord();
      await published([verb(`${word}completed`)]);
      const typo = await find('concepts', { search: `${word}competed` });
      expect(typo.results.map((r) => r.name)).toEqual([`${word}completed`]);
      const start = await find('concepts', { search: word.slice(0, 7) });
      expect(start.results.map((r) => r.name)).toContain(`${word}completed`);
      // nothing starts with the middle of the word, so the second, fuzzy try finds it inside
      const inside = await find('concepts', { search: `${word.slice(3)}compl` });
      expect(inside.results.map((r) => r.name)).toEqual([`${word}completed`]);
    });

    it('corrects a typed word to a word of the names, then searches as if it were typed right', async () => {
      const word = uniqueWord();
      const name = `${word.slice(0, 5)}finished`;
      await published([verb(name, `Seen beside ${word} alone.`), verb('Other', 'Not this.')]);
      // The typo is read as the name's word; the other word is only in the description, which
      // trigram matching of names would never find.
      const typo = name.replace('finished', 'finsihed');
      const answer = await find('concepts', { search: `${typo} ${word}` });
      expect(answer.results.map((r) => r.name)).toEqual([name]);
      const words = await queryRows<{ word: string }>(
        t.database.db,
        sql`select word from search_words where word = ${name.toLowerCase()}`,
      );
      expect(words).toHaveLength(1);
    });

    it('forgives a slip of one letter in a short word', async () => {
      await published([verb('paused')], { name: 'Video lessons' });
      const slip = await find('concepts', { search: 'pausd' });
      expect(slip.results.map((r) => r.name)).toContain('paused');
      const swapped = await find<ProfileResults>('profiles', { search: 'vidoe' });
      expect(swapped.results.map((r) => r.name)).toContain('Video lessons');
    });

    it('finds an item by its IRI pasted in full, first of all', async () => {
      const geniri = uniqueWord();
      const { ids } = await published([verb('Found by IRI', 'Here.', geniri)]);
      const { after } = await published([verb('Other', 'Mentions the same words.', `${geniri}x`)]);
      const item = await find('concepts', { search: geniri });
      const iri = item.results.find((r) => r.uuid === ids[0])!.iri;
      expect(iri).toContain(geniri);
      const byIri = await find('concepts', { search: iri });
      expect(byIri.results[0]?.uuid).toBe(ids[0]);
      const profile = await find<ProfileResults>('profiles', { search: after.profile.iri });
      expect(profile.results[0]?.uuid).toBe(after.profile.uuid);
    });

    it('searches profile translations, tags and descriptions, and fills the card', async () => {
      const word = uniqueWord();
      const tag = uniqueWord();
      const translated = uniqueWord();
      const described = uniqueWord();
      const { org, admin } = await makeGroup(t.app, t.database);
      const created = await callsOf(t.app, admin.cookie).post(`/app/org/${org.id}/profile`, {
        iriType: 'external-iri',
        extiri: `https://example.org/profiles/${uniqueWord()}`,
        name: `Profile ${word}`,
        description: `About ${described}.`,
        tags: [tag, 'shared'],
        translations: [
          {
            language: 'fr',
            translationName: `Profil ${translated}`,
            translationDesc: 'Un profil.',
          },
        ],
      });
      expect(created.statusCode, created.body).toBe(200);
      const view = created.json<ProfileView>();
      const concept = await callsOf(t.app, admin.cookie).post(
        `${base(view)}/concepts`,
        verb('Filler'),
      );
      expect(concept.statusCode).toBe(200);
      await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
      const { view: sibling } = await published([verb('Filler')], { name: `Sibling ${tag}` });
      // Tags no published version of it has: only a write behind the server's guards gives them.
      await behindTheGuards(t.database.db, (tx) =>
        tx.execute(
          sql`update profile_versions set tags = '["shared"]'::jsonb where profile_id = ${sibling.profile.uuid}`,
        ),
      );
      for (const search of [word, translated, described]) {
        const answer = await find<ProfileResults>('profiles', { search });
        expect(answer.results[0]?.uuid, search).toBe(view.profile.uuid);
      }
      const byTag = await find<ProfileResults>('profiles', { search: tag });
      expect(byTag.total).toBe(2);
      const byDescription = await find<ProfileResults>('profiles', {
        search: `${word} ${described}`,
      });
      expect(byDescription.results.map((r) => r.uuid)).toEqual([view.profile.uuid]);
      expect(byTag.results[1]).toMatchObject({
        name: `Profile ${word}`,
        description: `About ${described}.`,
        tags: [tag, 'shared'],
        isVerified: false,
        organization: { uuid: org.id, name: org.name },
        concepts: 1,
        templates: 0,
        patterns: 0,
        parentProfile: { uuid: view.profile.uuid, name: `Profile ${word}` },
        similarProfiles: [{ uuid: sibling.profile.uuid, name: `Sibling ${tag}` }],
      });
      // a name hit ranks above a tag hit, whatever their ages
      expect(byTag.results.map((r) => r.name)).toEqual([`Sibling ${tag}`, `Profile ${word}`]);
    });
  });

  describe('visibility', () => {
    it('never shows a draft, its name or its count to anyone on the search page', async () => {
      const word = uniqueWord();
      const { org, admin } = await makeGroup(t.app, t.database);
      const member = await addMember(t.app, t.database, org.id);
      const view = await makeProfile(t.app, admin.cookie, org.id, `Draft ${word}`);
      const created = await callsOf(t.app, admin.cookie).post(
        `${base(view)}/concepts`,
        verb(`${word} secret`),
      );
      expect(created.statusCode).toBe(200);
      const outsider = await makePerson(t.database.db, t.app.services.sessions);
      for (const cookie of [undefined, outsider.cookie, member.cookie, admin.cookie]) {
        for (const category of ['profiles', 'concepts', 'templates', 'patterns']) {
          const answer = await find(category, { search: word }, cookie);
          expect(answer).toMatchObject({ total: 0, results: [] });
        }
      }
    });

    it('shows the published name of a profile whose draft has a new one', async () => {
      const secret = uniqueWord();
      const word = uniqueWord();
      const { admin, after } = await published([verb('Filler')], { name: `Public ${word}` });
      const filler = uniqueWord();
      const calls = callsOf(t.app, admin.cookie);
      // editing a concept of a published version makes a new draft; rename that draft
      const made = await calls.post(`${base(after)}/concepts`, verb(`${filler} more`));
      expect(made.statusCode, made.body).toBe(200);
      const draftId = made.json<ConceptChange>().versionId;
      expect(draftId).not.toBe(after.version.uuid);
      const locked = await calls.post(`/app/profile/${after.profile.uuid}/version/${draftId}/lock`);
      expect(locked.statusCode, locked.body).toBe(200);
      const renamed = await calls.put(`/app/profile/${after.profile.uuid}/version/${draftId}`, {
        name: `Renamed ${secret}`,
        description: `Draft words ${secret}.`,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      for (const cookie of [undefined, admin.cookie]) {
        expect((await find<ProfileResults>('profiles', { search: secret }, cookie)).total).toBe(0);
        expect((await find('concepts', { search: filler }, cookie)).total).toBe(0);
      }
      const shown = await find<ProfileResults>('profiles', { search: word });
      expect(shown.results.map((r) => r.name)).toEqual([`Public ${word}`]);
      const fillers = await find('concepts', { search: 'Filler', limit: '10' });
      for (const result of fillers.results)
        expect(result.parentProfile?.name).not.toContain(secret);
    });

    it('lets members find their own profile drafts in its add screens, and nobody else', async () => {
      const word = uniqueWord();
      const { org, admin } = await makeGroup(t.app, t.database);
      const member = await addMember(t.app, t.database, org.id);
      const view = await makeProfile(t.app, admin.cookie, org.id);
      const other = await makeProfile(t.app, admin.cookie, org.id, 'Other');
      const calls = callsOf(t.app, admin.cookie);
      const concept = await calls.post(`${base(view)}/concepts`, verb(`${word}`));
      expect(concept.statusCode).toBe(200);
      const template = await calls.post(`${base(view)}/templates`, templateBody(`${word} t`));
      expect(template.statusCode, template.body).toBe(200);
      const templateId = template.json<TemplateChange>().template.uuid;
      const pattern = await calls.post(
        `${base(view)}/patterns`,
        patternBody(`${word} p`, 'A pattern.', templateId),
      );
      expect(pattern.statusCode, pattern.body).toBe(200);

      const outsider = await makePerson(t.database.db, t.app.services.sessions);
      const searches = (versionId: string) => [
        `/app/concepts/search?search=${word}&versionId=${versionId}&listed=include`,
        `/app/templates/search?search=${word}&versionId=${versionId}&purpose=reference`,
        `/app/pattern-components/search?search=${word}&versionId=${versionId}&componentType=template`,
        `/app/pattern-components/search?search=${word}&versionId=${versionId}&componentType=pattern`,
      ];
      const totalOf = async (url: string, cookie?: string) => {
        const response = await callsOf(t.app, cookie).get(url);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ total: number }>().total;
      };
      for (const url of searches(view.version.uuid)) {
        expect(await totalOf(url, member.cookie), url).toBeGreaterThan(0);
        expect(await totalOf(url, outsider.cookie), url).toBe(0);
        expect(await totalOf(url), url).toBe(0);
      }
      // the add screens of templates and patterns, and the searches outside any version
      for (const url of [
        `/app/templates/search?search=${word}&versionId=${view.version.uuid}`,
        `/app/patterns/search?search=${word}&versionId=${view.version.uuid}`,
        `/app/concepts/search?search=${word}`,
        `/app/templates/search?search=${word}`,
        `/app/patterns/search?search=${word}`,
      ])
        for (const cookie of [undefined, outsider.cookie])
          expect(await totalOf(url, cookie), url).toBe(0);
      // the drafts of one profile are not offered to another profile's version
      for (const url of searches(other.version.uuid))
        expect(await totalOf(url, member.cookie), url).toBe(0);
    });
  });

  describe('filters and paging', () => {
    it('pages ten at a time with the total, and asks for three in the All view', async () => {
      const word = uniqueWord();
      await published(Array.from({ length: 12 }, (_, i) => verb(`${word} ${i}`)));
      const first = await find('concepts', { search: word });
      expect(first).toMatchObject({ total: 12, page: 1, limit: 10 });
      expect(first.results).toHaveLength(10);
      const second = await find('concepts', { search: word, page: '2' });
      expect(second.results).toHaveLength(2);
      expect(second.total).toBe(12);
      const names = [...first.results, ...second.results].map((r) => r.name);
      expect(new Set(names).size).toBe(12);
      const beyond = await find('concepts', { search: word, page: '5' });
      expect(beyond).toMatchObject({ total: 12, results: [] });
      expect((await find('concepts', { search: word, limit: '3' })).results).toHaveLength(3);
      const tooMany = await anonymous().get(`/app/search/concepts?search=${word}&limit=11`);
      expect(tooMany.statusCode).toBe(400);
    });

    it('leaves deprecated items out unless asked, and keeps to verified profiles when asked', async () => {
      const word = uniqueWord();
      const { after, ids, calls, admin } = await published([
        verb(`${word} old`),
        verb(`${word} new`),
      ]);
      expect((await calls.post(`${base(after)}/concepts/${ids[0]}/lock`)).statusCode).toBe(200);
      const draft = await calls.post(`${base(after)}/concepts/${ids[0]}/deprecate`, {
        reason: 'Use the new one.',
      });
      expect(draft.statusCode, draft.body).toBe(200);
      // A deprecation is its draft's until the draft is published: the public still finds both.
      const before = await find('concepts', { search: word, deprecated: 'true' });
      expect(before.results.map((r) => [r.name, r.isDeprecated]).sort()).toEqual([
        [`${word} new`, false],
        [`${word} old`, false],
      ]);
      expect((await find('concepts', { search: word })).total).toBe(2);
      const draftId = draft.json<{ versionId: string }>().versionId;
      const next = await publishVersion(t.app, admin.cookie, after.profile.uuid, draftId);
      const hidden = await find('concepts', { search: word });
      expect(hidden.results.map((r) => r.name)).toEqual([`${word} new`]);
      const all = await find('concepts', { search: word, deprecated: 'true' });
      expect(all.results.map((r) => [r.name, r.isDeprecated]).sort()).toEqual([
        [`${word} new`, false],
        [`${word} old`, true],
      ]);
      expect((await find('concepts', { search: word, verified: 'true' })).total).toBe(0);
      expect((await find('profiles', { search: after.profile.iri, verified: 'true' })).total).toBe(
        0,
      );
      await t.database.db.execute(
        sql`update profile_versions set is_verified = true where id = ${next.version.uuid}`,
      );
      const verified = await find('concepts', { search: word, verified: 'true' });
      expect(verified.results.map((r) => r.name)).toEqual([`${word} new`]);
      const profiles = await find<ProfileResults>('profiles', {
        search: after.profile.iri,
        verified: 'true',
      });
      expect(profiles.results.map((r) => [r.uuid, r.isVerified])).toEqual([
        [after.profile.uuid, true],
      ]);
      const bad = await anonymous().get(`/app/search/concepts?search=${word}&verified=yes`);
      expect(bad.statusCode).toBe(400);
    });

    it('keeps templates and patterns to verified profiles when asked, as the search page asks', async () => {
      const word = uniqueWord();
      const { org, admin } = await makeGroup(t.app, t.database);
      const view = await makeProfile(t.app, admin.cookie, org.id);
      const calls = callsOf(t.app, admin.cookie);
      const template = await calls.post(`${base(view)}/templates`, templateBody(`${word} t`));
      expect(template.statusCode, template.body).toBe(200);
      const templateId = template.json<TemplateChange>().template.uuid;
      const pattern = await calls.post(
        `${base(view)}/patterns`,
        patternBody(`${word} p`, 'A pattern.', templateId),
      );
      expect(pattern.statusCode, pattern.body).toBe(200);
      const after = await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
      for (const category of ['templates', 'patterns']) {
        expect((await find(category, { search: word })).total, category).toBe(1);
        expect((await find(category, { search: word, verified: 'true' })).total, category).toBe(0);
      }
      await t.database.db.execute(
        sql`update profile_versions set is_verified = true where id = ${after.version.uuid}`,
      );
      for (const category of ['templates', 'patterns'])
        expect((await find(category, { search: word, verified: 'true' })).total, category).toBe(1);
    });

    it('keeps to one concept type when asked, and counts what uses a concept', async () => {
      const word = uniqueWord();
      const { org, admin } = await makeGroup(t.app, t.database);
      const view = await makeProfile(t.app, admin.cookie, org.id);
      const calls = callsOf(t.app, admin.cookie);
      const verbId = (
        await calls.post(`${base(view)}/concepts`, verb(`${word} verb`))
      ).json<ConceptChange>().concept.uuid;
      const activity = await calls.post(`${base(view)}/concepts`, {
        conceptType: 'ActivityType',
        name: `${word} type`,
        description: 'A type.',
        iriType: 'generated-iri',
        geniri: uniqueWord(),
      });
      expect(activity.statusCode, activity.body).toBe(200);
      const templateId = (
        await calls.post(`${base(view)}/templates`, templateBody('uses it'))
      ).json<TemplateChange>().template.uuid;
      const url = `${base(view)}/templates/${templateId}`;
      expect((await calls.post(`${url}/lock`)).statusCode).toBe(200);
      const set = await calls.put(`${url}/determining-properties/verb`, { conceptIds: [verbId] });
      expect(set.statusCode, set.body).toBe(200);
      await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);

      const verbs = await find('concepts', { search: word, conceptType: 'Verb' });
      expect(verbs.results.map((r) => r.name)).toEqual([`${word} verb`]);
      expect(verbs.results[0]?.usedBy).toEqual({ templates: 1, profiles: 1 });
      const both = await find('concepts', { search: word });
      expect(both.total).toBe(2);
      const types = await find('concepts', { search: word, conceptType: 'ActivityType' });
      expect(types.results[0]).toMatchObject({ name: `${word} type`, usedBy: { templates: 0 } });
      const templates = await find('templates', { search: 'uses it' });
      expect(templates.results.map((r) => r.parentProfile?.uuid)).toContain(view.profile.uuid);
    });

    it('lists every published concept when no text is given (Browse All Concepts)', async () => {
      const word = uniqueWord();
      await published([verb(`${word} a`)]);
      const all = await find('concepts', {});
      expect(all.total).toBeGreaterThan(0);
      expect(all.results[0]?.name).toBe(`${word} a`);
    });
  });

  describe('hostile input', () => {
    it('treats regex, query syntax, SQL and punctuation as plain text', async () => {
      const word = uniqueWord();
      await published([verb(`${word} safe`)]);
      for (const search of [
        '.*',
        '(a|b)+\\',
        "'; drop table profile_components; --",
        '!!!???',
        '& | ! : * ( ) <-> \'"',
        '%_%',
        `${word}:*`,
        '\u{1F600}\u0301',
        ' ',
      ])
        for (const category of ['profiles', 'concepts', 'templates', 'patterns']) {
          const response = await anonymous().get(
            `/app/search/${category}?${new URLSearchParams({ search }).toString()}`,
          );
          expect(response.statusCode, `${category} ${search}: ${response.body}`).toBe(200);
        }
      const safe = await find('concepts', { search: `${word}:*` });
      expect(safe.results.map((r) => r.name)).toEqual([`${word} safe`]);
      const sqlText = await find('concepts', { search: "' or 1=1 --" });
      expect(sqlText.total).toBeLessThan((await find('concepts', {})).total + 1);
    });

    it('refuses ten kilobytes of text with a clear 400, and NUL likewise', async () => {
      for (const search of ['x'.repeat(10_000), 'a\u0000b']) {
        const response = await anonymous().get(
          `/app/search/concepts?${new URLSearchParams({ search }).toString()}`,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json<{ code: string; message: string }>().message).toMatch(/search/i);
      }
      const unknown = await anonymous().get('/app/search/concepts?sort=name');
      expect(unknown.statusCode).toBe(400);
      const old = await anonymous().get('/app/concepts/search?search=' + 'y'.repeat(5000));
      expect(old.statusCode).toBe(400);
    });
  });

  describe('what it may find, kept by the statements that change it', () => {
    /** The rows of `searchable_items` for `ids`, beside what the rule computes from the tables. */
    async function rowsOf(ids: string[]) {
      const list = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const kept = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select item_id, revision_id, name, deprecated, search_vector::text as vector
          from searchable_items where item_id in (${list}) order by item_id`,
      );
      const rule = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select i.id as item_id, r.id as revision_id, r.name,
            coalesce(r.content -> 'deprecated' = 'true'::jsonb, false) as deprecated,
            r.search_vector::text as vector
          from profile_components i join item_revisions r on r.id = i.published_revision_id
          where i.id in (${list}) and i.deleted_at is null and exists (
            select 1 from version_components e join profile_versions v on v.id = e.version_id
            where e.component_id = i.id and v.state = 'published')
          order by i.id`,
      );
      expect(kept).toEqual(rule);
      return kept;
    }

    it('follows publishing, deprecating and deleting the profile', async () => {
      const word = uniqueWord();
      const { org, admin } = await makeGroup(t.app, t.database);
      const view = await makeProfile(t.app, admin.cookie, org.id, 'Reading');
      const calls = callsOf(t.app, admin.cookie);
      const ids: string[] = [];
      for (const concept of [verb(`${word} kept`), verb(`${word} other`), verb(`${word} third`)]) {
        const created = await calls.post(`${base(view)}/concepts`, concept);
        expect(created.statusCode, created.body).toBe(200);
        ids.push(created.json<ConceptChange>().concept.uuid);
      }
      const [kept] = ids as [string];
      expect(await rowsOf(ids)).toEqual([]);
      const after = await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
      expect(await rowsOf(ids)).toHaveLength(3);

      expect((await calls.post(`${base(after)}/concepts/${kept}/lock`)).statusCode).toBe(200);
      const deprecated = await calls.post(`${base(after)}/concepts/${kept}/deprecate`, {
        reason: 'Old.',
      });
      expect(deprecated.statusCode, deprecated.body).toBe(200);
      // Changing a published version's item makes a draft, which the rest is done in.
      const draftId = deprecated.json<ConceptChange>().versionId;
      const draft = `/app/profile/${view.profile.uuid}/version/${draftId}`;
      // The deprecation is the draft's until it is published.
      expect((await rowsOf([kept]))[0]).toMatchObject({ deprecated: false });
      expect((await find('concepts', { search: word })).total).toBe(3);

      const added = await calls.post(`${draft}/concepts`, verb(`${word} added`));
      expect(added.statusCode, added.body).toBe(200);
      ids.push(added.json<ConceptChange>().concept.uuid);
      expect(await rowsOf(ids)).toHaveLength(3);
      await publishVersion(t.app, admin.cookie, view.profile.uuid, draftId);
      expect(await rowsOf(ids)).toHaveLength(4);
      expect((await rowsOf([kept]))[0]).toMatchObject({ deprecated: true });
      expect((await find('concepts', { search: word })).total).toBe(3);
      const found = await find('concepts', { search: word, deprecated: 'true' });
      expect(found.results.map((r) => r.name).sort()).toEqual(
        (await rowsOf(ids)).map((r) => r.name).sort(),
      );

      const gone = await calls.delete(`/app/profile/${view.profile.uuid}?confirmName=Reading`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await rowsOf(ids)).toEqual([]);
      expect((await find('concepts', { search: word, deprecated: 'true' })).total).toBe(0);
    });
  });

  it('answers the kinds’ own lists unchanged', async () => {
    const list = await anonymous().get('/app/templates/search?search=zz');
    expect(list.json<TemplateList>().success).toBe(true);
    const patterns = await anonymous().get('/app/patterns/search?search=zz');
    expect(patterns.json<PatternList>().success).toBe(true);
    const concepts = await anonymous().get('/app/concepts/search?search=zz');
    expect(concepts.json<ConceptList>().success).toBe(true);
  });
});
