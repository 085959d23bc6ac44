import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import type { Database } from '../db/client';
import { hashToken } from '../modules/accounts/tokens';
import { testConfig } from '../test/app';
import { TestBrowser } from '../test/browser';
import { createTestDatabase } from '../test/database';
import { makePerson } from '../test/people';

/**
 * What reaches the log when a query fails: the real app writes its log to a captured stream while
 * a trigger makes the database refuse the write, so the failure is the driver's own.
 */
describe('the log', () => {
  let app: BuiltApp;
  let database: Database;
  const lines: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(sql`
      create function refuse_for_test() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_named_update before update on users for each row
      when (new.firstname = 'RefuseMe') execute function refuse_for_test()`);
    await database.db.execute(sql`
      create trigger refuse_keys before insert on api_keys for each row
      when (new.description = 'RefuseMe') execute function refuse_for_test()`);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildApp({
      // Debug, so the routine request lines are written too.
      config: testConfig({ LOG_LEVEL: 'debug' }),
      database,
      logger: { stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const person = () => makePerson(database.db, app.services.sessions);

  it('logs a failed account update without the password hash or salt it carried', async () => {
    const { user, cookie } = await person();
    lines.length = 0;
    const response = await new TestBrowser(app).request(
      'POST',
      '/app/user/update',
      {
        firstname: 'RefuseMe',
        lastname: 'Person',
        email: user.email,
        publicizeName: true,
        password: 'a-new-secret-password-1',
        password2: 'a-new-secret-password-1',
      },
      cookie,
    );
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    const log = logged();
    // The failure itself is logged, so the assertions below look at a real error line.
    expect(log).toContain('refused for the test');
    expect(log).toContain('unexpected error');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(user.passwordSalt);
    expect(log).not.toContain('RefuseMe');
    expect(log).not.toContain(user.id);
    expect(log).not.toContain('a-new-secret-password-1');
  });

  it('logs a failed API-key insert without the key, its hash or an address', async () => {
    const { user, cookie } = await person();
    const group = await app.services.organizations.create(user, {
      name: `Logged ${randomUUID().slice(0, 8)}`,
      collaborationLink: 'https://example.org/group',
      description: '',
    });
    const key = randomUUID();
    lines.length = 0;
    const response = await new TestBrowser(app).request(
      'POST',
      `/app/org/${group.uuid}/apiKey`,
      {
        uuid: key,
        description: 'RefuseMe',
        readPermission: true,
        writePermission: true,
        isEnabled: true,
      },
      cookie,
    );
    expect(response.statusCode).toBe(500);
    const log = logged();
    expect(log).toContain('refused for the test');
    expect(log).not.toContain(hashToken(key));
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(-4) + '"');
    expect(log).not.toContain(user.email);
  });

  it('logs request URLs without their query string', async () => {
    const secret = `secret-${randomUUID()}`;
    lines.length = 0;
    const response = await new TestBrowser(app).get(`/app/user/checkResetKey?key=${secret}`);
    expect(response.statusCode).toBe(200);
    const log = logged();
    expect(log).toContain('/app/user/checkResetKey');
    expect(log).not.toContain(secret);
  });
});
