import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/**
 * Addresses a webhook may not reach unless private targets are allowed: loopback, private,
 * shared (carrier-grade NAT), link-local (which holds the cloud metadata address
 * 169.254.169.254), multicast, unspecified, reserved and broadcast, in IPv4 and IPv6.
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
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  refused.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (`::ffff:10.0.0.1`, `::10.0.0.1`), if any. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why an IP address may not be a webhook's destination, or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const unbracketed = address.replace(/^\[|\]$/g, '');
  const family = isIP(unbracketed);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(unbracketed) : unbracketed;
  const blocked = v4
    ? v4 === '255.255.255.255' || refused.check(v4, 'ipv4')
    : refused.check(unbracketed, 'ipv6');
  return blocked
    ? `${address} is a loopback, private, link-local, multicast or reserved address, which webhooks may not reach`
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
