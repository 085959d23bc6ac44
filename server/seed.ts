import type { Config } from './config';
import type { Db } from './db/client';
import { createFirstAdmin } from './modules/accounts/first-admin';
import type { Services } from './services';
import type { UserRow } from './db/schema';
import { seedDemoContent } from './seed-demo';

/**
 * What a new installation needs to be usable at once: the site admin, printed once, and (unless
 * turned off) a demo working group with published profiles. Runs at every start and does nothing
 * once an account exists.
 */
export async function seedFirstStart(db: Db, config: Config): Promise<UserRow | null> {
  const admin = await createFirstAdmin(db, config.admin, config.secrets.SALT_SECRET);
  if (!admin) return null;
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
  return admin.user;
}

export async function seedDemoIfWanted(services: Services, admin: UserRow | null): Promise<void> {
  if (admin && services.config.demoContent) await seedDemoContent(services, admin);
}
