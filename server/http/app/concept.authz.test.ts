import { describe, expect } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion, verbForm } from '../../test/authoring';
import {
  adoptionRows,
  checkMatrix,
  itemRows,
  s,
  versionUrl,
  type AdoptionFixture,
  type MatrixRow,
  type Stage,
} from '../../test/authz-matrix';

/** The authorization matrix of every concept route, and of Deleted Items. */
const matrix: MatrixRow<AdoptionFixture>[] = [
  ...itemRows<AdoptionFixture>({
    kind: 'concept',
    plural: 'concepts',
    create: () => verbForm('new'),
    edit: () => ({
      conceptType: 'Verb',
      name: 'read',
      description: 'To read.',
      translations: [{ language: 'de', translationName: 'lesen', translationDesc: 'Lesen.' }],
    }),
    search: 'read',
  }),
  {
    method: 'GET',
    route: '/app/deleted-items/profile/:profileId/version/:versionId',
    url: (f) => `/app/deleted-items/profile/${f.profile}/version/${f.version}`,
    expect: { draft: s(401, 404, 200), published: s(401, 200, 200) },
  },
  {
    method: 'GET',
    route: '/app/deleted-items',
    url: () => '/app/deleted-items',
    expect: { draft: s(401, 200, 200), published: s(401, 200, 200) },
  },
  ...adoptionRows<AdoptionFixture>('concept'),
];

describe('concept routes: who may do what', () => {
  const t = useTestApp();
  let otherProfileConcept = '';

  async function conceptIn(cookie: string, view: ProfileView, name: string) {
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`,
      verbForm(name),
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<ConceptChange>().concept.uuid;
  }

  async function fixture(stage: Stage): Promise<AdoptionFixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    otherProfileConcept = await conceptIn(other.admin.cookie, otherView, 'jump');
    const outside = await conceptIn(other.admin.cookie, otherView, 'hop');
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const gone = await makeGroup(t.app, t.database);
    const goneView = await makeProfile(t.app, gone.admin.cookie, gone.org.id, 'Gone');
    const orphan = await conceptIn(gone.admin.cookie, goneView, 'lost');
    await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${goneView.profile.uuid}?confirmName=Gone`,
    );

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`;
    const own = await conceptIn(admin.cookie, view, 'read');
    const deleted = await conceptIn(admin.cookie, view, 'skim');
    await calls.post(`${base}/${deleted}/lock`);
    expect((await calls.delete(`${base}/${deleted}`)).statusCode).toBe(200);
    expect(
      (await calls.post(`${base}/link`, { conceptIds: [otherProfileConcept] })).statusCode,
    ).toBe(200);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    return {
      profile: view.profile.uuid,
      version,
      own,
      linked: otherProfileConcept,
      outside,
      deleted,
      orphan,
      memberCookie: admin.cookie,
    };
  }

  checkMatrix(t, {
    what: 'concept',
    routes: (url) =>
      /^\/app\/(profile\/:profileId\/version\/:versionId\/concepts|concepts?\/|deleted-items)/.test(
        url,
      ),
    matrix,
    fixture,
    lockUrl: (f) => `${versionUrl('concepts', f)}/${f.own}/lock`,
  });
});
