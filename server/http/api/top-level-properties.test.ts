import { beforeAll, describe, expect, it } from 'vitest';
import type { Comparison } from '../../../common/changes';
import type { ConceptChange } from '../../../common/concepts';
import type { VersionFinding } from '../../../common/harvest';
import type { JsonObject } from '../../../xapi/index';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf, verbForm } from '../../test/authoring';
import {
  ApiClient,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';

const NOTE = 'https://example.org/ns#rootNote';

/**
 * Properties of a profile document's top level that the model does not know are part of the
 * profile like those of its items: kept through import, drafts and publication, checked, and
 * named by the changelog when they change.
 */
describe('custom properties at the top of a profile document', () => {
  const t = useTestApp();
  let api: ApiClient;
  let group: KeyedGroup;

  beforeAll(async () => {
    api = new ApiClient(t.app);
    group = await makeKeyedGroup(t.app, 'Custom properties');
  });

  const stored = async (metadata: ApiMetadata) => {
    const response = await api.get(`/api/profile/${metadata.version_uuid}`, {
      key: group.keys.readOnly,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<JsonObject>();
  };

  it('keeps an IRI property and an unknown one in a draft, and flags the unknown one', async () => {
    const { doc } = uniqueProfile();
    doc[NOTE] = 'Kept with the profile.';
    doc.madeUpRootProperty = { any: ['value'] };
    const response = await api.post(
      '/api/profile',
      { profile: doc, status: { published: false } },
      { key: group.keys.readWrite },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { metadata, findings } = response.json<{
      metadata: ApiMetadata;
      findings: VersionFinding[];
    }>();
    expect(findings).toContainEqual(
      expect.objectContaining({ ruleId: 'A4', path: '/madeUpRootProperty', severity: 'error' }),
    );
    const document = await stored(metadata);
    expect(document[NOTE]).toBe('Kept with the profile.');
    expect(document.madeUpRootProperty).toEqual({ any: ['value'] });
    // The draft's findings on the site say the same as the import answered.
    const site = await callsOf(t.app, group.cookie).get(
      `/app/profile/${profileUuidOf(metadata)}/version/${metadata.version_uuid}/findings`,
    );
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json<{ findings: VersionFinding[] }>().findings).toContainEqual(
      expect.objectContaining({ ruleId: 'A4', path: '/madeUpRootProperty' }),
    );
  });

  it('publishes an IRI property, carries it into the next draft, and lists its change', async () => {
    const first = uniqueProfile();
    first.doc[NOTE] = 'First note.';
    const v2 = (await api.import(group.keys.readWrite, first.doc)).metadata;
    expect((await stored(v2))[NOTE]).toBe('First note.');

    // A draft made on the site from the published version carries the property along.
    const member = callsOf(t.app, group.cookie);
    const base = `/app/profile/${profileUuidOf(v2)}/version/${v2.version_uuid}`;
    const added = await member.post(`${base}/concepts`, verbForm('skimmed'));
    expect(added.statusCode, added.body).toBe(200);
    const draftId = added.json<ConceptChange>().versionId;
    const draft = await api.get(`/api/profile/${draftId}`, { key: group.keys.readOnly });
    expect(draft.json<JsonObject>()[NOTE]).toBe('First note.');
    const deleted = await member.delete(`/app/profile/${profileUuidOf(v2)}/draft`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const second = nextVersion(first, 3);
    second.doc[NOTE] = 'Second note.';
    const v3 = (await api.import(group.keys.readWrite, second.doc)).metadata;
    const changes = await api.get(
      `/api/profile/${profileUuidOf(v2)}/changes?from=${v2.version_uuid}&to=${v3.version_uuid}`,
    );
    expect(changes.statusCode, changes.body).toBe(200);
    expect(
      changes.json<Comparison>().changes.profile.map((f) => [f.field, f.before, f.after]),
    ).toEqual([[NOTE, 'First note.', 'Second note.']]);
  });
});
