import { beforeAll, describe, expect, it } from 'vitest';
import type { VersionFinding } from '../../../common/harvest';
import type { ProfileView } from '../../../common/profiles';
import type { JsonObject } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { makePerson } from '../../test/people';
import {
  ApiClient,
  expectError,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';

/**
 * C6 ("wasRevisionOf names the profile IRI", as video v1.0 has it) is fixed where the finding
 * is: the value is taken out of the draft's wasRevisionOf, which no form edits.
 */
describe('removing a value of a draft’s wasRevisionOf', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;
  let outsider: string;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Revisers');
    outsider = (await makePerson(t.database.db, t.app.services.sessions)).cookie;
  });

  /** A draft whose first version names the profile's own IRI as the version it revises. */
  async function draftNamingItself() {
    const { doc } = uniqueProfile();
    const versions = doc.versions as JsonObject[];
    versions[0]!.wasRevisionOf = [doc.id as string];
    const response = await api.post(
      '/api/profile',
      { profile: doc, status: { published: false } },
      { key: group.keys.readWrite },
    );
    expect(response.statusCode, response.body).toBe(200);
    const metadata = response.json<{ metadata: ApiMetadata }>().metadata;
    const path = `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}`;
    return { iri: doc.id as string, path, metadata };
  }

  const findingsOf = async (path: string) =>
    (await callsOf(t.app, group.cookie).get(`${path}/findings`)).json<{
      findings: VersionFinding[];
    }>().findings;
  const revisionOf = async (path: string) =>
    (await callsOf(t.app, group.cookie).get(path)).json<ProfileView>().version.revision;

  it('takes the profile IRI out, which clears C6, and the document no longer names it', async () => {
    const { iri, path, metadata } = await draftNamingItself();
    expect((await findingsOf(path)).map((f) => [f.ruleId, f.path])).toContainEqual([
      'C6',
      '/versions/0/wasRevisionOf/0',
    ]);
    const removed = await callsOf(t.app, group.cookie).post(
      `${path}/remove-revision-of`,
      { iri },
      { 'if-match': await revisionOf(path) },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await findingsOf(path)).filter((f) => f.ruleId === 'C6')).toEqual([]);
    const document = await api.get(`/api/profile/${metadata.version_uuid}`, {
      key: group.keys.readOnly,
    });
    const first = document.json<{ versions: JsonObject[] }>().versions[0] as JsonObject;
    // With nothing left, the draft revises the entry after it, as any draft does.
    expect(first.wasRevisionOf ?? []).not.toContain(iri);
  });

  it('refuses a value it does not hold, a stale revision, and anyone outside the group', async () => {
    const { iri, path } = await draftNamingItself();
    const member = callsOf(t.app, group.cookie);
    const revision = await revisionOf(path);
    expectError(
      await member.post(
        `${path}/remove-revision-of`,
        { iri: 'https://example.org/other' },
        { 'if-match': revision },
      ),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await member.post(`${path}/remove-revision-of`, { iri }, { 'if-match': '"stale.1"' }),
      409,
      'EDIT_CONFLICT',
    );
    expectError(
      await callsOf(t.app, outsider).post(
        `${path}/remove-revision-of`,
        { iri },
        { 'if-match': revision },
      ),
      404,
      'NOT_FOUND',
    );
    expect((await findingsOf(path)).some((f) => f.ruleId === 'C6')).toBe(true);
  });
});
