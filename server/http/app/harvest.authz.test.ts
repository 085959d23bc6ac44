import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { ConceptChange } from '../../../common/concepts';
import type { HarvestFile } from '../../../common/harvest';
import { useTestApp } from '../../test/app';
import { callsOf, makeGroup, makeProfile, publishVersion } from '../../test/authoring';
import {
  checkMatrix,
  s,
  type Expectations,
  type ItemFixture,
  type MatrixRow,
  type Stage,
} from '../../test/authz-matrix';

/** The authorization matrix of the Import Queue routes. */
interface QueueFixture extends ItemFixture {
  file: string;
  /** A candidate of the file that matches a published concept, so it can be added. */
  key: string;
  verbIri: string;
}

/** Members of the owning group only; to anyone else the queue does not exist. */
const membersOnly: Expectations = { draft: s(404, 404, 200), published: s(404, 404, 200) };

const base = '/app/profile/:profileId/version/:versionId/harvest';
const queueUrl = (f: QueueFixture) => `/app/profile/${f.profile}/version/${f.version}/harvest`;
const statement = (verbIri: string) => ({
  actor: { mbox: 'mailto:learner@example.org' },
  verb: { id: verbIri, display: { en: 'read' } },
  object: { id: 'https://example.org/activities/book' },
});

const matrix: MatrixRow<QueueFixture>[] = [
  { method: 'GET', route: base, url: queueUrl, expect: membersOnly },
  {
    method: 'POST',
    route: base,
    url: (f) => `${queueUrl(f)}?fileName=more.json`,
    body: (f) => [statement(f.verbIri)],
    expect: membersOnly,
  },
  {
    method: 'GET',
    route: `${base}/:fileId`,
    url: (f) => `${queueUrl(f)}/${f.file}`,
    expect: membersOnly,
  },
  {
    method: 'DELETE',
    route: `${base}/:fileId`,
    url: (f) => `${queueUrl(f)}/${f.file}`,
    expect: membersOnly,
  },
  {
    method: 'POST',
    route: `${base}/:fileId/add`,
    url: (f) => `${queueUrl(f)}/${f.file}/add`,
    body: (f) => ({ key: f.key }),
    expect: membersOnly,
  },
];

describe('Import Queue routes: who may do what', () => {
  const t = useTestApp();

  async function fixture(stage: Stage): Promise<QueueFixture> {
    const other = await makeGroup(t.app, t.database);
    const otherView = await makeProfile(t.app, other.admin.cookie, other.org.id, 'Other');
    const verbIri = `https://example.org/${randomUUID()}/verbs/read`;
    const made = await callsOf(t.app, other.admin.cookie).post(
      `/app/profile/${otherView.profile.uuid}/version/${otherView.version.uuid}/concepts`,
      {
        conceptType: 'Verb',
        name: 'read',
        description: 'To read.',
        iriType: 'external-iri',
        extiri: verbIri,
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    await publishVersion(t.app, other.admin.cookie, otherView.profile.uuid, otherView.version.uuid);

    const { org, admin } = await makeGroup(t.app, t.database);
    const view = await makeProfile(t.app, admin.cookie, org.id);
    let version = view.version.uuid;
    if (stage === 'published')
      version = (await publishVersion(t.app, admin.cookie, view.profile.uuid, version)).version
        .uuid;
    const uploaded = await callsOf(t.app, admin.cookie).post(
      `/app/profile/${view.profile.uuid}/version/${version}/harvest?fileName=statements.json`,
      [statement(verbIri)],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json<{ file: HarvestFile }>().file;
    const verb = file.candidates.find((c) => c.iri === verbIri);
    expect(verb?.match.state).toBe('yes');
    return {
      profile: view.profile.uuid,
      version,
      own: '',
      linked: '',
      outside: made.json<ConceptChange>().concept.uuid,
      memberCookie: admin.cookie,
      file: file.id,
      key: verb!.key,
      verbIri,
    };
  }

  checkMatrix(t, {
    what: 'Import Queue',
    routes: (url) => url.startsWith(base),
    matrix,
    fixture,
    // No route here takes a write lock.
    lockUrl: (f) => queueUrl(f),
  });
});
