import { describe } from 'vitest';
import { useTestApp } from '../../test/app';
import { makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import {
  anyone,
  checkMatrix,
  readRule,
  s,
  type ItemFixture,
  type MatrixRow,
  type Stage,
} from '../../test/authz-matrix';

/** The authorization matrix of the metrics routes. */
interface MetricsFixture extends ItemFixture {
  org: string;
}

const profileRow = (path: string): MatrixRow<MetricsFixture> => ({
  method: 'GET',
  route: `/app/metrics/profile/:profileId/${path}`,
  url: (f) => `/app/metrics/profile/${f.profile}/${path}`,
  // A draft-only profile does not exist outside its group.
  expect: readRule,
});

const matrix: MatrixRow<MetricsFixture>[] = [
  {
    method: 'GET',
    route: '/app/metrics/mostViewed',
    url: () => '/app/metrics/mostViewed?days=365',
    expect: anyone,
  },
  {
    method: 'GET',
    route: '/app/metrics/mostExported',
    url: () => '/app/metrics/mostExported',
    expect: anyone,
  },
  {
    // Site admins only: no member of any group is one.
    method: 'GET',
    route: '/app/metrics/mostAPIRetrievals',
    url: () => '/app/metrics/mostAPIRetrievals',
    expect: { draft: s(401, 403, 403), published: s(401, 403, 403) },
  },
  profileRow('viewTotal'),
  profileRow('exportTotal'),
  profileRow('usageOverTime'),
  {
    method: 'GET',
    route: '/app/org/:orgId/profile/:profileId/usage',
    url: (f) => `/app/org/${f.org}/profile/${f.profile}/usage`,
    expect: readRule,
  },
  {
    method: 'GET',
    route: '/app/metrics/org/:orgId',
    url: (f) => `/app/metrics/org/${f.org}`,
    expect: anyone,
  },
];

describe('metrics routes: who may see which figures', () => {
  const t = useTestApp();

  async function fixture(stage: Stage): Promise<MetricsFixture> {
    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    if (stage === 'published')
      await publishVersion(t.app, admin.cookie, view.profile.uuid, view.version.uuid);
    return {
      org: org.id,
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
    what: 'metrics',
    routes: (url) => /^\/app\/(metrics\/|org\/:orgId\/profile\/:profileId\/usage$)/.test(url),
    matrix,
    fixture,
    lockUrl: () => '',
  });
});
