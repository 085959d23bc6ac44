import { hash, verify } from '@node-rs/argon2';
import { pbkdf2 as pbkdf2Callback, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

const pbkdf2 = promisify(pbkdf2Callback);

/** The wire format of the sign-in form: PBKDF2-SHA256, 10,000 rounds, a 16-byte key. */
export const CLIENT_KEY_ITERATIONS = 10_000;
export const CLIENT_KEY_BYTES = 16;

/**
 * What a browser sends as `password` on sign-in: the salt is used as UTF-8 text and the key is
 * lowercase hex, as CryptoJS produced it, so existing clients keep working.
 */
export async function deriveClientKey(password: string, salt: string): Promise<string> {
  const key = await pbkdf2(
    password,
    Buffer.from(salt, 'utf8'),
    CLIENT_KEY_ITERATIONS,
    CLIENT_KEY_BYTES,
    'sha256',
  );
  return key.toString('hex');
}

export function newPasswordSalt(): string {
  return randomBytes(16).toString('hex');
}

/** Stored form: argon2id over the client key, never over anything the server logs. */
export function hashClientKey(clientKey: string): Promise<string> {
  return hash(clientKey);
}

export async function verifyClientKey(storedHash: string, clientKey: string): Promise<boolean> {
  try {
    return await verify(storedHash, clientKey);
  } catch {
    return false;
  }
}

/** Salt and stored hash for a raw password, as set at sign-up, reset and password change. */
export async function passwordRecord(
  password: string,
): Promise<{ passwordSalt: string; passwordHash: string }> {
  const passwordSalt = newPasswordSalt();
  const passwordHash = await hashClientKey(await deriveClientKey(password, passwordSalt));
  return { passwordSalt, passwordHash };
}
