import { describe, expect, it } from 'vitest';
import { ReadCache, type Snapshot } from './cache';

const snapshot = (profileId: string, versionId: string, bytes = 100): Snapshot => ({
  profileId,
  versionId,
  pinned: false,
  body: Buffer.alloc(bytes, 'x'),
  etag: `"${versionId}"`,
  lastModified: new Date(0),
  turtle: null,
});

const liveCache = (maxBytes = 1024 * 1024) => {
  const cache = new ReadCache({ maxBytes });
  cache.setLive(true);
  return cache;
};

describe('ReadCache', () => {
  it('keeps nothing and serves nothing while it cannot hear changes', () => {
    const cache = new ReadCache({ maxBytes: 1024 * 1024 });
    expect(cache.ticket()).toBeNull();
    cache.keepPublished(cache.ticket(), 'p1', snapshot('p1', 'v1'));
    cache.keepList(cache.ticket(), 'home', { success: true });
    cache.setLive(true);
    expect(cache.published('p1')).toBeUndefined();
    expect(cache.list('home')).toBeUndefined();

    cache.keepPublished(cache.ticket(), 'p1', snapshot('p1', 'v1'));
    expect(cache.published('p1')?.versionId).toBe('v1');
    // A dropped connection may have lost announcements: what was kept goes.
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.published('p1')).toBeUndefined();
  });

  it('freezes a kept list all the way down, so no request can alter what the next one gets', () => {
    const cache = liveCache();
    const answer = { success: true, metadata: [{ name: 'a', tags: ['x'] }] };
    cache.keepList(cache.ticket(), 'home', answer);
    const kept = cache.list<typeof answer>('home');
    expect(kept).toBe(answer);
    expect(() => kept?.metadata.push({ name: 'b', tags: [] })).toThrow(TypeError);
    expect(() => {
      (kept?.metadata[0] as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => kept?.metadata[0]?.tags.push('y')).toThrow(TypeError);
    expect(cache.list<typeof answer>('home')?.metadata).toEqual([{ name: 'a', tags: ['x'] }]);
  });

  it('does not keep what was read while a change was announced', () => {
    const cache = liveCache();
    const ticket = cache.ticket();
    cache.forget({ profileId: 'elsewhere' });
    cache.keepPublished(ticket, 'p1', snapshot('p1', 'v1'));
    cache.keepList(ticket, 'home', { success: true });
    expect(cache.published('p1')).toBeUndefined();
    expect(cache.list('home')).toBeUndefined();
  });

  it("drops a changed profile's answers, under every key, and every list", () => {
    const cache = liveCache();
    cache.keepPublished(cache.ticket(), 'p1', snapshot('p1', 'v1'));
    cache.keepPublished(cache.ticket(), 'v1', snapshot('p1', 'v1'));
    cache.keepPublished(cache.ticket(), 'iri:https://example.org/p1', snapshot('p1', 'v1'));
    cache.keepPublished(cache.ticket(), 'p2', snapshot('p2', 'v2'));
    cache.keepList(cache.ticket(), 'home', { success: true });
    cache.forget({ profileId: 'p1' });
    expect(cache.published('p1')).toBeUndefined();
    expect(cache.published('v1')).toBeUndefined();
    expect(cache.published('iri:https://example.org/p1')).toBeUndefined();
    expect(cache.published('p2')?.versionId).toBe('v2');
    expect(cache.list('home')).toBeUndefined();

    cache.keepList(cache.ticket(), 'home', { success: true });
    cache.forget({ organizationId: 'g1' });
    expect(cache.list('home')).toBeUndefined();
    expect(cache.published('p2')?.versionId).toBe('v2');
  });

  it('stays within its byte budget, Turtle included, dropping the least recently used', () => {
    const cache = liveCache(4000);
    for (let i = 0; i < 10; i++) {
      cache.keepPublished(cache.ticket(), `p${i}`, snapshot(`p${i}`, `v${i}`, 1000));
    }
    const { bytes, snapshots } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(4000);
    expect(snapshots).toBeLessThan(10);
    expect(cache.published('p9')).toBeDefined();
    expect(cache.published('p0')).toBeUndefined();

    const kept = cache.published('p9') as Snapshot;
    cache.keepTurtle(cache.ticket(), kept, 't'.repeat(1500));
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000);
    expect(cache.published('p9')?.turtle).toHaveLength(1500);
    // An answer larger than the whole budget is served but never kept.
    cache.keepPublished(cache.ticket(), 'big', snapshot('big', 'vb', 5000));
    expect(cache.published('big')).toBeUndefined();
  });

  it('counts the Turtle and compressed copies added to a kept snapshot, dropping others to make room', () => {
    const cache = liveCache(5000);
    cache.keepPublished(cache.ticket(), 'p1', snapshot('p1', 'v1', 1000));
    cache.keepPublished(cache.ticket(), 'p2', snapshot('p2', 'v2', 1000));
    const before = cache.stats().bytes;
    const kept = cache.published('p2') as Snapshot;
    cache.keepTurtle(cache.ticket(), kept, 't'.repeat(500));
    expect(cache.stats().bytes).toBe(before + 500);
    cache.keepEncoded(cache.ticket(), kept, 'br', Buffer.alloc(300));
    cache.keepEncoded(cache.ticket(), kept, 'gzip', Buffer.alloc(400));
    expect(cache.stats().bytes).toBe(before + 1200);
    expect(cache.published('p2')?.encoded?.br).toHaveLength(300);
    // Past the budget, the least recently used snapshot goes, not the one that grew.
    cache.keepEncoded(cache.ticket(), kept, 'gzip', Buffer.alloc(1200));
    expect(cache.stats().bytes).toBeLessThanOrEqual(5000);
    expect(cache.published('p1')).toBeUndefined();
    expect(cache.published('p2')?.encoded?.gzip).toHaveLength(1200);
  });
});
