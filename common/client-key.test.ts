import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveClientKey } from './client-key';

describe('deriveClientKey', () => {
  it('matches an independent PBKDF2-SHA256 (10,000 rounds, 16 bytes, UTF-8 salt) as lowercase hex', async () => {
    for (const [password, salt] of [
      ['correct horse battery staple', '0f1e2d3c4b5a69788796a5b4c3d2e1f0'],
      ['pässwörd ✓', 'ünïcode-salt'],
    ] as const) {
      const expected = pbkdf2Sync(
        password,
        Buffer.from(salt, 'utf8'),
        10_000,
        16,
        'sha256',
      ).toString('hex');
      const derived = await deriveClientKey(password, salt);
      expect(derived).toBe(expected);
      expect(derived).toMatch(/^[0-9a-f]{32}$/);
    }
  });
});
