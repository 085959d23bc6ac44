import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { passwordRecord } from '../modules/accounts/password';
import type { SessionService } from '../modules/accounts/sessions';
import { insertUser } from '../modules/accounts/user-repo';

let record: Promise<{ passwordSalt: string; passwordHash: string }> | null = null;
let counter = 0;

/**
 * A validated account with a live session, made straight in the database; argon2 runs once per
 * test file, so tests can make as many people as they need.
 */
export async function makePerson(
  db: Db,
  sessions: SessionService,
  options: {
    type?: 'user' | 'admin';
    firstname?: string;
    lastname?: string;
    publicizeName?: boolean;
  } = {},
): Promise<{ user: UserRow; cookie: string }> {
  record ??= passwordRecord('test-password-123', '00112233445566778899aabbccddeeff');
  counter += 1;
  const suffix = `${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const user = await insertUser(db, {
    email: `person-${suffix}@example.org`,
    username: `person_${suffix.replace('-', '_')}`,
    usernameChosen: true,
    firstname: options.firstname ?? 'Test',
    lastname: options.lastname ?? `Person ${counter}`,
    publicizeName: options.publicizeName ?? true,
    type: options.type ?? 'user',
    validatedAt: new Date(),
    ...(await record),
  });
  const { token } = await sessions.start(user.id);
  return { user, cookie: `xps_session=${token}` };
}
