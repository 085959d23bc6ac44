import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../common/profiles';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { ApiClient, profileUuidOf, uniqueProfile } from '../../test/public-api';

const t = useTestApp();

describe('the IRI of a new draft', () => {
  it('does not take an IRI an imported version already carries', async () => {
    const group = await makeKeyedGroup(t.app);
    const document = uniqueProfile();
    // Imported documents name their versions freely: this one's stored version is …/v2.
    const { metadata } = await new ApiClient(t.app).import(group.keys.readWrite, document.doc);
    const calls = callsOf(t.app, group.cookie);
    const profileId = profileUuidOf(metadata);
    const shown = (await calls.get(`/app/profile/${profileId}`)).json<ProfileView>();
    expect(shown.version.iri).toBe(`${document.base}/v2`);
    expect(shown.version.version).toBe(1);

    // An edit of the published version makes draft number 2, whose usual IRI is that one.
    const made = await calls.post(
      `/app/profile/${profileId}/version/${shown.version.uuid}/concepts`,
      {
        conceptType: 'Verb',
        iriType: 'external-iri',
        extiri: `https://example.org/verbs/${randomUUID()}`,
        name: 'pondered',
        description: 'Thought a question over.',
      },
    );
    expect(made.statusCode, made.body).toBe(200);
    const draftId = made.json<{ versionId: string }>().versionId;
    const draft = (
      await calls.get(`/app/profile/${profileId}/version/${draftId}`)
    ).json<ProfileView>();
    expect(draft.version.version).toBe(2);
    expect(draft.version.iri).toBe(`${document.base}/v2-2`);
  });
});
