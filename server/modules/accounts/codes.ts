import { randomInt } from 'node:crypto';
import { newToken } from './tokens';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code a person types: 8 characters (40 bits), shown as XXXX-XXXX. */
export function newTypedCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, in the one spelling we hash: case, dashes, spaces and look-alikes forgiven. */
export function normalizeTypedCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** A key carried in a link: 32 random bytes. */
export function newLinkKey(): string {
  return newToken(32);
}
