import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { normalizeEmail } from './email';
import { passwordRecord } from './password';
import { deriveSalt } from './salt';
import { countUsers, insertUser } from './user-repo';

export interface FirstAdmin {
  user: UserRow;
  email: string;
  /** Present only when the server generated it, so it can be shown once. */
  generatedPassword: string | null;
}

/**
 * On an empty database, creates the site admin so a new installation can be managed at once.
 * Does nothing when any account exists.
 */
export async function createFirstAdmin(
  db: Db,
  options: { email?: string | undefined; password?: string | undefined },
  saltSecret: string,
): Promise<FirstAdmin | null> {
  if ((await countUsers(db)) > 0) return null;
  const email = normalizeEmail(options.email ?? 'admin@example.org');
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  const password = options.password ?? (generatedPassword as string);
  const user = await insertUser(db, {
    email,
    username: 'admin',
    usernameChosen: true,
    firstname: 'Site',
    lastname: 'Administrator',
    type: 'admin',
    validatedAt: new Date(),
    ...(await passwordRecord(password, deriveSalt(saltSecret, email))),
  });
  return { user, email, generatedPassword };
}
