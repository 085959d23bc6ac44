import { hash, verify } from '@node-rs/argon2';
import { deriveClientKey } from '../../../common/client-key';

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
  passwordSalt: string,
): Promise<{ passwordSalt: string; passwordHash: string }> {
  const passwordHash = await hashClientKey(await deriveClientKey(password, passwordSalt));
  return { passwordSalt, passwordHash };
}
