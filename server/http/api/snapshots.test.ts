import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Home, ProfileList } from '../../../common/profiles';
import { organizations, profileVersions } from '../../db/schema';
import { makeKeyedGroup } from '../../test/api-keys';
import { callsOf } from '../../test/authoring';
import { eventually } from '../../test/jobs';
import {
  ageVersion,
  ApiClient,
  nextVersion,
  profileUuidOf,
  uniqueProfile,
  type ApiMetadata,
} from '../../test/public-api';
import { useTestApp } from '../../test/app';
import { behindTheGuards } from '../../test/database';

/**
 * Published answers come from memory; every change that ends one must be seen. On PostgreSQL the
 * node hears its own changes through LISTEN like the others, so reads after a change wait (for at
 * most 2 s) instead of assuming the notification has already arrived.
 */
const BOUND_MS = 2000;

describe('published answers kept in memory', () => {
  const t = useTestApp();
  const api = () => new ApiClient(t.app);

  // Asking for JSON-LD, so that profile pages answer the document rather than the web app.
  const statusOf = (url: string) =>
    api()
      .get(url, { headers: { accept: 'application/ld+json' } })
      .then((r) => r.statusCode);

  it('serves a published version again without reading it, conditional GETs and Turtle included', async () => {
    const group = await makeKeyedGroup(t.app);
    // The import's own change drops what is kept about the profile; on PostgreSQL it may arrive
    // after a first read, so the answer is kept only once the node has heard it.
    const { metadata } = await api().importHeard(
      group.keys.readWrite,
      uniqueProfile().doc,
      BOUND_MS,
    );
    const url = `/api/profile/${metadata.version_uuid}`;
    const first = await api().get(url);
    expect(first.statusCode, first.body).toBe(200);
    const turtle = await api().get(url, { headers: { accept: 'text/turtle' } });
    expect(turtle.statusCode, turtle.body).toBe(200);

    // A snapshot never changes, so a change made behind the server's back stays unseen.
    await behindTheGuards(t.database.db, (tx) =>
      tx
        .update(profileVersions)
        .set({ snapshot: { changed: true } })
        .where(eq(profileVersions.id, metadata.version_uuid)),
    );
    const again = await api().get(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['last-modified']).toBe(first.headers['last-modified']);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const turtleAgain = await api().get(url, { headers: { accept: 'text/turtle' } });
    expect(turtleAgain.body).toBe(turtle.body);
    expect(turtleAgain.headers.etag).toBe(turtle.headers.etag);

    const notModified = await api().get(url, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const sinceThen = await api().get(url, {
      headers: { 'if-modified-since': String(first.headers['last-modified']) },
    });
    expect(sinceThen.statusCode).toBe(304);
  });

  it('stops serving a deleted profile by profile uuid, version uuid and IRI', async () => {
    const group = await makeKeyedGroup(t.app);
    const { metadata } = await api().import(group.keys.readWrite, uniqueProfile().doc);
    const profileId = profileUuidOf(metadata);
    const urls = [
      `/api/profile/${profileId}`,
      `/api/profile/${metadata.version_uuid}`,
      `/api/profile?iri=${encodeURIComponent(metadata.profile_id)}`,
      `/api/profile?iri=${encodeURIComponent(metadata.version_id)}`,
      `/profile/${profileId}`,
    ];
    for (const url of urls) expect(await statusOf(url), url).toBe(200);

    const deleted = await callsOf(t.app, group.cookie).delete(
      `/app/profile/${profileId}?confirmName=${encodeURIComponent(metadata.name)}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const url of urls) {
      await eventually(`${url} to be gone`, async () => (await statusOf(url)) === 404, BOUND_MS);
    }
  });

  it('serves the new version under the profile uuid once it is published', async () => {
    const group = await makeKeyedGroup(t.app);
    const document = uniqueProfile();
    const { metadata } = await api().import(group.keys.readWrite, document.doc);
    const url = `/api/profile/${profileUuidOf(metadata)}`;
    const versionOf = async () =>
      (await api().get(url)).json<{ versions: Array<{ id: string }> }>().versions[0]?.id;
    expect(await versionOf()).toBe(metadata.version_id);

    const next = await api().import(group.keys.readWrite, nextVersion(document, 3).doc);
    await eventually(
      'the new version',
      async () => (await versionOf()) === next.metadata.version_id,
      BOUND_MS,
    );
    // The older version stays readable under its own uuid.
    expect(await statusOf(`/api/profile/${metadata.version_uuid}`)).toBe(200);
  });

  it('moves Last-Modified when verification is asked, so old validators no longer match', async () => {
    const group = await makeKeyedGroup(t.app);
    const { metadata } = await api().import(group.keys.readWrite, uniqueProfile().doc);
    await ageVersion(t.app, metadata.version_uuid);
    const url = `/api/profile/${metadata.version_uuid}`;
    const before = await api().get(url);
    const old = String(before.headers['last-modified']);

    const asked = await api().post(
      `/api/profile/${metadata.version_uuid}/status`,
      { verificationRequest: new Date().toISOString() },
      { key: group.keys.readWrite },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const after = await eventually(
      'a later Last-Modified',
      async () => {
        const response = await api().get(url, { headers: { 'if-modified-since': old } });
        return response.statusCode === 200 ? response : null;
      },
      BOUND_MS,
    );
    expect(Date.parse(String(after.headers['last-modified']))).toBeGreaterThan(Date.parse(old));
  });

  it('never keeps a draft: what its group reads, others still cannot', async () => {
    const group = await makeKeyedGroup(t.app);
    const { metadata } = await api().import(group.keys.readWrite, uniqueProfile().doc, {
      published: false,
    });
    const profileUrl = `/api/profile/${profileUuidOf(metadata)}`;
    const versionUrl = `/api/profile/${metadata.version_uuid}`;
    for (const url of [profileUrl, versionUrl]) {
      const own = await api().get(url, { key: group.keys.readOnly });
      expect(own.statusCode, own.body).toBe(200);
      expect(await statusOf(url)).toBe(404);
    }
    const other = await makeKeyedGroup(t.app);
    expect((await api().get(versionUrl, { key: other.keys.readOnly })).statusCode).toBe(404);
  });

  it('keeps published lists the same for everyone, without drafts, and follows changes', async () => {
    const group = await makeKeyedGroup(t.app);
    const member = callsOf(t.app, group.cookie);
    const anonymous = callsOf(t.app);
    const name = (metadata: ApiMetadata) => metadata.name;
    const search = (text: string) => `/app/profiles?search=${encodeURIComponent(text)}`;

    const published = await api().import(group.keys.readWrite, uniqueProfile().doc);
    const draft = await api().import(group.keys.readWrite, uniqueProfile().doc, {
      published: false,
    });
    const namesIn = async (url: string, as = anonymous) =>
      (await as.get(url)).json<ProfileList>().profiles.map((p) => p.uuid);
    const apiUuids = async () =>
      (await api().get(`/api/profile?workinggroup=${group.organizationId}&limit=100`))
        .json<{ metadata: ApiMetadata[] }>()
        .metadata.map(profileUuidOf);
    const homeUuids = async () =>
      (await anonymous.get('/app/home')).json<Home>().latestProfiles.map((p) => p.uuid);

    const publishedId = profileUuidOf(published.metadata);
    const draftId = profileUuidOf(draft.metadata);
    await eventually(
      'the published profile in every list',
      async () =>
        (await namesIn(search(name(published.metadata)))).includes(publishedId) &&
        (await apiUuids()).includes(publishedId) &&
        (await homeUuids()).includes(publishedId),
      BOUND_MS,
    );
    // A member reading the list first must not make the draft appear for anyone.
    for (const as of [member, anonymous]) {
      expect(await namesIn(search(name(draft.metadata)), as)).not.toContain(draftId);
      expect(await namesIn('/app/profiles?limit=100', as)).not.toContain(draftId);
    }
    expect(await apiUuids()).not.toContain(draftId);
    expect(await homeUuids()).not.toContain(draftId);

    // Renaming the group shows at once in the lists that name it.
    const renamed = `Renamed ${publishedId.slice(0, 8)}`;
    const rename = await member.put(`/app/org/${group.organizationId}`, {
      name: renamed,
      collaborationLink: 'https://example.org/group',
      description: '',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    await eventually(
      'the new group name in the lists',
      async () => {
        const list = await api().get(`/api/profile?workinggroup=${group.organizationId}`);
        const [first] = list.json<{ metadata: ApiMetadata[] }>().metadata;
        return first?.working_group.name === renamed;
      },
      BOUND_MS,
    );
    const [row] = await t.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, group.organizationId));
    expect(row?.name).toBe(renamed);

    const deleted = await member.delete(
      `/app/profile/${publishedId}?confirmName=${encodeURIComponent(name(published.metadata))}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    await eventually(
      'the deleted profile gone from every list',
      async () =>
        !(await namesIn(search(name(published.metadata)))).includes(publishedId) &&
        !(await apiUuids()).includes(publishedId) &&
        !(await homeUuids()).includes(publishedId),
      BOUND_MS,
    );
  });
});
