import { describe } from 'vitest';
import { useTestApp } from '../../test/app';
import { makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import {
  checkMatrix,
  readRule,
  type ItemFixture,
  type MatrixRow,
  type Stage,
} from '../../test/authz-matrix';

/** The authorization matrix of a version's documentation: who may read which version's pages. */
const row = (tail: string): MatrixRow<ItemFixture> => ({
  method: 'GET',
  route: `/app/profile/:profileId/version/:versionId/${tail}`,
  url: (f) => `/app/profile/${f.profile}/version/${f.version}/${tail}`,
  // A draft exists only for its group; a published version for everyone.
  expect: readRule,
  text: true,
});

const matrix = [row('docs'), row('docs.md')];

describe('documentation routes: drafts only for their group', () => {
  const t = useTestApp();

  async function fixture(stage: Stage): Promise<ItemFixture> {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    if (stage === 'published')
      await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    return {
      profile: view.profile.uuid,
      version: view.version.uuid,
      // No item takes part in these routes.
      own: '',
      linked: '',
      outside: '',
      memberCookie: admin.cookie,
    };
  }

  checkMatrix(t, {
    what: 'documentation',
    routes: (url) => /^\/app\/profile\/:profileId\/version\/:versionId\/docs/.test(url),
    matrix,
    fixture,
    lockUrl: () => '',
  });
});
