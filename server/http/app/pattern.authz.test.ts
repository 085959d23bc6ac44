import { describe, expect } from 'vitest';
import type { PatternChange } from '../../../common/patterns';
import type { ProfileView } from '../../../common/profiles';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import {
  anyone,
  checkMatrix,
  itemRows,
  versionUrl,
  type ItemFixture,
  type MatrixRow,
  type Stage,
} from '../../test/authz-matrix';
import { insertTemplate } from '../../test/items';

/** The authorization matrix of every pattern route. */
interface PatternFixture extends ItemFixture {
  /** Two statement templates of this profile; `own` is a primary sequence of them. */
  templates: [string, string];
}

const components = (templates: readonly string[]) =>
  templates.map((componentId) => ({ componentType: 'template', componentId }));
const sequenceBody = (name: string, templates: readonly string[]) => ({
  type: 'sequence',
  name,
  description: `The ${name} pattern.`,
  iriType: 'generated-iri',
  geniri: name,
  primary: true,
  components: components(templates),
});

const matrix: MatrixRow<PatternFixture>[] = [
  ...itemRows<PatternFixture>({
    kind: 'pattern',
    plural: 'patterns',
    create: (f) => sequenceBody('new', f.templates),
    // A translation: allowed once published, too.
    edit: (f) => ({
      name: 'visit',
      description: 'The visit pattern.',
      primary: true,
      translations: [{ language: 'de', translationName: 'Besuch', translationDesc: 'Ein Besuch.' }],
      components: components(f.templates),
    }),
    search: 'visit',
  }),
  {
    method: 'GET',
    route: '/app/pattern-components/search',
    url: (f) =>
      `/app/pattern-components/search?versionId=${f.version}&componentType=template&patternId=${f.own}`,
    expect: anyone,
  },
];

describe('pattern routes: who may do what', () => {
  const t = useTestApp();

  /** A draft profile with two templates and a primary sequence of them. */
  async function profileWithPattern(cookie: string, view: ProfileView, name: string) {
    const first = await insertTemplate(t.database.db, view, `${name}-start`);
    const second = await insertTemplate(t.database.db, view, `${name}-end`);
    const templates: [string, string] = [first.id, second.id];
    const made = await callsOf(t.app, cookie).post(
      `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/patterns`,
      sequenceBody(name, templates),
    );
    expect(made.statusCode, made.body).toBe(200);
    return { templates, pattern: made.json<PatternChange>().pattern.uuid };
  }

  async function fixture(stage: Stage): Promise<PatternFixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const linked = await profileWithPattern(other.admin.cookie, otherView, 'jump');
    const outside = await profileWithPattern(other.admin.cookie, otherView, 'hop');
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    const own = await profileWithPattern(admin.cookie, view, 'visit');
    const base = `/app/profile/${view.profile.uuid}/version/${view.version.uuid}/patterns`;
    const linking = await callsOf(t.app, admin.cookie).post(`${base}/link`, {
      patternIds: [linked.pattern],
    });
    expect(linking.statusCode, linking.body).toBe(200);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    return {
      profile: view.profile.uuid,
      version,
      templates: own.templates,
      own: own.pattern,
      linked: linked.pattern,
      outside: outside.pattern,
      memberCookie: admin.cookie,
    };
  }

  checkMatrix(t, {
    what: 'pattern',
    routes: (url) =>
      /^\/app\/(profile\/:profileId\/version\/:versionId\/patterns|patterns?\/|pattern-components\/)/.test(
        url,
      ) &&
      // Restoring and claiming patterns have a matrix of their own, with item adoption; restoring
      // a revision from a pattern's history is a row of this one.
      (!/\/(restore|claim)$/.test(url) || /\/history\//.test(url)),
    matrix,
    fixture,
    lockUrl: (f) => `${versionUrl('patterns', f)}/${f.own}/lock`,
  });
});
