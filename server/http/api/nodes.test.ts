import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app';
import { makeKeyedGroup } from '../../test/api-keys';
import { callsOf } from '../../test/authoring';
import { ANNOUNCED_WITHIN_MS, eventually } from '../../test/jobs';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';
import { ApiClient, nextVersion, profileUuidOf, uniqueProfile } from '../../test/public-api';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app nodes on one PostgreSQL database', () => {
  let nodes: TwoNodes;
  let a: BuiltApp;
  let b: BuiltApp;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ a, b } = nodes);
  });
  afterAll(async () => {
    await nodes?.close();
  });

  const statusOn = async (node: BuiltApp, url: string) =>
    (await new ApiClient(node).get(url)).statusCode;

  it('stops serving on node B a profile deleted through node A', async () => {
    const group = await makeKeyedGroup(a);
    const { metadata } = await new ApiClient(a).import(group.keys.readWrite, uniqueProfile().doc);
    const profileId = profileUuidOf(metadata);
    const urls = [`/api/profile/${profileId}`, `/api/profile/${metadata.version_uuid}`];
    for (const url of urls) {
      expect(await statusOn(b, url)).toBe(200);
      // Read twice: the second answer is node B's memory of the first.
      expect(await statusOn(b, url)).toBe(200);
    }
    expect(b.services.readCache.stats().snapshots).toBeGreaterThan(0);

    const deleted = await callsOf(a, group.cookie).delete(
      `/app/profile/${profileId}?confirmName=${encodeURIComponent(metadata.name)}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const url of urls) {
      await eventually(
        `${url} gone on node B`,
        async () => (await statusOn(b, url)) === 404,
        ANNOUNCED_WITHIN_MS,
      );
    }
  });

  it('serves on node A the version published through node B, and lists it', async () => {
    const group = await makeKeyedGroup(a);
    const document = uniqueProfile();
    const { metadata } = await new ApiClient(b).import(group.keys.readWrite, document.doc);
    const url = `/api/profile/${profileUuidOf(metadata)}`;
    const latestOnA = async () =>
      (await new ApiClient(a).get(url)).json<{ versions: Array<{ id: string }> }>().versions[0]?.id;
    expect(await latestOnA()).toBe(metadata.version_id);
    const listOnA = async () =>
      (await new ApiClient(a).get(`/api/profile?workinggroup=${group.organizationId}`))
        .json<{ metadata: Array<{ version_id: string }> }>()
        .metadata.map((m) => m.version_id);
    expect(await listOnA()).toEqual([metadata.version_id]);

    const next = await new ApiClient(b).import(group.keys.readWrite, nextVersion(document, 3).doc);
    await eventually(
      'the new version on node A',
      async () =>
        (await latestOnA()) === next.metadata.version_id &&
        (await listOnA())[0] === next.metadata.version_id,
      ANNOUNCED_WITHIN_MS,
    );
  });

  it('refuses on node B a key disabled through node A, though node B remembered it', async () => {
    const group = await makeKeyedGroup(a);
    const key = group.keys.readOnly;
    const opensOnB = async () =>
      (await new ApiClient(b).get('/api/profile', { key })).statusCode === 200;
    expect(await opensOnB()).toBe(true);
    expect(await opensOnB()).toBe(true);
    const site = callsOf(a, group.cookie);
    const listed = (await site.get(`/app/org/${group.organizationId}/apiKey`)).json<{
      apiKeys: Array<{ id: string; description: string }>;
    }>().apiKeys;
    const id = listed.find((k) => k.description === 'r')?.id;
    const disabled = await site.put(`/app/org/${group.organizationId}/apiKey/${id!}`, {
      description: 'r',
      readPermission: true,
      writePermission: false,
      isEnabled: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    await eventually(
      'the key refused on node B',
      async () => !(await opensOnB()),
      ANNOUNCED_WITHIN_MS,
    );
  });
});
