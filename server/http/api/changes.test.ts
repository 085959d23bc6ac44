import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Comparison, SiteComparison } from '../../../common/changes';
import type { JsonObject } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { actors, readRule, type Stage } from '../../test/authz-matrix';
import { makePerson } from '../../test/people';
import {
  ApiClient,
  expectError,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
  type TestDocument,
} from '../../test/public-api';

/** The next version of a document with one concept deprecated and one rule made stricter. */
function revised(document: TestDocument): TestDocument {
  const next = nextVersion(document, 3);
  const concepts = next.doc.concepts as JsonObject[];
  const won = concepts.find((c) => c.id === `${document.base}/verbs/won`)!;
  won.deprecated = true;
  const templates = next.doc.templates as JsonObject[];
  const placed = templates.find((c) => c.id === `${document.base}/templates/placed`)!;
  const rules = placed.rules as JsonObject[];
  rules[3]!.presence = 'included';
  return next;
}

describe('comparing two versions of a profile', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let other: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Comparers');
    other = await makeKeyedGroup(t.app, 'Strangers');
  });

  /** v2 published, then v3 (published or left a draft) with the two changes. */
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
    return { base: first.base, profile: profileUuidOf(v2), v2, v3 };
  }

  function expectTheTwoChanges(body: Comparison, base: string, v2: ApiMetadata, v3: ApiMetadata) {
    expect(body.from).toMatchObject({
      uuid: v2.version_uuid,
      version: v2.version,
      state: 'published',
    });
    expect(body.to).toMatchObject({ uuid: v3.version_uuid, version: v3.version });
    const { changes } = body;
    expect(changes.items.map((i) => [i.id, i.change, i.impact])).toEqual([
      [`${base}/verbs/won`, 'deprecated', 'additive'],
      [`${base}/templates/placed`, 'changed', 'breaking'],
    ]);
    expect(changes.items[1]!.fields.map((f) => [f.field, f.before, f.after])).toEqual([
      ['rules[$.result.score.raw].presence', 'recommended', 'included'],
    ]);
    expect(changes.impact).toBe('breaking');
    expect(changes.suggestedVersion).toMatchObject({ part: 'MODEL' });
    expect(changes.counts.byImpact).toEqual({ breaking: 1, additive: 1, editorial: 0 });
  }

  describe('GET /api/profile/{uuid}/changes', () => {
    it('compares a published version with the current one, for anyone', async () => {
      const { base, profile, v2, v3 } = await twoVersions(true);
      const response = await api.get(`/api/profile/${profile}/changes?from=${v2.version_uuid}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expectTheTwoChanges(response.json<Comparison>(), base, v2, v3);
    });

    it('answers the changelog as Markdown to Accept: text/markdown', async () => {
      const { base, profile, v2, v3 } = await twoVersions(true);
      const response = await api.get(
        `/api/profile/${profile}/changes?from=${v2.version_uuid}&to=${v3.version_uuid}`,
        { headers: { accept: 'text/markdown' } },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/markdown/);
      expect(response.body).toContain('**1 breaking, 1 additive, 0 editorial** changes.');
      expect(response.body).toContain(
        `- **Deprecated** (additive) Verb “won” — \`${base}/verbs/won\``,
      );
      expect(response.body).toContain('## Statement templates');
      // The words of the screens, not the specification's type names or its version scheme.
      expect(response.body).not.toMatch(/StatementTemplate|MODEL|REVISION\.ADDITION/);
      const refused = await api.get(`/api/profile/${profile}/changes?from=${v2.version_uuid}`, {
        headers: { accept: 'image/png' },
      });
      expectError(refused, 406, 'NOT_ACCEPTABLE');
    });

    it('compares a draft only for a read key of its group; to anyone else it is not found', async () => {
      const { base, profile, v2, v3 } = await twoVersions(false);
      const url = `/api/profile/${profile}/changes?from=${v2.version_uuid}&to=${v3.version_uuid}`;
      expectError(await api.get(url), 404, 'NOT_FOUND');
      expectError(await api.get(url, { key: other.keys.readWrite }), 404, 'NOT_FOUND');
      expectError(await api.get(url, { key: group.keys.writeOnly }), 403, 'FORBIDDEN');
      const own = await api.get(url, { key: group.keys.readOnly });
      expect(own.statusCode, own.body).toBe(200);
      expectTheTwoChanges(own.json<Comparison>(), base, v2, v3);
      // The other way round: the draft as `from` against the published default.
      const back = `/api/profile/${profile}/changes?from=${v3.version_uuid}`;
      expectError(await api.get(back), 404, 'NOT_FOUND');
      const reverse = await api.get(back, { key: group.keys.readOnly });
      expect(reverse.statusCode, reverse.body).toBe(200);
      expect(reverse.json<Comparison>().changes.items.map((i) => i.change)).toEqual([
        'undeprecated',
        'changed',
      ]);
    });

    it('refuses versions of other profiles and ids that are not uuids', async () => {
      const one = await twoVersions(true);
      const two = await twoVersions(true);
      expectError(
        await api.get(`/api/profile/${one.profile}/changes?from=${two.v2.version_uuid}`),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api.get(`/api/profile/${randomUUID()}/changes?from=${one.v2.version_uuid}`),
        404,
        'NOT_FOUND',
      );
      const bad = expectError(
        await api.get(`/api/profile/${one.profile}/changes?from=v2`),
        400,
        'VALIDATION_FAILED',
      );
      expect(bad.message).toMatch(/from/);
      expectError(await api.get(`/api/profile/${one.profile}/changes`), 400, 'VALIDATION_FAILED');
    });

    it('keeps a profile that has only a draft unknown to outsiders', async () => {
      const draft = (
        await api.import(group.keys.readWrite, uniqueProfile().doc, { published: false })
      ).metadata;
      const url = `/api/profile/${profileUuidOf(draft)}/changes?from=${draft.version_uuid}`;
      expectError(await api.get(url), 404, 'NOT_FOUND');
      const own = expectError(await api.get(url, { key: group.keys.readOnly }), 400, 'BAD_REQUEST');
      expect(own.message).toMatch(/no published version/);
      const same = await api.get(`${url}&to=${draft.version_uuid}`, { key: group.keys.readOnly });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json<Comparison>().changes.impact).toBe('none');
    });
  });

  describe('GET /app/profile/:profileId/changes', () => {
    it('compares published versions for anyone, and a draft only for members', async () => {
      const { base, profile, v2, v3 } = await twoVersions(false);
      const url = `/app/profile/${profile}/changes?from=${v2.version_uuid}&to=${v3.version_uuid}`;
      const member = await callsOf(t.app, group.cookie).get(url);
      expect(member.statusCode, member.body).toBe(200);
      const body = member.json<SiteComparison>();
      expectTheTwoChanges(body, base, v2, v3);
      // Each changed item links to its page in both versions.
      expect(body.links.map((l) => [l.iri, l.kind])).toEqual([
        [`${base}/verbs/won`, 'concept'],
        [`${base}/templates/placed`, 'template'],
      ]);
      for (const link of body.links) {
        const page = await callsOf(t.app, group.cookie).get(
          `/app/profile/${profile}/version/${v3.version_uuid}/${link.kind}s/${link.to}`,
        );
        expect(link.from).not.toBeNull();
        expect(page.statusCode, page.body).toBe(200);
      }

      const outsider = await makePerson(t.database.db, t.app.services.sessions);
      const refused = await callsOf(t.app, outsider.cookie).get(url);
      expect(refused.statusCode).toBe(404);
      expect((await callsOf(t.app).get(url)).statusCode).toBe(404);

      // The published version compared with itself (the default `to`): visible to everyone.
      const published = await callsOf(t.app).get(
        `/app/profile/${profile}/changes?from=${v2.version_uuid}`,
      );
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json<Comparison>().changes.impact).toBe('none');
    });

    for (const stage of ['draft', 'published'] as Stage[]) {
      for (const actor of actors) {
        it(`compares up to a ${stage} version as ${actor} → ${readRule[stage][actor]}`, async () => {
          const { profile, v2, v3 } = await twoVersions(stage === 'published');
          const outsider = await makePerson(t.database.db, t.app.services.sessions);
          const cookie = { anonymous: undefined, outsider: outsider.cookie, member: group.cookie }[
            actor
          ];
          const response = await callsOf(t.app, cookie).get(
            `/app/profile/${profile}/changes?from=${v2.version_uuid}&to=${v3.version_uuid}`,
          );
          expect(response.statusCode, response.body).toBe(readRule[stage][actor]);
          expect(response.json()).toHaveProperty('success', response.statusCode === 200);
        });
      }
    }

    it('names the field to fix when a version id is not a uuid', async () => {
      const { profile } = await twoVersions(true);
      const response = await callsOf(t.app).get(`/app/profile/${profile}/changes?from=nope`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/from/);
    });
  });
});
