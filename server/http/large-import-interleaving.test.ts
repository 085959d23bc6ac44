import { beforeAll, describe, expect, it } from 'vitest';
import { generateProfile } from '../../xapi/fixtures/generated-profile';
import { makeKeyedGroup, type KeyedGroup } from '../test/api-keys';
import { useTestApp } from '../test/app';

/**
 * One member's large import does not hold everyone else: reads are answered while it runs. On
 * PGlite the database runs in a thread of its own, as the server runs it; on PostgreSQL the
 * server's own work (the document's check) gives way in slices. Not timed: only the order in
 * which answers come.
 */
describe('a large import and reads interleave', () => {
  // Reads from one address, many of them: the limits protect a public site, not this test.
  const t = useTestApp(
    { API_RATE_LIMIT_PER_ADDRESS: '100000000', API_RATE_LIMIT_PER_KEY: '100000000' },
    {},
    { embeddedInThread: true },
  );
  let group: KeyedGroup;

  beforeAll(async () => {
    group = await makeKeyedGroup(t.app, 'Large imports');
  });

  const post = (document: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: { 'x-api-key': group.keys.readWrite, 'content-type': 'application/json' },
      payload: `{"profile":${document}}`,
    });

  it('answers reads of a kept document, and /health, before a 742 KB import ends', async () => {
    const small = await post(generateProfile(1, 'https://interleave.example/small'));
    expect(small.statusCode).toBe(200);
    const versionUuid = (JSON.parse(small.body) as { metadata: { version_uuid: string } }).metadata
      .version_uuid;
    const read = () => t.app.inject({ method: 'GET', url: `/api/profile/${versionUuid}` });
    const kept = await read();
    expect(kept.statusCode).toBe(200);

    const document = generateProfile(20, 'https://interleave.example/large');
    expect(document.length).toBeGreaterThan(700_000);
    let importEnded = false;
    const importing = post(document).then((answer) => {
      importEnded = true;
      return answer;
    });
    const answeredDuring: string[] = [];
    while (!importEnded) {
      const [document, health] = await Promise.all([
        read(),
        t.app.inject({ method: 'GET', url: '/health' }),
      ]);
      if (importEnded) break;
      expect(document.statusCode).toBe(200);
      expect(document.body).toBe(kept.body);
      // Answered, not held: ok, or, on a host busy with other work, "overloaded" with its reason
      // (the loop's delay is the host's, which this test does not control). Never "unavailable":
      // the database is busy with the import, not down.
      const healthBody = JSON.parse(health.body) as { status: string };
      expect([200, 503]).toContain(health.statusCode);
      expect(['ok', 'overloaded']).toContain(healthBody.status);
      answeredDuring.push(document.statusCode === 200 ? 'read' : 'refused');
      // A reader every 20 ms, as a poller would be: bounded work beside the import.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const imported = await importing;
    expect(imported.statusCode).toBe(200);
    // Reads went on while the import ran, not only after it.
    expect(answeredDuring.length).toBeGreaterThan(2);
  });
});
