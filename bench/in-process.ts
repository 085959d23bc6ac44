/**
 * What the in-process benchmarks share: the app built on a database with bench secrets and
 * rate limits out of the way, and a publisher (a user, their working group and a read-write
 * API key) to import profiles with.
 */
import { randomUUID } from 'node:crypto';
import { buildApp, type BuiltApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { insertUser } from '../server/modules/accounts/user-repo.js';

export async function benchApp(
  database: Database,
  settings: Record<string, string> = {},
): Promise<BuiltApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    SALT_SECRET: 'bench-salt-secret-0123456789abcdef01',
    ALTCHA_HMAC_KEY: 'bench-altcha-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT_PER_ADDRESS: '100000000',
    API_RATE_LIMIT_PER_KEY: '100000000',
    ...settings,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** A read-write API key of a fresh working group, for importing profiles. */
export async function benchPublisher(app: BuiltApp, database: Database): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const user = await insertUser(database.db, {
    email: `bench-${randomUUID()}@example.org`,
    username: `bench-${tag}`,
    usernameChosen: true,
    firstname: 'Bench',
    lastname: 'Mark',
    publicizeName: true,
    type: 'user',
    validatedAt: new Date(),
    passwordSalt: 'x',
    passwordHash: 'x',
  });
  const group = await app.services.organizations.create(user, {
    name: `Bench group ${tag}`,
    collaborationLink: 'https://example.org',
    description: '',
  });
  const key = randomUUID();
  await app.services.apiKeys.create(user, group.uuid, {
    uuid: key,
    description: 'bench',
    readPermission: true,
    writePermission: true,
    isEnabled: true,
  });
  return key;
}
