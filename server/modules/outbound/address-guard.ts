import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/**
 * Addresses the server posts to on someone's behalf (a webhook's target, an LRS statements are
 * sent to): public unicast only, as the maintained classification of
 * `ipaddr.js` names ranges (loopback, private, shared, link-local with the cloud metadata address
 * 169.254.169.254, multicast, unspecified, reserved, documentation, benchmarking, NAT64, Teredo
 * and the rest are refused). An IPv6 address that carries an IPv4 one (mapped, compatible,
 * translated, 6to4) is judged by the IPv4 address it carries.
 */
function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

const ipv4From = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublicIpv4(ipv4From(p[6]!, p[7]!));
    case '6to4':
      return isPublicIpv4(ipv4From(p[1]!, p[2]!));
    case 'unicast':
      // IPv4-compatible (`::a.b.c.d`, deprecated but still routed by some stacks).
      if (p.slice(0, 6).every((x) => x === 0)) return isPublicIpv4(ipv4From(p[6]!, p[7]!));
      return true;
    default:
      return false;
  }
}

/** Why an IP address may not be posted to, or null when it may. */
export function refusedAddressReason(address: string): string | null {
  const unbracketed = address.replace(/^\[|\]$/g, '');
  if (isIP(unbracketed) === 0) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(unbracketed);
  const allowed =
    parsed.kind() === 'ipv4'
      ? isPublicIpv4(parsed as ipaddr.IPv4)
      : isPublicIpv6(parsed as ipaddr.IPv6);
  return allowed
    ? null
    : `${address} is a loopback, private, link-local, multicast, reserved or documentation address, which this server does not post to`;
}

export interface TargetCheck {
  /** Loopback and private addresses are allowed (development). */
  allowPrivate: boolean;
  /** What the URL is called in a refusal (default "The target", as the webhook form calls it). */
  name?: string;
  /** Where credentials go instead of the URL, said when the URL carries some. */
  credentialsGo?: string;
}

/**
 * Why a target URL cannot be saved or posted to, or null: http(s) only, no credentials in it, and
 * a literal IP address must be one the server posts to. A host name is checked when it resolves.
 */
export function targetProblem(target: string, check: TargetCheck): string | null {
  const name = check.name ?? 'The target';
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return `${name} must be an absolute http:// or https:// URL.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `${name} must be an http:// or https:// URL.`;
  if (url.username || url.password)
    return `${name} must not carry a user name or password${check.credentialsGo ? `; ${check.credentialsGo}` : ''}.`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (check.allowPrivate || isIP(host) === 0) return null;
  const reason = refusedAddressReason(host);
  return reason ? `${name} is refused: ${reason}.` : null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A refusal found after name resolution; the caller reports its message. */
export class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/**
 * The `lookup` an http agent connects with: it resolves the name and refuses the connection when
 * any address is one the server does not post to, so the address checked is the address connected to
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
