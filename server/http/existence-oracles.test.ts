import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConceptChange } from '../../common/concepts';
import type { HarvestFile } from '../../common/harvest';
import type { ProfileView } from '../../common/profiles';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { useTestApp } from '../test/app';
import { callsOf, makeGroup, makeProfile, verbForm } from '../test/authoring';
import { ApiClient, nextVersion, uniqueProfile } from '../test/public-api';

/**
 * Nothing a group has not published may be told apart from nothing at all by anyone outside it:
 * a draft's profile, version or item IRI, a draft version's uuid and a deleted item answer with
 * the same status, headers that matter and words (the IRI asked for aside) as an IRI or uuid
 * nothing has, on every read that takes one.
 */
describe('refusals for what exists but not for the caller', () => {
  const t = useTestApp();
  let api: ApiClient;
  let owner: KeyedGroup;
  let outsider: KeyedGroup;
  const hidden = {
    draftProfileIri: '',
    draftVersionIri: '',
    draftVersionUuid: '',
    draftItemIri: '',
    deletedItemIri: '',
  };

  beforeAll(async () => {
    api = new ApiClient(t.app);
    owner = await makeKeyedGroup(t.app, 'Keeps drafts');
    outsider = await makeKeyedGroup(t.app, 'Looks around');

    // A profile only a draft has.
    const draftOnly = uniqueProfile();
    await api.import(owner.keys.readWrite, draftOnly.doc, { published: false });
    hidden.draftProfileIri = draftOnly.base;

    // A published profile with a draft of its next version.
    const published = uniqueProfile();
    await api.import(owner.keys.readWrite, published.doc);
    const next = nextVersion(published, 3);
    const draft = await api.import(owner.keys.readWrite, next.doc, { published: false });
    hidden.draftVersionIri = `${published.base}/v3`;
    hidden.draftVersionUuid = draft.metadata.version_uuid;

    // An item only a draft lists, and one deleted from a draft (published before, elsewhere).
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id, 'Secret items');
    const calls = callsOf(t.app, admin.cookie);
    const concepts = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const kept = await calls.post(concepts, verbForm('whispered'));
    expect(kept.statusCode, kept.body).toBe(200);
    const gone = await calls.post(concepts, verbForm('forgotten'));
    const goneId = gone.json<ConceptChange>().concept.uuid;
    expect((await calls.post(`${concepts}/${goneId}/lock`)).statusCode).toBe(200);
    expect((await calls.delete(`${concepts}/${goneId}`)).statusCode).toBe(200);
    hidden.draftItemIri = `${view.profile.iri}/verbs/whispered`;
    hidden.deletedItemIri = `${view.profile.iri}/verbs/forgotten`;
  });

  /** A refusal as a client reads it, with the IRI or uuid it names put back to a placeholder. */
  function shape(response: LightMyRequestResponse, asked: string) {
    return {
      status: response.statusCode,
      type: response.headers['content-type'],
      cache: response.headers['cache-control'],
      body: response.body.split(asked).join('<asked>'),
    };
  }

  const nothing = () => `https://example.org/nothing/${randomUUID()}`;

  it('answers /api/profile?iri= and /api/iri/ alike for a draft and for nothing', async () => {
    for (const key of [undefined, outsider.keys.readOnly]) {
      for (const iri of [hidden.draftProfileIri, hidden.draftVersionIri, hidden.draftItemIri]) {
        const none = nothing();
        for (const url of [
          (i: string) => `/api/profile?iri=${encodeURIComponent(i)}`,
          (i: string) => `/api/iri/${encodeURIComponent(i)}`,
        ]) {
          const opts = { headers: { accept: 'application/ld+json' }, ...(key ? { key } : {}) };
          const seen = shape(await api.get(url(iri), opts), iri);
          expect(seen.status, url(iri)).toBe(404);
          expect(seen).toEqual(shape(await api.get(url(none), opts), none));
        }
      }
    }
  });

  it('answers /api/profile/{uuid} alike for a draft version and for nothing', async () => {
    const none = randomUUID();
    for (const key of [undefined, outsider.keys.readOnly]) {
      const opts = key ? { key } : {};
      for (const suffix of ['', '/meta']) {
        const seen = await api.get(`/api/profile/${hidden.draftVersionUuid}${suffix}`, opts);
        expect(seen.statusCode).toBe(404);
        expect(shape(seen, hidden.draftVersionUuid)).toEqual(
          shape(await api.get(`/api/profile/${none}${suffix}`, opts), none),
        );
      }
    }
  });

  it('answers /app/profile/resolve alike for a draft profile, version or item and for nothing', async () => {
    const { admin } = await makeGroup(t.app, t.database);
    for (const cookie of [undefined, admin.cookie]) {
      const calls = callsOf(t.app, cookie);
      for (const iri of [hidden.draftProfileIri, hidden.draftVersionIri, hidden.draftItemIri]) {
        const none = nothing();
        const url = (i: string) => `/app/profile/resolve?iri=${encodeURIComponent(i)}`;
        const seen = shape(await calls.get(url(iri)), iri);
        expect(seen.status, iri).toBe(404);
        expect(seen, iri).toEqual(shape(await calls.get(url(none)), none));
      }
    }
  });

  it("gives another group's draft or deleted concept the Import Queue's state of an unknown IRI", async () => {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view: ProfileView = await makeProfile(t.app, admin.cookie, org.id, 'Harvesting');
    const queue = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/harvest`;
    const fresh = nothing();
    const statement = (verb: string) => ({
      actor: { mbox: 'mailto:learner@example.org' },
      verb: { id: verb, display: { en: 'did' } },
      object: { id: 'https://example.org/activities/anything' },
    });
    const uploaded = await callsOf(t.app, admin.cookie).post(`${queue}?fileName=s.json`, [
      statement(hidden.draftItemIri),
      statement(hidden.deletedItemIri),
      statement(fresh),
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { candidates } = uploaded.json<{ file: HarvestFile }>().file;
    const matchOf = (iri: string) => {
      const found = candidates.find((c) => c.iri === iri && c.type === 'Verb');
      return { ...found?.match, alert: found?.match.alert?.split(iri).join('<asked>') };
    };
    expect(matchOf(fresh).state).toBe('no');
    expect(matchOf(hidden.draftItemIri)).toEqual(matchOf(fresh));
    expect(matchOf(hidden.deletedItemIri)).toEqual(matchOf(fresh));
  });

  it('still answers a published version for everyone, and the draft for its own key', async () => {
    const published = await api.get(
      `/api/profile?iri=${encodeURIComponent(hidden.draftVersionIri.replace(/v3$/, 'v2'))}`,
    );
    expect(published.statusCode, published.body).toBe(200);
    const own = await api.get(`/api/profile?iri=${encodeURIComponent(hidden.draftVersionIri)}`, {
      key: owner.keys.readOnly,
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
