import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/**
 * Addresses a webhook may not reach unless private targets are allowed: loopback, private,
 * shared (carrier-grade NAT), link-local (which holds the cloud metadata address
 * 169.254.169.254), multicast, unspecified, reserved, broadcast and documentation, in IPv4 and
 * IPv6. An IPv6 address that carries an IPv4 one is judged by the IPv4 address it carries.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  // Documentation (TEST-NET-1, -2, -3), as 2001:db8::/32 is below.
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  // NAT64 (well-known and local-use) and Teredo reach IPv4 hosts through a relay.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['100::', 64],
  ['2001:db8::', 32],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0 || head === undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) =>
  [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 one carries, if any: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`, also written `::7f00:1`), IPv4-translated
 * (`::ffff:0:a.b.c.d`) and 6to4 (`2002:AABB:CCDD::/48`).
 */
function embeddedIpv4(address: string): string | null {
  const g = groupsOf(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0) && !(g[5] === 0 && zeros(6, 7)))
    return ipv4Of(g[6]!, g[7]!);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** Why an IP address may not be a webhook's destination, or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const unbracketed = address.replace(/^\[|\]$/g, '');
  const family = isIP(unbracketed);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(unbracketed) : unbracketed;
  const blocked =
    (family === 6 && refused.check(unbracketed, 'ipv6')) ||
    (v4 !== null && (v4 === '255.255.255.255' || refused.check(v4, 'ipv4')));
  return blocked
    ? `${address} is a loopback, private, link-local, multicast, reserved or documentation address, which webhooks may not reach`
    : null;
}

export interface TargetCheck {
  /** Loopback and private addresses are allowed (development). */
  allowPrivate: boolean;
}

/**
 * Why a target URL cannot be saved or posted to, or null: http(s) only, no credentials in it, and
 * a literal IP address must be one webhooks may reach. A host name is checked when it resolves.
 */
export function targetProblem(target: string, check: TargetCheck): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'The target must be an absolute http:// or https:// URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The target must be an http:// or https:// URL.';
  if (url.username || url.password)
    return 'The target must not carry a user name or password; use the client secret to sign instead.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (check.allowPrivate || isIP(host) === 0) return null;
  const reason = refusedAddressReason(host);
  return reason ? `The target is refused: ${reason}.` : null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A refusal found after name resolution; the delivery records its message. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/**
 * The `lookup` an http agent connects with: it resolves the name and refuses the connection when
 * any address is one webhooks may not reach, so the address checked is the address connected to
 * (no second resolution in between that a rebinding name could answer differently).
 */
export function guardedLookup(check: TargetCheck) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number } | number,
    callback: LookupCallback,
  ): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      if (!check.allowPrivate) {
        for (const entry of addresses) {
          const reason = refusedAddressReason(entry.address);
          if (reason) {
            callback(new RefusedAddressError(`${hostname} resolves to ${reason}`), []);
            return;
          }
        }
      }
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
