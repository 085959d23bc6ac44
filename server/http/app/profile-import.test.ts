import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConceptList, ConceptView } from '../../../common/concepts';
import type { ImportComparison, VersionFinding } from '../../../common/harvest';
import type { ProfileView } from '../../../common/profiles';
import type { JsonObject } from '../../../xapi/index';
import { outboxEvents, profileVersions } from '../../db/schema';
import { listVersionItems } from '../../modules/item-store/repo';
import { lockResource } from '../../modules/locks/service';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
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

type Findings = { findings: VersionFinding[] };

/** The fixture with one concept naming a version the profile does not have (rule L2). */
function brokenProfile(): TestDocument & { broken: string } {
  const document = uniqueProfile();
  const concept = (document.doc.concepts as JsonObject[])[1] as JsonObject;
  concept.inScheme = 'https://nowhere.example/v9';
  return { ...document, broken: concept.id as string };
}

describe('profiles with findings: drafts, findings, profile files, histories', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let outsiderCookie: string;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Importers');
    outsiderCookie = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  const asMember = () => callsOf(t.app, group.cookie);

  async function importDraft(doc: JsonObject) {
    const response = await api.post(
      '/api/profile',
      { profile: doc, status: { published: false } },
      { key: group.keys.readWrite },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ metadata: ApiMetadata } & Findings>();
  }

  const versionPath = (metadata: ApiMetadata) =>
    `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}`;

  describe('POST /api/profile as a draft', () => {
    it('keeps a document that breaks a MUST, and answers its findings with the item', async () => {
      const document = brokenProfile();
      const { metadata, findings } = await importDraft(document.doc);
      expect(metadata.status.published).toBe(false);
      const l2 = findings.find((f) => f.ruleId === 'L2');
      expect(l2).toMatchObject({
        severity: 'error',
        path: '/concepts/1/inScheme',
        item: { kind: 'concept', iri: document.broken, name: 'won' },
      });
      // The draft keeps the document's content, broken reference included.
      const stored = await api.get(`/api/profile/${metadata.version_uuid}`, {
        key: group.keys.readOnly,
      });
      const concepts = stored.json<{ concepts: JsonObject[] }>().concepts;
      expect(concepts.find((c) => c.id === document.broken)?.inScheme).toBe(
        'https://nowhere.example/v9',
      );
    });

    it('still refuses the same document published at once, with its findings', async () => {
      const response = await api.post(
        '/api/profile',
        { profile: brokenProfile().doc },
        { key: group.keys.readWrite },
      );
      expectError(response, 400, 'VALIDATION_FAILED');
      expect(response.json<Findings>().findings.some((f) => f.ruleId === 'L2')).toBe(true);
    });

    it('keeps the first entry of an item listed twice and reports the second', async () => {
      const document = uniqueProfile();
      const concepts = document.doc.concepts as JsonObject[];
      const again: JsonObject = { ...(concepts[0] as JsonObject), prefLabel: { en: 'second' } };
      concepts.push(again);
      const { metadata, findings } = await importDraft(document.doc);
      expect(metadata.concept_count).toBe(concepts.length - 1);
      expect(findings).toContainEqual(
        expect.objectContaining({
          ruleId: 'L1',
          path: `/concepts/${concepts.length - 1}`,
          item: null,
        }),
      );
      const stored = await api.get(`/api/profile/${metadata.version_uuid}`, {
        key: group.keys.readOnly,
      });
      const first = stored
        .json<{ concepts: JsonObject[] }>()
        .concepts.find((c) => c.id === again.id) as JsonObject;
      expect(first.prefLabel).toEqual({ en: 'placed' });
    });

    it('refuses with 400 what cannot be stored, naming it', async () => {
      const withoutId = uniqueProfile();
      delete withoutId.doc.id;
      const noVersions = uniqueProfile();
      delete noVersions.doc.versions;
      const conceptsNotAList = uniqueProfile();
      conceptsNotAList.doc.concepts = { verb: 'watched' };
      const anonymousItem = uniqueProfile();
      (anonymousItem.doc.templates as JsonObject[]).unshift({ scopeNote: { en: 'later' } });
      for (const [doc, named] of [
        [withoutId.doc, /"id"/],
        [noVersions.doc, /versions/],
        [conceptsNotAList.doc, /"concepts" must be a list/],
        [anonymousItem.doc, /\/templates\/0/],
      ] as const) {
        const response = await api.post(
          '/api/profile',
          { profile: doc, status: { published: false } },
          { key: group.keys.readWrite },
        );
        expectError(response, 400, 'VALIDATION_FAILED');
        expect(response.json<{ message: string }>().message).toMatch(named);
      }
    });

    it('refuses with 409 an item another profile defines, naming it', async () => {
      const owner = uniqueProfile();
      await api.import(group.keys.readWrite, owner.doc);
      const borrower = uniqueProfile();
      const taken = (owner.doc.concepts as JsonObject[])[0] as JsonObject;
      (borrower.doc.concepts as JsonObject[]).push({ ...taken });
      const response = await api.post(
        '/api/profile',
        { profile: borrower.doc, status: { published: false } },
        { key: group.keys.readWrite },
      );
      expectError(response, 409, 'CONFLICT');
      expect(response.json<{ message: string }>().message).toContain(taken.id as string);
    });

    it('lets PUT keep a draft with errors, and publishing stays refused until they are fixed', async () => {
      const document = uniqueProfile();
      const { metadata } = await importDraft(document.doc);
      const broken = brokenProfile();
      const doc = JSON.parse(
        JSON.stringify(broken.doc).replaceAll(broken.base, document.base),
      ) as JsonObject;
      const put = await api.put(
        `/api/profile/${metadata.version_uuid}`,
        { profile: doc, status: { published: false } },
        {
          key: group.keys.readWrite,
          headers: { 'if-unmodified-since': new Date(Date.now() + 5000).toUTCString() },
        },
      );
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json<Findings>().findings.some((f) => f.ruleId === 'L2')).toBe(true);
      const publish = await api.post(
        `/api/profile/${metadata.version_uuid}/status`,
        { published: true },
        { key: group.keys.readWrite },
      );
      expectError(publish, 400, 'VALIDATION_FAILED');
      const site = await asMember().post(`${versionPath(metadata)}/publish`, { confirmed: true });
      expect(site.statusCode, site.body).toBe(400);
    });
  });

  describe('odd stored content', () => {
    it('reads every item of a draft with an unknown concept type, missing labels and a rule without location', async () => {
      const document = uniqueProfile();
      const concepts = document.doc.concepts as JsonObject[];
      concepts.push({ id: `${document.base}/odd/thing`, type: 'Gadget', inScheme: 'elsewhere' });
      concepts.push({ id: `${document.base}/odd/verb`, type: 'Verb' });
      const template = (document.doc.templates as JsonObject[])[0] as JsonObject;
      template.rules = [{ presence: 'included' }, 'not a rule'];
      delete template.prefLabel;
      const pattern = (document.doc.patterns as JsonObject[])[0] as JsonObject;
      delete pattern.prefLabel;
      delete pattern.definition;
      pattern.sequence = 'not a list';
      const { metadata, findings } = await importDraft(document.doc);
      expect(findings.filter((f) => f.severity === 'error').length).toBeGreaterThan(0);
      const base = versionPath(metadata);
      for (const plural of ['concepts', 'templates', 'patterns']) {
        const list = await asMember().get(`${base}/${plural}?limit=100`);
        expect(list.statusCode, list.body).toBe(200);
        const rows = list.json<Record<string, Array<{ uuid: string }>>>()[plural] ?? [];
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          const item = await asMember().get(`${base}/${plural}/${row.uuid}`);
          expect(item.statusCode, `${plural}/${row.uuid}: ${item.body}`).toBe(200);
        }
      }
      expect((await asMember().get(`${base}/findings`)).statusCode).toBe(200);
      expect((await asMember().get(`${base}/document`)).statusCode).toBe(200);
    });
  });

  describe('GET /app/profile/:id/version/:id/findings', () => {
    it('answers a draft’s findings to members only, errors first', async () => {
      const { metadata } = await importDraft(brokenProfile().doc);
      const url = `${versionPath(metadata)}/findings`;
      const answer = await asMember().get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      const findings = answer.json<Findings>().findings;
      expect(findings.some((f) => f.ruleId === 'L2' && f.item?.kind === 'concept')).toBe(true);
      const severities = findings.map((f) => f.severity);
      expect(severities).toEqual([...severities].sort());
      expect((await callsOf(t.app, outsiderCookie).get(url)).statusCode).toBe(404);
      expect((await callsOf(t.app).get(url)).statusCode).toBe(404);
    });

    it('answers a published version’s findings to anyone', async () => {
      const { metadata } = await api.import(group.keys.readWrite, uniqueProfile().doc);
      const answer = await callsOf(t.app).get(`${versionPath(metadata)}/findings`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<Findings>().findings.filter((f) => f.severity === 'error')).toEqual([]);
    });

    it('loses an item’s L2 when the item is saved: no form authors inScheme', async () => {
      const document = brokenProfile();
      const { metadata, findings } = await importDraft(document.doc);
      const l2 = findings.find((f) => f.ruleId === 'L2');
      const itemUrl = `${versionPath(metadata)}/concepts/${l2?.item?.id ?? ''}`;
      const item = (await asMember().get(itemUrl)).json<ConceptView>();
      await t.app.services.locks.acquire(group.admin, lockResource.item(l2?.item?.id ?? ''));
      const saved = await asMember().put(itemUrl, item.concept.form);
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await asMember().get(`${versionPath(metadata)}/findings`);
      expect(after.json<Findings>().findings.filter((f) => f.ruleId === 'L2')).toEqual([]);
      const stored = (await asMember().get(itemUrl)).json<ConceptView>();
      const draft = (await asMember().get(versionPath(metadata))).json<ProfileView>();
      expect(stored.concept.content.inScheme).toBe(draft.version.iri);
    });
  });

  const upload = (
    metadata: ApiMetadata,
    doc: unknown,
    cookie = group.cookie,
    replaceDraft?: string,
  ) =>
    callsOf(t.app, cookie).post(
      `${versionPath(metadata)}/import-profile?${new URLSearchParams({
        fileName: 'profile.jsonld',
        ...(replaceDraft === undefined ? {} : { replaceDraft }),
      }).toString()}`,
      doc,
    );

  const compare = (metadata: ApiMetadata, doc: unknown, cookie = group.cookie) =>
    callsOf(t.app, cookie).post(
      `${versionPath(metadata)}/import-profile/compare?fileName=profile.jsonld`,
      doc,
    );

  /** The draft's revision as a member compares the file with it: what confirms the replacement. */
  async function revisionFor(metadata: ApiMetadata, doc: unknown): Promise<string> {
    const compared = await compare(metadata, doc);
    expect(compared.statusCode, compared.body).toBe(200);
    return compared.json<ImportComparison>().draft.revision;
  }

  describe('POST /app/profile/:id/version/:id/import-profile', () => {
    it('puts the file into a new draft after the published version, recording versionCreated', async () => {
      const document = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, document.doc);
      const next = nextVersion(document, 3);
      ((next.doc.concepts as JsonObject[])[1] as JsonObject).inScheme =
        'https://nowhere.example/v9';
      const response = await upload(metadata, next.doc);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ versionId: string } & Findings>();
      expect(answer.versionId).not.toBe(metadata.version_uuid);
      expect(answer.findings.some((f) => f.ruleId === 'L2')).toBe(true);
      const [draft] = await t.database.db
        .select()
        .from(profileVersions)
        .where(eq(profileVersions.id, answer.versionId));
      expect(draft).toMatchObject({ state: 'draft', iri: `${document.base}/v3` });
      const events = await t.database.db
        .select({ type: outboxEvents.type })
        .from(outboxEvents)
        .where(
          and(
            eq(outboxEvents.aggregateId, profileUuidOf(metadata)),
            eq(outboxEvents.type, 'versionCreated'),
          ),
        );
      expect(events).toHaveLength(1);
      // A second file replaces the draft's content, once the member confirms it.
      const draftMetadata = { ...metadata, version_uuid: answer.versionId };
      const revision = await revisionFor(draftMetadata, nextVersion(document, 3).doc);
      const again = await callsOf(t.app, group.cookie).post(
        `/app/profile/${profileUuidOf(metadata)}/version/${answer.versionId}/import-profile?fileName=again.json&replaceDraft=${encodeURIComponent(revision)}`,
        nextVersion(document, 3).doc,
      );
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ versionId: string } & Findings>()).toMatchObject({
        versionId: answer.versionId,
      });
      const fixed = await asMember().get(
        `/app/profile/${profileUuidOf(metadata)}/version/${answer.versionId}/findings`,
      );
      // The file's items still name the version they came from, as uploaded: only a warning.
      const l2 = fixed.json<Findings>().findings.filter((f) => f.ruleId === 'L2');
      expect(l2.filter((f) => f.severity === 'error')).toEqual([]);
      expect(l2.every((f) => f.message.includes(`"${document.base}/v3"`))).toBe(true);
    });

    it('compares a file that drops a never-published item from the draft as editorial, with no warning', async () => {
      const document = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, document.doc);
      const next = nextVersion(document, 3);
      const fresh = `${document.base}/verbs/fresh`;
      (next.doc.concepts as JsonObject[]).push({
        id: fresh,
        type: 'Verb',
        inScheme: `${document.base}/v3`,
        prefLabel: { en: 'fresh' },
        definition: { en: 'Never published.' },
      });
      const draft = await upload(metadata, next.doc);
      expect(draft.statusCode, draft.body).toBe(200);
      const draftMetadata = {
        ...metadata,
        version_uuid: draft.json<{ versionId: string }>().versionId,
      };
      // The file leaves out the draft's new verb and a verb the published version carries.
      const file = nextVersion(document, 3);
      const won = `${document.base}/verbs/won`;
      file.doc.concepts = (file.doc.concepts as JsonObject[]).filter((c) => c.id !== won);
      const compared = await compare(draftMetadata, file.doc);
      expect(compared.statusCode, compared.body).toBe(200);
      const { changes } = compared.json<ImportComparison>();
      const removed = changes.items.filter((i) => i.change === 'removed');
      expect(removed.map((i) => [i.id, i.impact])).toEqual([
        [won, 'breaking'],
        [fresh, 'editorial'],
      ]);
      expect(changes.warnings.map((w) => w.id)).toEqual([won]);
    });

    it('gives a re-uploaded published version a fresh IRI for its draft', async () => {
      const document = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, document.doc);
      const response = await upload(metadata, document.doc);
      expect(response.statusCode, response.body).toBe(200);
      const [draft] = await t.database.db
        .select()
        .from(profileVersions)
        .where(eq(profileVersions.id, response.json<{ versionId: string }>().versionId));
      expect(draft?.iri).not.toBe(`${document.base}/v2`);
      expect(response.json<Findings>().findings).toContainEqual(
        expect.objectContaining({ ruleId: 'version-iri', severity: 'warning', item: null }),
      );
      expect(draft?.state).toBe('draft');
      const view = await asMember().get(`/app/profile/${profileUuidOf(metadata)}`);
      expect(view.json<ProfileView>().version.uuid).toBe(draft?.id);
    });

    it('waits while someone else edits an item of the draft, for a member and for a key', async () => {
      const document = uniqueProfile();
      const { metadata } = await importDraft(document.doc);
      const [own] = await listVersionItems(t.database.db, metadata.version_uuid, {
        ownOnly: true,
      });
      const editor = await makePerson(t.database.db, t.app.services.sessions);
      await t.app.services.locks.acquire(editor.user, lockResource.item(own?.item.id ?? ''));
      const revision = await revisionFor(metadata, document.doc);
      const refused = await upload(metadata, document.doc, group.cookie, revision);
      expectError(refused, 409, 'RESOURCE_LOCKED');
      expect(refused.json<{ message: string }>().message).toMatch(/is editing this version/);
      const put = await api.put(
        `/api/profile/${metadata.version_uuid}`,
        { profile: document.doc, status: { published: false } },
        {
          key: group.keys.readWrite,
          headers: { 'if-unmodified-since': new Date(Date.now() + 5000).toUTCString() },
        },
      );
      expectError(put, 409, 'RESOURCE_LOCKED');
      // Once the editor lets go, the file goes in.
      await t.app.services.locks.release(editor.user, lockResource.item(own?.item.id ?? ''));
      expect((await upload(metadata, document.doc, group.cookie, revision)).statusCode).toBe(200);
    });

    it('lets the member who holds the lock put a file in place', async () => {
      const document = uniqueProfile();
      const { metadata } = await importDraft(document.doc);
      await t.app.services.locks.acquire(group.admin, lockResource.version(metadata.version_uuid));
      const revision = await revisionFor(metadata, document.doc);
      const response = await upload(metadata, document.doc, group.cookie, revision);
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses a file of another profile, naming both IRIs', async () => {
      const document = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, document.doc);
      const other = uniqueProfile();
      const response = await upload(metadata, other.doc);
      expect(response.statusCode).toBe(409);
      const message = response.json<{ message: string }>().message;
      expect(message).toContain(other.base);
      expect(message).toContain(document.base);
    });

    it('refuses a file that cannot be stored, a bad file name, and anyone but members', async () => {
      const document = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, document.doc);
      const noVersions = structuredClone(document.doc);
      delete noVersions.versions;
      expect((await upload(metadata, noVersions)).statusCode).toBe(400);
      const badName = await callsOf(t.app, group.cookie).post(
        `${versionPath(metadata)}/import-profile?fileName=profile.txt`,
        document.doc,
      );
      expect(badName.statusCode).toBe(400);
      // Only members learn the Import screen's calls exist, published profile or not (404).
      expect((await upload(metadata, document.doc, outsiderCookie)).statusCode).toBe(404);
      const { metadata: draft } = await importDraft(uniqueProfile().doc);
      expect((await upload(draft, document.doc, outsiderCookie)).statusCode).toBe(404);
      expect((await upload(draft, document.doc, '')).statusCode).toBe(404);
    });

    it('refuses a version that is not the current one', async () => {
      const document = uniqueProfile();
      const { metadata } = await api.import(group.keys.readWrite, document.doc);
      await upload(metadata, nextVersion(document, 3).doc);
      const response = await upload(metadata, nextVersion(document, 3).doc);
      expect(response.statusCode).toBe(403);
    });
  });

  describe('a file that would replace a draft', () => {
    /** A draft whose name a member changed on the site after the tool put it there. */
    async function editedDraft() {
      const document = uniqueProfile();
      const { metadata } = await importDraft(document.doc);
      const lock = lockResource.version(metadata.version_uuid);
      await t.app.services.locks.acquire(group.admin, lock);
      const edited = await asMember().put(versionPath(metadata), {
        name: 'Edited on the site',
        description: 'A description written on the site.',
        translations: [],
        moreInformation: '',
        tags: [],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await t.app.services.locks.release(group.admin, lock);
      return { document, metadata };
    }

    const documentOf = async (metadata: ApiMetadata) =>
      (await asMember().get(`${versionPath(metadata)}/document`)).json<JsonObject>();
    const eventsOf = (metadata: ApiMetadata) =>
      t.database.db
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(eq(outboxEvents.aggregateId, profileUuidOf(metadata)));
    const rowOf = async (metadata: ApiMetadata) =>
      (
        await t.database.db
          .select()
          .from(profileVersions)
          .where(eq(profileVersions.id, metadata.version_uuid))
      )[0];

    it('is refused without confirmation, the draft kept, and replaces it once confirmed with the draft compared', async () => {
      const { document, metadata } = await editedDraft();
      const before = await documentOf(metadata);
      expect(before.prefLabel).toMatchObject({ en: 'Edited on the site' });

      const refused = expectError(
        await upload(metadata, document.doc),
        409,
        'DRAFT_WOULD_BE_REPLACED',
      );
      expect(refused.message).toMatch(/draft version 1/);
      expect(refused.message).toMatch(/compare the file with the draft, then confirm/);
      expect(await documentOf(metadata)).toEqual(before);

      // The comparison shows what the file changes, and stores nothing.
      const events = await eventsOf(metadata);
      const row = await rowOf(metadata);
      const compared = await compare(metadata, document.doc);
      expect(compared.statusCode, compared.body).toBe(200);
      const comparison = compared.json<ImportComparison>();
      expect(comparison.draft).toMatchObject({
        uuid: metadata.version_uuid,
        state: 'draft',
        version: 1,
        updatedOn: row?.updatedAt.toISOString(),
      });
      expect(comparison.changes.profile.map((c) => c.field)).toContain('prefLabel.en');
      expect(comparison.changes.items).toEqual([]);
      expect(await documentOf(metadata)).toEqual(before);
      expect(await eventsOf(metadata)).toEqual(events);
      expect(await rowOf(metadata)).toEqual(row);

      // A confirmation that names another revision is refused too.
      expectError(
        await upload(metadata, document.doc, group.cookie, 'not-the-revision'),
        409,
        'DRAFT_WOULD_BE_REPLACED',
      );
      expect(await documentOf(metadata)).toEqual(before);

      const replaced = await upload(
        metadata,
        document.doc,
        group.cookie,
        comparison.draft.revision,
      );
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json<{ versionId: string }>().versionId).toBe(metadata.version_uuid);
      expect((await documentOf(metadata)).prefLabel).toEqual(document.doc.prefLabel);
    });

    it('is refused again when the draft changed after the comparison', async () => {
      const { document, metadata } = await editedDraft();
      const revision = await revisionFor(metadata, document.doc);
      // Someone edits an item of the draft between the comparison and the confirmation.
      const concepts = await asMember().get(`${versionPath(metadata)}/concepts?limit=100`);
      const won = concepts
        .json<ConceptList>()
        .concepts.find((c) => c.iri === `${document.base}/verbs/won`);
      const itemUrl = `${versionPath(metadata)}/concepts/${won?.uuid ?? ''}`;
      const item = (await asMember().get(itemUrl)).json<ConceptView>();
      await t.app.services.locks.acquire(group.admin, lockResource.item(won?.uuid ?? ''));
      const changed = await asMember().put(itemUrl, {
        ...item.concept.form,
        description: 'Changed after the comparison.',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const before = await documentOf(metadata);
      const refused = expectError(
        await upload(metadata, document.doc, group.cookie, revision),
        409,
        'DRAFT_WOULD_BE_REPLACED',
      );
      expect(refused.message).toMatch(/changed after it was compared with the file/);
      expect(await documentOf(metadata)).toEqual(before);
    });

    it('compares for members only, and only a draft', async () => {
      const { document, metadata } = await editedDraft();
      expect((await compare(metadata, document.doc, outsiderCookie)).statusCode).toBe(404);
      expect((await compare(metadata, document.doc, '')).statusCode).toBe(404);
      const other = uniqueProfile();
      const foreign = await compare(metadata, other.doc);
      expect(foreign.statusCode).toBe(409);
      expect(foreign.json<{ message: string }>().message).toContain(other.base);
      const published = (await api.import(group.keys.readWrite, uniqueProfile().doc)).metadata;
      expectError(await compare(published, document.doc), 409, 'CONFLICT');
    });
  });

  describe('who may call the two routes', () => {
    // anonymous, outsider, member × a draft-only profile and a published one.
    it('answers findings as the version is visible, and takes a file from members only', async () => {
      const draft = (await importDraft(uniqueProfile().doc)).metadata;
      const published = (await api.import(group.keys.readWrite, uniqueProfile().doc)).metadata;
      const people = { anonymous: undefined, outsider: outsiderCookie, member: group.cookie };
      const findings: Record<string, number> = {};
      const files: Record<string, number> = {};
      for (const [who, cookie] of Object.entries(people)) {
        for (const [state, metadata] of Object.entries({ draft, published })) {
          const calls = callsOf(t.app, cookie);
          findings[`${who} ${state}`] = (
            await calls.get(`${versionPath(metadata)}/findings`)
          ).statusCode;
          const file = await api.get(`/api/profile/${metadata.version_uuid}`, {
            key: group.keys.readOnly,
          });
          // Replacing the draft's content takes the confirmation a member's comparison gives.
          const confirmation =
            state === 'draft'
              ? `&replaceDraft=${encodeURIComponent(await revisionFor(metadata, file.json()))}`
              : '';
          files[`${who} ${state}`] = (
            await calls.post(
              `${versionPath(metadata)}/import-profile?fileName=profile.jsonld${confirmation}`,
              file.json(),
            )
          ).statusCode;
        }
      }
      expect(findings).toEqual({
        'anonymous draft': 404,
        'anonymous published': 200,
        'outsider draft': 404,
        'outsider published': 200,
        'member draft': 200,
        'member published': 200,
      });
      expect(files).toEqual({
        'anonymous draft': 404,
        'anonymous published': 404,
        'outsider draft': 404,
        'outsider published': 404,
        'member draft': 200,
        'member published': 200,
      });
    });
  });

  describe('version histories', () => {
    it('accepts a next version whose versions list leaves out older ones, with a warning', async () => {
      const document = uniqueProfile();
      const first = await api.import(group.keys.readWrite, document.doc);
      const next = nextVersion(document, 3);
      next.doc.versions = (next.doc.versions as JsonObject[]).slice(0, 1);
      for (const list of ['concepts', 'templates', 'patterns'])
        for (const item of next.doc[list] as JsonObject[]) item.inScheme = `${document.base}/v3`;
      const response = await api.post(
        '/api/profile',
        { profile: next.doc },
        {
          key: group.keys.readWrite,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<{ metadata: ApiMetadata } & Findings>();
      expect(profileUuidOf(answer.metadata)).toBe(profileUuidOf(first.metadata));
      expect(answer.findings).toContainEqual(
        expect.objectContaining({ ruleId: 'history', severity: 'warning' }),
      );
      const stored = await api.get(`/api/profile/${answer.metadata.version_uuid}`);
      expect(stored.json<{ versions: Array<{ id: string }> }>().versions.map((v) => v.id)).toEqual([
        `${document.base}/v3`,
        `${document.base}/v2`,
        `${document.base}/v1`,
      ]);
    });
  });
});
