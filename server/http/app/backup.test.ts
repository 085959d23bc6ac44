import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { callsOf } from '../../test/authoring';
import { makePerson } from '../../test/people';

describe('GET /app/admin/backup', () => {
  const t = useTestApp();

  it('gives a site admin the whole site as one file, and refuses everyone else', async () => {
    const admin = await makePerson(t.database.db, t.app.services.sessions, { type: 'admin' });
    const member = await makePerson(t.database.db, t.app.services.sessions);

    expect((await callsOf(t.app).get('/app/admin/backup')).statusCode).toBe(401);
    const refused = await callsOf(t.app, member.cookie).get('/app/admin/backup');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const response = await callsOf(t.app, admin.cookie).get('/app/admin/backup');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="xapi-profiles-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.backup\.gz"$/,
    );
    const lines = gunzipSync(response.rawPayload).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!) as { format: string };
    expect(header.format).toBe('xapi-profile-server-backup');
    const users = lines
      .filter((line) => line.startsWith('{"t":"users"'))
      .map((line) => (JSON.parse(line) as { r: { id: string; password_hash: string } }).r);
    expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([admin.user.id, member.user.id]));
    // Hashes only: the server never had the passwords.
    expect(users.every((u) => u.password_hash.startsWith('$argon2id$'))).toBe(true);
    const trailer = JSON.parse(lines.at(-1)!) as { end: boolean; rows: Record<string, number> };
    expect(trailer.end).toBe(true);
    expect(trailer.rows.users).toBe(users.length);
  });
});
