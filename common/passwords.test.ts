import { describe, expect, it } from 'vitest';
import { createAccountRequestSchema, updateAccountRequestSchema, usernameField } from './accounts';
import { isCommonPassword } from './passwords';

describe('account rules shared by form and server', () => {
  it('refuses the most common passwords whatever their case', () => {
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('plum-orbit-cactus')).toBe(false);
  });

  it.each([
    ['abcd', true],
    ['a-b_c9', true],
    ['A'.repeat(24), true],
    ['abc', false],
    ['A'.repeat(25), false],
    ['-abcd', false],
    ['abcd_', false],
    ['ab cd', false],
    ['abçd', false],
  ])('username %s valid: %s', (username, valid) => {
    expect(usernameField.safeParse(username).success).toBe(valid);
  });

  it("says Passwords don't match on the re-entry field", () => {
    const result = createAccountRequestSchema.safeParse({
      username: 'ada_l',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.org',
      password: 'analytical-engine',
      password2: 'analytical-engin',
      captcha: 'x',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password2'], message: "Passwords don't match" }),
    ]);
  });

  it('keeps the password when the account edit leaves both fields empty, and refuses extra fields', () => {
    const base = { firstname: 'Ada', lastname: 'L', email: 'ada@example.org', publicizeName: true };
    expect(
      updateAccountRequestSchema.safeParse({ ...base, password: '', password2: '' }).success,
    ).toBe(true);
    expect(
      updateAccountRequestSchema.safeParse({ ...base, password: 'short', password2: 'short' })
        .success,
    ).toBe(false);
    expect(updateAccountRequestSchema.safeParse({ ...base, type: 'admin' }).success).toBe(false);
    expect(updateAccountRequestSchema.safeParse({ ...base, username: 'x' }).success).toBe(false);
  });
});
