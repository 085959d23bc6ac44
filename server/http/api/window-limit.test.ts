import { describe, expect, it } from 'vitest';
import { addressSubject, WindowLimit } from './window-limit';

describe('WindowLimit', () => {
  const clock = { now: 1_000_000 };
  const limit = () => new WindowLimit(3, 60_000, () => clock.now);

  it('lets a subject make the limit of requests in a window, then says how long to wait', () => {
    const perMinute = limit();
    expect([1, 2, 3].map(() => perMinute.hit('a'))).toEqual([0, 0, 0]);
    clock.now += 20_500;
    expect(perMinute.hit('a')).toBe(40);
    clock.now += 39_000;
    expect(perMinute.hit('a')).toBe(1);
  });

  it('starts a new window once the last one has passed', () => {
    const perMinute = limit();
    for (let i = 0; i < 4; i++) perMinute.hit('a');
    clock.now += 60_000;
    expect(perMinute.hit('a')).toBe(0);
  });

  it('counts each subject apart', () => {
    const perMinute = limit();
    for (let i = 0; i < 4; i++) perMinute.hit('a');
    expect(perMinute.hit('a')).toBeGreaterThan(0);
    expect(perMinute.hit('b')).toBe(0);
  });
});

describe('addressSubject', () => {
  it('limits an IPv4 address as itself, also when it comes mapped into IPv6', () => {
    expect(addressSubject('198.51.100.7')).toBe('198.51.100.7');
    expect(addressSubject('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('limits what is not an address as it is, without failing', () => {
    expect(addressSubject('unknown')).toBe('unknown');
    expect(addressSubject('not:an:address')).toBe('not:an:address');
  });

  it('limits an IPv6 address by its /64', () => {
    expect(addressSubject('2001:db8:1:2:3:4:5:6')).toBe(addressSubject('2001:DB8:1:2::9'));
    expect(addressSubject('2001:db8:1:2::9')).not.toBe(addressSubject('2001:db8:1:3::9'));
  });
});
