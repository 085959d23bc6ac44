import { describe, expect, it } from 'vitest';
import { makeKeyedGroup } from '../../test/api-keys';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { ANNOUNCED_WITHIN_MS, eventually } from '../../test/jobs';
import { ApiClient, expectError } from '../../test/public-api';

/** A statement that reads or writes the table of API keys. */
const KEY_TABLE = /\bapi_keys\b/;

/**
 * A node remembers the API keys it found for a few seconds, so a request with a key does not read
 * it again; every change to a group's keys ends what is remembered at once.
 */
describe('API keys a node remembers', () => {
  const t = useTestApp({}, {}, { recordStatements: true });
  const api = () => new ApiClient(t.app);

  it('reads a key once, then answers its requests from memory', async () => {
    const group = await makeKeyedGroup(t.app, 'Remembered');
    expect((await api().get('/api/profile', { key: group.keys.readOnly })).statusCode).toBe(200);
    t.statements.length = 0;
    for (let i = 0; i < 3; i++)
      expect((await api().get('/api/profile', { key: group.keys.readOnly })).statusCode).toBe(200);
    expect(t.statements.filter((s) => KEY_TABLE.test(s))).toEqual([]);
  });

  it('refuses a key at once once it is disabled or deleted, and the keys of a deleted group', async () => {
    const group = await makeKeyedGroup(t.app, 'Changing keys');
    const site = callsOf(t.app, group.cookie);
    const keyIds = new Map<string, string>();
    for (const key of (await site.get(`/app/org/${group.organizationId}/apiKey`)).json<{
      apiKeys: Array<{ id: string; description: string }>;
    }>().apiKeys)
      keyIds.set(key.description, key.id);
    const opens = async (key: string) =>
      (await api().get('/api/profile', { key })).statusCode === 200;
    for (const key of [group.keys.readOnly, group.keys.readWrite])
      expect(await opens(key)).toBe(true);

    const disabled = await site.put(`/app/org/${group.organizationId}/apiKey/${keyIds.get('r')!}`, {
      description: 'r',
      readPermission: true,
      writePermission: false,
      isEnabled: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expectError(await api().get('/api/profile', { key: group.keys.readOnly }), 401, 'UNAUTHORIZED');

    const deleted = await site.delete(
      `/app/org/${group.organizationId}/apiKey/${keyIds.get('rw')!}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectError(
      await api().get('/api/profile', { key: group.keys.readWrite }),
      401,
      'UNAUTHORIZED',
    );

    const other = await makeKeyedGroup(t.app, 'Going away');
    expect(await opens(other.keys.readOnly)).toBe(true);
    const gone = await callsOf(t.app, other.cookie).delete(`/app/org/${other.organizationId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    // Its keys went with it in the database; this node forgets them when it hears the deletion
    // announced (on PostgreSQL a moment after the commit), well before it would stop trusting them.
    await eventually(
      "the deleted group's key refused",
      async () =>
        (await api().get('/api/profile', { key: other.keys.readOnly })).statusCode === 401,
      ANNOUNCED_WITHIN_MS,
    );
    expectError(await api().get('/api/profile', { key: other.keys.readOnly }), 401, 'UNAUTHORIZED');
  });
});
