import { createHash, randomBytes } from 'node:crypto';

/** A secret handed to a client once; the database keeps only `hashToken` of it. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
