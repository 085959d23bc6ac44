import { describe, expect } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { ProfileView } from '../../../common/profiles';
import type { TemplateChange } from '../../../common/templates';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import {
  adoptionRows,
  checkMatrix,
  itemRows,
  s,
  versionBaseOf,
  versionUrl,
  writeRule,
  type AdoptionFixture,
  type MatrixRow,
  type Stage,
} from '../../test/authz-matrix';

/** The authorization matrix of every statement template route. */
interface TemplateFixture extends AdoptionFixture {
  /** Another template of this profile, which `own` may refer to. */
  target: string;
  /** A verb of this profile that `own` does not use yet. */
  spareVerb: string;
}

const one = `${versionBaseOf('templates')}/:templateId`;
const own = (f: TemplateFixture) => `${versionUrl('templates', f)}/${f.own}`;
/** Parts fixed once the template is published (xAPI Profiles rule I6): 400, limited editing. */
const fixedRule = { draft: s(404, 404, 200), published: s(401, 403, 400) };
const RULE = { location: '$.result.success', presence: 'included' };
const templateBody = (name: string) => ({
  name,
  description: `Someone ${name} something.`,
  iriType: 'generated-iri',
  geniri: name,
});

const matrix: MatrixRow<TemplateFixture>[] = [
  ...itemRows<TemplateFixture>({
    kind: 'template',
    plural: 'templates',
    create: () => templateBody('passed'),
    edit: () => ({
      ...templateBody('completed'),
      translations: [{ language: 'de', translationName: 'beendet', translationDesc: 'Beendet.' }],
    }),
    search: 'completed',
  }),
  {
    method: 'PUT',
    route: `${one}/determining-properties/:property`,
    url: (f) => `${own(f)}/determining-properties/verb`,
    body: (f) => ({ conceptIds: [f.spareVerb] }),
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'DELETE',
    route: `${one}/determining-properties/:property`,
    url: (f) => `${own(f)}/determining-properties/attachmentUsageType`,
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'POST',
    route: `${one}/rules`,
    url: (f) => `${own(f)}/rules`,
    body: () => ({ rule: { location: '$.result.completion', presence: 'recommended' } }),
    locked: true,
    expect: fixedRule,
  },
  {
    method: 'PUT',
    route: `${one}/rules/:index`,
    url: (f) => `${own(f)}/rules/0`,
    // A scope note may change even once published.
    body: () => ({ rule: { ...RULE, scopeNote: { en: 'Whether it went well.' } } }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'DELETE',
    route: `${one}/rules/:index`,
    url: (f) => `${own(f)}/rules/0`,
    locked: true,
    // Rules are removed only while unpublished.
    expect: { draft: s(404, 404, 200), published: s(401, 403, 409) },
  },
  {
    method: 'PUT',
    route: `${one}/example`,
    url: (f) => `${own(f)}/example`,
    body: () => ({ statementExample: '{"verb": {"id": "https://example.org/v"}}' }),
    locked: true,
    expect: writeRule,
  },
  {
    method: 'PUT',
    route: `${one}/refs/:refType`,
    url: (f) => `${own(f)}/refs/context`,
    body: (f) => ({ templateIds: [f.target] }),
    locked: true,
    expect: fixedRule,
  },
  ...adoptionRows<TemplateFixture>('template'),
];

describe('statement template routes: who may do what', () => {
  const t = useTestApp();

  async function templateIn(cookie: string, view: ProfileView, name: string) {
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/templates`,
      templateBody(name),
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<TemplateChange>().template.uuid;
  }

  async function conceptIn(cookie: string, view: ProfileView, conceptType: string, name: string) {
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/concepts`,
      { conceptType, name, description: `${name}.`, iriType: 'generated-iri', geniri: name },
    );
    expect(made.statusCode, made.body).toBe(200);
    return made.json<ConceptChange>().concept.uuid;
  }

  async function fixture(stage: Stage): Promise<TemplateFixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const linked = await templateIn(other.admin.cookie, otherView, 'jumped');
    const outside = await templateIn(other.admin.cookie, otherView, 'hopped');
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const gone = await makeGroup(t.app, t.database);
    const goneView = await makeProfile(t.app, gone.admin.cookie, gone.org.id, 'Gone');
    const orphan = await templateIn(gone.admin.cookie, goneView, 'lost');
    await callsOf(t.app, gone.admin.cookie).delete(
      `/app/profile/${goneView.profile.uuid}?confirmName=Gone`,
    );

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const calls = callsOf(t.app, admin.cookie);
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/templates`;
    const mine = await templateIn(admin.cookie, view, 'completed');
    const target = await templateIn(admin.cookie, view, 'launched');
    const deleted = await templateIn(admin.cookie, view, 'skipped');
    const verb = await conceptIn(admin.cookie, view, 'Verb', 'completed');
    const spareVerb = await conceptIn(admin.cookie, view, 'Verb', 'finished');
    const photo = await conceptIn(admin.cookie, view, 'AttachmentUsageType', 'photo');
    await calls.post(`${base}/${deleted}/lock`);
    expect((await calls.delete(`${base}/${deleted}`)).statusCode).toBe(200);
    expect((await calls.post(`${base}/${mine}/lock`)).statusCode).toBe(200);
    const parts: Array<[string, 'put' | 'post', unknown]> = [
      [`${base}/${mine}/determining-properties/verb`, 'put', { conceptIds: [verb] }],
      [
        `${base}/${mine}/determining-properties/attachmentUsageType`,
        'put',
        { conceptIds: [photo] },
      ],
      [`${base}/${mine}/rules`, 'post', { rule: RULE }],
    ];
    for (const [url, method, body] of parts)
      expect((await calls[method](url, body)).statusCode, url).toBe(200);
    await calls.delete(`${base}/${mine}/lock`);
    expect((await calls.post(`${base}/link`, { templateIds: [linked] })).statusCode).toBe(200);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    return {
      profile: view.profile.uuid,
      version,
      own: mine,
      target,
      linked,
      outside,
      deleted,
      orphan,
      spareVerb,
      memberCookie: admin.cookie,
    };
  }

  checkMatrix(t, {
    what: 'statement template',
    routes: (url) =>
      /^\/app\/(profile\/:profileId\/version\/:versionId\/templates|templates?\/)/.test(url),
    matrix,
    fixture,
    lockUrl: (f) => `${own(f)}/lock`,
  });
});
