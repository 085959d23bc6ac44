import type { Config } from './config';
import type { Db } from './db/client';
import { createFirstAdmin } from './modules/accounts/first-admin';

/**
 * What a new installation needs to be usable at once. Runs at every start and does nothing once
 * its content exists.
 */
export async function seedFirstStart(db: Db, config: Config): Promise<void> {
  const admin = await createFirstAdmin(db, config.admin, config.secrets.SALT_SECRET);
  if (admin) {
    // Written straight to the terminal, once, and never to the structured log.
    const password = admin.generatedPassword ?? '(the ADMIN_PASSWORD you set)';
    process.stdout.write(
      [
        '',
        '  A site administrator account was created for this new installation:',
        `    e-mail:   ${admin.email}`,
        `    password: ${password}`,
        '  Sign in and change the password under My Account. It will not be shown again.',
        '',
      ].join('\n') + '\n',
    );
  }
}
