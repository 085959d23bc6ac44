import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app';
import { makeKeyedGroup, type KeyedGroup } from '../../test/api-keys';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';
import { ApiClient, uniqueProfile } from '../../test/public-api';

const baseUrl = process.env.TEST_DATABASE_URL;

/** Each pair of saves below races this many times: one lost update in any of them fails. */
const TRIALS = 5;

/**
 * Two tools that read the same draft and save it at the same moment with the same If-Match:
 * one save wins, the other is refused with 412 and told to read again; no document disappears
 * without a word. On PostgreSQL the two saves run on two real connections at once, through one
 * node and through two (PGlite has one connection, so its saves take turns anyway).
 */
describe.skipIf(!baseUrl)('public API: two saves of one draft at the same moment', () => {
  let nodes: TwoNodes;
  let group: KeyedGroup;

  beforeAll(async () => {
    nodes = await startTwoNodes();
    group = await makeKeyedGroup(nodes.a, 'Racers');
  });
  afterAll(async () => {
    await nodes?.close();
  });

  async function race(first: BuiltApp, second: BuiltApp) {
    const writer = new ApiClient(first);
    const source = uniqueProfile();
    const { metadata } = await writer.import(group.keys.readWrite, source.doc, {
      published: false,
    });
    const url = `/api/profile/${metadata.version_uuid}`;
    const read = await writer.get(url, { key: group.keys.readOnly });
    expect(read.statusCode, read.body).toBe(200);
    const etag = read.headers.etag as string;

    const save = (app: BuiltApp, name: string) => {
      const doc = structuredClone(source.doc);
      doc.prefLabel = { en: name };
      return new ApiClient(app).put(
        url,
        { profile: doc, status: { published: false } },
        { key: group.keys.readWrite, headers: { 'if-match': etag } },
      );
    };
    const answers: LightMyRequestResponse[] = await Promise.all([
      save(first, 'Saved by the first tool'),
      save(second, 'Saved by the second tool'),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 412]);
    const refused = answers.find((a) => a.statusCode === 412);
    expect(refused?.json()).toMatchObject({ code: 'PRECONDITION_FAILED' });

    // The draft holds the winner's document, and the winner's answer said so.
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const stored = await writer.get(url, { key: group.keys.readOnly });
    expect(stored.json<{ prefLabel: unknown }>().prefLabel).toEqual({
      en: winner === 0 ? 'Saved by the first tool' : 'Saved by the second tool',
    });
  }

  it('refuses the second of two saves with one If-Match through one node', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) await race(nodes.a, nodes.a);
  });

  it('refuses the second of two saves with one If-Match through two nodes', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) await race(nodes.a, nodes.b);
  });
});
