import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../../xapi/index';
import type { ProfileView } from '../../../common/profiles';
import { profileItems } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { makeKeyedGroup } from '../../test/api-keys';
import { callsOf } from '../../test/authoring';
import { ApiClient, profileUuidOf, uniqueProfile } from '../../test/public-api';

/**
 * A profile document may give a language a name and no description (or the reverse); the
 * specification allows it and imports keep it. Its pages must show it, not fail.
 */
describe('a language with only a name or only a description', () => {
  const t = useTestApp();

  async function imported() {
    const group = await makeKeyedGroup(t.app);
    const { doc } = uniqueProfile();
    // The profile's fr-CA has a name only; the first concept's de a description only.
    expect(doc.prefLabel).toHaveProperty('fr-CA');
    expect(doc.definition).not.toHaveProperty('fr-CA');
    const concept = (doc.concepts as JsonObject[])[0]!;
    concept.definition = { ...(concept.definition as JsonObject), de: 'Beendete einen Wettkampf.' };
    const { metadata } = await new ApiClient(t.app).import(group.keys.readWrite, doc, {
      published: false,
    });
    return { group, metadata, conceptIri: concept.id as string };
  }

  it('shows the profile and its version with the half-empty translation', async () => {
    const { group, metadata } = await imported();
    const calls = callsOf(t.app, group.cookie);
    const profileId = profileUuidOf(metadata);
    for (const url of [
      `/app/profile/${profileId}`,
      `/app/profile/${profileId}/version/${metadata.version_uuid}`,
    ]) {
      const response = await calls.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json<ProfileView>().version.translations).toEqual([
        { language: 'fr-CA', translationName: 'Sports', translationDesc: '' },
      ]);
    }
  });

  it('shows the concept with the half-empty translation', async () => {
    const { group, conceptIri } = await imported();
    const calls = callsOf(t.app, group.cookie);
    const [row] = await t.database.db
      .select({ id: profileItems.id })
      .from(profileItems)
      .where(eq(profileItems.iri, conceptIri));
    expect(row).toBeDefined();
    const detail = await calls.get(`/app/concept/${row!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ concept: { translations: unknown[] } }>().concept.translations).toEqual([
      { language: 'de', translationName: '', translationDesc: 'Beendete einen Wettkampf.' },
    ]);
  });
});
