import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import { htmlProblems } from '../../../xapi/docs/test-helpers';
import type { TemplateChange } from '../../../common/templates';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { callsOf, makeGroup, makeProfile } from '../../test/authoring';
import { useTestApp } from '../../test/app';
import { makePerson } from '../../test/people';
import {
  ApiClient,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type TestDocument,
} from '../../test/public-api';

/** The next version with a French name, a concept fewer and a rule stricter. */
function revised(document: TestDocument): TestDocument {
  const next = nextVersion(document, 3);
  next.doc.prefLabel = { en: 'Sports', fr: 'Sports en français' };
  next.doc.concepts = (next.doc.concepts as JsonObject[]).filter(
    (c) => c.id !== `${document.base}/verbs/ran`,
  );
  const placed = (next.doc.templates as JsonObject[])[0]!;
  (placed.rules as JsonObject[])[3]!.presence = 'included';
  return next;
}

describe("a version's documentation on the site", () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let outsider: string;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Writers');
    outsider = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  async function twoVersions(published: boolean) {
    const first = uniqueProfile();
    const v2 = (await api.import(group.keys.readWrite, first.doc)).metadata;
    const v3 = (
      await api.import(
        group.keys.readWrite,
        revised(first).doc,
        published ? undefined : { published: false },
      )
    ).metadata;
    const profile = profileUuidOf(v2);
    const url = (m: typeof v2, tail = '') =>
      `/app/profile/${profile}/version/${m.version_uuid}/docs${tail}`;
    return { base: first.base, profile, v2, v3, url };
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('gives anyone the page of a published version, with what changed since the one before', async () => {
    const { base, v2, v3, url } = await twoVersions(true);
    const response = await get(url(v3));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toContain('Accept-Language');
    const page = response.body;
    expect(page).toContain(`id="${base}/templates/placed"`);
    expect(page).toContain('Changes since v2');
    expect(page).toMatch(/Removed<\/strong> Verb <span>ran<\/span>/);
    // The rule made stricter, in words and in the changelog.
    expect(page).toContain('<code>$.result.score.raw</code> is required');
    expect(page).toContain('<svg class="pd"');
    // Links to the other version's page and to the Markdown.
    expect(page).toContain(`href="${url(v2)}?lang=en"`);
    expect(page).toContain(`href="${url(v3, '.md')}?lang=en"`);
    expect(await htmlProblems(page)).toEqual([]);
    // The oldest has nothing to compare with.
    const first = await get(url(v2));
    expect(first.body).not.toContain('id="changes"');
  });

  it('follows ?lang=, then Accept-Language, falling back per field', async () => {
    const { v3, url } = await twoVersions(true);
    const french = await get(url(v3), { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' });
    expect(french.headers['content-language']).toBe('fr');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Sports en français</h1>');
    // Only English for this concept: shown in English, marked as such.
    expect(french.body).toMatch(/<h4 lang="en">won<\/h4>/);
    const english = await get(`${url(v3)}?lang=en`, { 'accept-language': 'fr' });
    expect(english.body).toContain('<html lang="en">');
    const unknown = await get(`${url(v3)}?lang=ja`);
    expect(unknown.body).toContain('<html lang="en">');
  });

  it('answers the Markdown file, and the page as a download', async () => {
    const { base, v3, url } = await twoVersions(true);
    const markdown = await get(`${url(v3, '.md')}?lang=fr`);
    expect(markdown.statusCode, markdown.body).toBe(200);
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers['content-disposition']).toMatch(
      /^attachment; filename="Sports-en-fran-ais-v3\.md"$/,
    );
    expect(markdown.body).toMatch(/^# Sports en français\n/);
    expect(markdown.body).toContain(`<a id="${base}/patterns/race"></a>`);
    const download = await get(`${url(v3)}?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.html"$/);
  });

  it('shows a draft only to its group: anyone else is told it does not exist', async () => {
    const { base, v3, url } = await twoVersions(false);
    for (const tail of ['', '.md']) {
      const anonymous = await get(url(v3, tail));
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(anonymous.body).not.toContain(base);
      const stranger = await get(url(v3, tail), { cookie: outsider });
      expect(stranger.statusCode).toBe(404);
      const member = await get(url(v3, tail), { cookie: group.cookie });
      expect(member.statusCode, member.body).toBe(200);
      expect(member.body).toContain('Changes since v2');
    }
  });

  it("never links a visitor to a draft from a published version's page", async () => {
    const { v2, v3, url } = await twoVersions(false);
    const visitor = await get(url(v2));
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain(v3.version_uuid);
    const member = await get(url(v2), { cookie: group.cookie });
    expect(member.body).toContain(v3.version_uuid);
    expect(member.body).toContain('(draft)');
  });

  it('refuses a malformed language or parameter with a 400 that says what to fix', async () => {
    const { v3, url } = await twoVersions(true);
    const bad = await get(`${url(v3)}?lang=${encodeURIComponent('<script>')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/language tag/);
    expect((await get(`${url(v3)}?download=yes`)).statusCode).toBe(400);
    expect((await get(`${url(v3)}?other=1`)).statusCode).toBe(400);
    const badHeader = await get(url(v3), { 'accept-language': `${'x'.repeat(5000)},;q=abc` });
    expect(badHeader.statusCode).toBe(200);
    expect((await get('/app/profile/not-a-uuid/version/also-not/docs')).statusCode).toBe(400);
  });

  it("shows a template's example: the one its authors wrote, else one generated from the profile", async () => {
    const { base, v3, url } = await twoVersions(true);
    const imported = await get(url(v3));
    // The imported profile has no written examples: each reached template gets a generated one.
    expect(imported.body).toContain('Example statement (generated from the profile)');
    expect(imported.body).not.toContain('(written by the authors)');
    // …a statement of the template: its verb in the statement's JSON.
    expect(imported.body).toContain(`&quot;id&quot;: &quot;${base}/verbs/placed&quot;`);

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const versionUrl = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}`;
    const made = await calls.post(`${versionUrl}/templates`, {
      name: 'read',
      description: 'Someone read a page.',
      iriType: 'generated-iri',
      geniri: 'read',
    });
    expect(made.statusCode, made.body).toBe(200);
    const template = `${versionUrl}/templates/${made.json<TemplateChange>().template.uuid}`;
    expect((await calls.post(`${template}/lock`)).statusCode).toBe(200);
    const statement = {
      actor: { mbox: 'mailto:reader@example.org' },
      verb: { id: 'https://example.org/verbs/read-by-the-authors' },
      object: { id: 'https://example.org/pages/1' },
    };
    const saved = await calls.put(`${template}/example`, {
      statementExample: JSON.stringify(statement),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await get(`${versionUrl}/docs`, { cookie: admin.cookie });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Example statement (written by the authors)');
    expect(page.body).toContain('https://example.org/verbs/read-by-the-authors');
  });
});
