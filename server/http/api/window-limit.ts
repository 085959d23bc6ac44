import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';

interface Window {
  startedAt: number;
  hits: number;
}

/** How many subjects each limit remembers; one pushed out starts again from zero. */
const REMEMBERED_SUBJECTS = 5000;

/**
 * Requests counted per subject (a client address, a key) in fixed windows that start with the
 * subject's first request, in this node's memory, so a request writes nothing. Counted without a
 * promise: every `/api` request passes here, and the plugin this replaces answered each through
 * two (see docs/decisions/public-api.md).
 */
export class WindowLimit {
  private readonly windows = new LRUCache<string, Window>({ max: REMEMBERED_SUBJECTS });

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The seconds until `subject` may be served again without counting a request: 0 if now. */
  wait(subject: string): number {
    const now = this.now();
    const window = this.windows.peek(subject);
    if (!window || now - window.startedAt >= this.windowMs || window.hits < this.max) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }

  /** Counts one request of `subject`: 0 while within the limit, else the seconds until its window ends. */
  hit(subject: string): number {
    const now = this.now();
    let window = this.windows.get(subject);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, hits: 0 };
      this.windows.set(subject, window);
    }
    window.hits += 1;
    if (window.hits <= this.max) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }
}

/**
 * The subject a client address is limited as: an IPv4 address itself (an IPv4-mapped IPv6 one
 * too), an IPv6 address by its /64, which one client usually holds whole.
 */
export function addressSubject(ip: string): string {
  // Only an IPv6 address holds a colon: the check most requests need costs no pattern.
  if (!ip.includes(':')) return ip.toLowerCase();
  let address: ipaddr.IPv6;
  try {
    // Parsed once: checking it first would parse it twice on every request from IPv6.
    address = ipaddr.IPv6.parse(ip);
  } catch {
    return ip.toLowerCase();
  }
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return new ipaddr.IPv6([...address.parts.slice(0, 4), 0, 0, 0, 0]).toString();
}
