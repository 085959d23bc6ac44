import { LRUCache } from 'lru-cache';
import type { Change } from '../events/changes';
import type { BodyEncoding } from './encoding';

/** A published version's answer: immutable bytes, kept until its profile changes. */
export interface Snapshot {
  profileId: string;
  versionId: string;
  /** Asked for by the version's own uuid or IRI (not the profile's): these bytes never change. */
  pinned: boolean;
  /** The JSON-LD exactly as sent; the ETag names these bytes. */
  body: Buffer;
  etag: string;
  lastModified: Date;
  /** The Turtle, once someone asked for it. */
  turtle: string | null;
  /** The JSON-LD compressed, per encoding, once a client accepting it asked. */
  encoded?: Partial<Record<BodyEncoding, Buffer>>;
}

/** Which published version a profile uuid, version uuid or IRI currently means. */
export interface Resolution {
  profileId: string;
  versionId: string;
}

/**
 * Proof that nothing changed between taking it and storing what was read: a read that overlapped
 * a change must not keep what it read, since it may predate the change.
 */
export type Ticket = number & { readonly ticket: unique symbol };

export interface ReadCacheOptions {
  /** Bytes for snapshots (JSON-LD and Turtle). */
  maxBytes: number;
  /** How long a list of published profiles is kept at most. */
  listTtlMs?: number;
}

/** Freezes a plain value and everything it holds. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** Room for the bookkeeping around a snapshot's bytes. */
const ENTRY_OVERHEAD = 512;

/**
 * Per-node memory of public answers: published snapshots (bounded in bytes), what uuids and IRIs
 * resolve to, and lists of published profiles (short-lived). Everything is dropped when a change
 * is announced (see `events/changes.ts`); while the node cannot hear announcements (`live` is
 * false) nothing is served from or stored in memory, so a missed announcement never leaves a
 * stale answer behind.
 */
export class ReadCache {
  private readonly snapshots: LRUCache<string, Snapshot>;
  private readonly resolutions = new LRUCache<string, Resolution>({ max: 20_000 });
  private readonly lists: LRUCache<string, object>;
  private generation = 0;
  private live = false;

  constructor(options: ReadCacheOptions) {
    this.snapshots = new LRUCache<string, Snapshot>({
      maxSize: options.maxBytes,
      sizeCalculation: (s) =>
        s.body.length +
        Buffer.byteLength(s.turtle ?? '') +
        (s.encoded?.br?.length ?? 0) +
        (s.encoded?.gzip?.length ?? 0) +
        ENTRY_OVERHEAD,
    });
    this.lists = new LRUCache<string, object>({ max: 1000, ttl: options.listTtlMs ?? 5000 });
  }

  /** Whether the node hears every change now; set by whoever listens to the channel. */
  setLive(listening: boolean): void {
    this.live = listening;
    this.clear();
  }

  /** Taken before reading the database; null when nothing read now may be kept. */
  ticket(): Ticket | null {
    return this.live ? (this.generation as Ticket) : null;
  }

  private valid(ticket: Ticket | null): boolean {
    return ticket !== null && this.live && ticket === this.generation;
  }

  /** The published answer a uuid or IRI key means, when both are known. */
  published(key: string): Snapshot | undefined {
    if (!this.live) return undefined;
    const resolution = this.resolutions.get(key);
    return resolution ? this.snapshots.get(resolution.versionId) : undefined;
  }

  /** Keeps a published answer under the key it was asked by (uuid, or `iri:` and the IRI). */
  keepPublished(ticket: Ticket | null, key: string, snapshot: Snapshot): void {
    if (!this.valid(ticket)) return;
    this.snapshots.set(snapshot.versionId, snapshot);
    this.resolutions.set(key, { profileId: snapshot.profileId, versionId: snapshot.versionId });
  }

  /** Adds the Turtle to a snapshot still kept, so the next request does not convert again. */
  keepTurtle(ticket: Ticket | null, snapshot: Snapshot, turtle: string): void {
    if (!this.valid(ticket) || this.snapshots.peek(snapshot.versionId) !== snapshot) return;
    snapshot.turtle = turtle;
    this.recount(snapshot);
  }

  /** Adds a compressed copy to a snapshot still kept, so the next request does not compress again. */
  keepEncoded(
    ticket: Ticket | null,
    snapshot: Snapshot,
    encoding: BodyEncoding,
    bytes: Buffer,
  ): void {
    if (!this.valid(ticket) || this.snapshots.peek(snapshot.versionId) !== snapshot) return;
    snapshot.encoded = { ...snapshot.encoded, [encoding]: bytes };
    this.recount(snapshot);
  }

  /**
   * Counts a kept snapshot's bytes again after it grew. Setting the same object again would not:
   * the LRU recomputes an entry's size only when its value is replaced, so it is taken out first.
   */
  private recount(snapshot: Snapshot): void {
    this.snapshots.delete(snapshot.versionId);
    this.snapshots.set(snapshot.versionId, snapshot);
  }

  list<T extends object>(key: string): T | undefined {
    return this.live ? (this.lists.get(key) as T | undefined) : undefined;
  }

  /**
   * Keeps a list answer for everyone who asks the same until a change. It is frozen, all the way
   * down, since every request shares it: nothing can alter it, so it can be written out once
   * (see `http/kept-answers.ts`).
   */
  keepList(ticket: Ticket | null, key: string, answer: object): void {
    if (this.valid(ticket)) this.lists.set(key, deepFreeze(answer));
  }

  /** Drops everything a change may have ended. */
  forget(change: Change): void {
    this.generation += 1;
    this.lists.clear();
    if (!('profileId' in change)) return;
    const { profileId } = change;
    const stale = [...this.resolutions.entries()].filter(([, r]) => r.profileId === profileId);
    for (const [key] of stale) this.resolutions.delete(key);
    const gone = [...this.snapshots.entries()].filter(([, s]) => s.profileId === profileId);
    for (const [key] of gone) this.snapshots.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.snapshots.clear();
    this.resolutions.clear();
    this.lists.clear();
  }

  /** What is kept, for tests and figures. */
  stats() {
    return {
      snapshots: this.snapshots.size,
      bytes: this.snapshots.calculatedSize,
      resolutions: this.resolutions.size,
      lists: this.lists.size,
    };
  }
}
