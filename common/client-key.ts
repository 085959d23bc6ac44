/**
 * The key a sign-in form sends instead of the typed password: PBKDF2-SHA256 over the password,
 * the account's salt taken as UTF-8 text, 10,000 rounds, 16 bytes, as lowercase hex. Runs on Web
 * Crypto, so browsers and Node compute the same value.
 */
export const CLIENT_KEY_ITERATIONS = 10_000;
export const CLIENT_KEY_BYTES = 16;

export async function deriveClientKey(password: string, salt: string): Promise<string> {
  const encoder = new TextEncoder();
  const material = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await globalThis.crypto.subtle.deriveBits(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: encoder.encode(salt),
      iterations: CLIENT_KEY_ITERATIONS,
    },
    material,
    CLIENT_KEY_BYTES * 8,
  );
  return Array.from(new Uint8Array(bits), (b) => b.toString(16).padStart(2, '0')).join('');
}
