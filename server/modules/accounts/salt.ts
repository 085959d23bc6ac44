import { createHmac } from 'node:crypto';

/**
 * The PBKDF2 salt of an address: derived from a server secret, so an unknown address gets the
 * same stable answer as a known one and the salt endpoint reveals nothing. Accounts keep the salt
 * they were created with.
 */
export function deriveSalt(saltSecret: string, normalizedEmail: string): string {
  return createHmac('sha256', saltSecret)
    .update(`salt:${normalizedEmail}`)
    .digest('hex')
    .slice(0, 32);
}
