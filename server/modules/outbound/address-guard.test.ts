import { describe, expect, it } from 'vitest';
import { guardedLookup, refusedAddressReason, targetProblem } from './address-guard';

describe('the webhook address guard', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    // IPv4-compatible, in dotted and in hex form (the latter is how '[::127.0.0.1]' is stored).
    '::127.0.0.1',
    '::7f00:1',
    '::a9fe:a9fe',
    // IPv4-translated.
    '::ffff:0:7f00:1',
    '::ffff:0:10.0.0.1',
    // 6to4 of a loopback and of a private address, NAT64 local-use, Teredo.
    '2002:7f00:1::1',
    '2002:c0a8:101::',
    '64:ff9b:1::a00:1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // Documentation, IPv4 and IPv6.
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.99',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(refusedAddressReason(address)).toMatch(/does not post to/);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:2800:220:1:248:1893:25c8:1946',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '2a00:1450:4001:80b::200e',
  ])('accepts the public address %s', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });

  it('checks literal targets and lets names through to resolution', () => {
    const strict = { allowPrivate: false };
    expect(targetProblem('http://[fe80::1]/x', strict)).toMatch(/refused/);
    expect(targetProblem('http://mirror.example.org/x', strict)).toBeNull();
    expect(targetProblem('http://127.0.0.1/x', { allowPrivate: true })).toBeNull();
    expect(targetProblem('javascript:alert(1)', strict)).toMatch(/http/);
  });

  it('names the target as its caller calls it, and says where credentials go instead', () => {
    const lrs = { allowPrivate: false, name: 'The LRS endpoint' };
    expect(targetProblem('http://10.0.0.1/xapi/statements', lrs)).toMatch(
      /^The LRS endpoint is refused: 10\.0\.0\.1 is a loopback, private/,
    );
    expect(targetProblem('ftp://lrs.example.org/', lrs)).toBe(
      'The LRS endpoint must be an http:// or https:// URL.',
    );
    expect(
      targetProblem('https://u:p@hooks.example.org/', {
        allowPrivate: false,
        credentialsGo: 'use the client secret to sign instead',
      }),
    ).toBe(
      'The target must not carry a user name or password; use the client secret to sign instead.',
    );
  });

  it('refuses at resolution a name whose address is loopback', async () => {
    const lookup = guardedLookup({ allowPrivate: false });
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', { all: true }, (e) => resolve(e)),
    );
    expect(error?.message).toMatch(/localhost resolves to/);
    const allowed = guardedLookup({ allowPrivate: true });
    const address = await new Promise<string>((resolve, reject) =>
      allowed('localhost', {}, (e, a) => (e ? reject(e) : resolve(a as string))),
    );
    expect(refusedAddressReason(address)).not.toBeNull();
  });
});
