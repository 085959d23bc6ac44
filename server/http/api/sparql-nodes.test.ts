import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app';
import { makeKeyedGroup } from '../../test/api-keys';
import { eventually } from '../../test/jobs';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';
import { ApiClient, nextVersion, profileUuidOf, uniqueProfile } from '../../test/public-api';

/** Each node's SPARQL store follows changes made on any node within this bound. */
const BOUND_MS = 10_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('SPARQL on two app nodes', () => {
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

  const graphsOn = async (node: BuiltApp, key: string, subject: string) => {
    const response = await node.inject({
      method: 'POST',
      url: '/api/sparql',
      headers: { 'x-api-key': key, 'content-type': 'text/plain' },
      payload: `SELECT DISTINCT ?g WHERE { GRAPH ?g { <${subject}> ?p ?o } } ORDER BY ?g`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<{ results: Array<{ g: { value: string } }> }>()
      .results.map((row) => row.g.value)
      .join(' ');
  };

  it('sees on node B the versions published and the profile deleted through node A', async () => {
    const group = await makeKeyedGroup(a);
    const key = group.keys.readOnly;
    const document = uniqueProfile();
    // Node B's store is filled before the changes, so it must follow them.
    expect(await graphsOn(b, key, document.base)).toBe('');
    const { metadata } = await new ApiClient(a).import(group.keys.readWrite, document.doc);
    await eventually(
      'version 2 on node B',
      async () => (await graphsOn(b, key, document.base)) === `${document.base}/v2`,
      BOUND_MS,
    );
    await new ApiClient(a).import(group.keys.readWrite, nextVersion(document, 3).doc);
    await eventually(
      'version 3 on node B',
      async () =>
        (await graphsOn(b, key, document.base)) === `${document.base}/v2 ${document.base}/v3`,
      BOUND_MS,
    );
    await a.services.profiles.deleteProfile(group.admin, profileUuidOf(metadata), metadata.name);
    await eventually(
      'the profile gone on node B',
      async () => (await graphsOn(b, key, document.base)) === '',
      BOUND_MS,
    );
  });
});
