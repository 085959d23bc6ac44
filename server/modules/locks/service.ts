import { ErrorCode } from '../../../common/errors';
import { LOCK_TIMED_OUT_MESSAGE, type Lock } from '../../../common/locks';
import type { Db } from '../../db/client';
import type { UserRow, WriteLockRow } from '../../db/schema';
import { AppError } from '../errors';
import { publicName } from '../organizations/presenter';
import {
  deleteExpiredLocks,
  deleteLock,
  findHeldLock,
  findLock,
  findLockHeldByOthers,
  moveLock,
  upsertLock,
} from './repo';

/** The names of lockable things; one lock per name. */
export const lockResource = {
  /** A profile version's details (Edit Profile Details). */
  version: (versionId: string) => `version:${versionId}`,
  /** A concept, statement template or pattern. */
  // Item locks keep the key prefix they were stored with.
  item: (itemId: string) => `component:${itemId}`,
};

/** Who takes a lock: only the id matters. */
export type LockOwner = Pick<UserRow, 'id'>;

export interface HeldLock {
  resource: string;
  expiresAt: Date;
  timeoutSeconds: number;
}

export interface LockServiceDeps {
  db: Db;
  /** How long a lock lasts without renewal. */
  timeoutSeconds: number;
  now?: () => Date;
}

export const lockRequiredMessage = `${LOCK_TIMED_OUT_MESSAGE}. Take the lock again (reopen the edit screen), then save.`;

const lockRequired = () => new AppError(409, ErrorCode.LockRequired, lockRequiredMessage);

function until(expiresAt: Date, now: Date): string {
  const clock = `${expiresAt.toISOString().slice(11, 16)} UTC`;
  const minutes = Math.ceil((expiresAt.getTime() - now.getTime()) / 60_000);
  if (minutes <= 1) return `${clock} (in less than a minute)`;
  return `${clock} (in about ${minutes} minutes)`;
}

/** 409 RESOURCE_LOCKED naming who holds the lock and until when. */
function lockedBy(holder: UserRow, expiresAt: Date, now: Date, what: string): AppError {
  return new AppError(
    409,
    ErrorCode.ResourceLocked,
    `${publicName(holder)} is editing ${what}. Their write lock lasts until ${until(expiresAt, now)} unless they keep working; try again then.`,
    { lockedBy: publicName(holder), expiresAt: expiresAt.toISOString() },
  );
}

/**
 * Refuses a change of a version's whole content (a document put in place of a draft's) while
 * someone else is editing the version's details or one of its items: their save would land on
 * content that is no longer there, or undo the document. `userId` null (an API key) yields to
 * every live lock.
 */
export async function refuseWhileOthersEdit(
  db: Db,
  target: { versionId: string; itemIds: string[] },
  userId: string | null,
  now: Date,
): Promise<void> {
  const resources = [
    lockResource.version(target.versionId),
    ...target.itemIds.map((id) => lockResource.item(id)),
  ];
  const held = await findLockHeldByOthers(db, resources, userId, now);
  if (held) throw lockedBy(held.holder, held.lock.expiresAt, now, 'this version');
}

/**
 * Write locks: who may edit what right now. Authorization is the caller's business (a route or a
 * service checks membership first); this only decides between people allowed to edit. Locks are
 * taken and renewed by one conditional upsert, released by their holder, and checked by every
 * save, inside the save's transaction.
 */
export class LockService {
  private readonly now: () => Date;

  constructor(private readonly deps: LockServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  get timeoutSeconds(): number {
    return this.deps.timeoutSeconds;
  }

  /**
   * Takes the lock on `resource`, or renews it for its holder, for the configured timeout.
   * Throws 409 RESOURCE_LOCKED naming the holder and the time their lock runs out when someone
   * else holds it.
   */
  async acquire(user: LockOwner, resource: string, db: Db = this.deps.db): Promise<HeldLock> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.deps.timeoutSeconds * 1000);
    await deleteExpiredLocks(db, user.id, now);
    // Twice at most: the holder may let go between the refused upsert and reading who it was.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const taken = await upsertLock(db, { resource, userId: user.id, now, expiresAt });
      if (taken) return this.present(taken);
      await this.refuseHeldByOthers(db, user, resource, now);
    }
    throw new AppError(409, ErrorCode.ResourceLocked, 'This is being edited. Try again later.');
  }

  /** Gives the caller's lock on `resource` up; nothing happens when they do not hold it. */
  async release(user: LockOwner, resource: string, db: Db = this.deps.db): Promise<void> {
    await deleteLock(db, resource, user.id);
  }

  /**
   * Refuses (409 LOCK_REQUIRED) unless `user` holds a live lock on `resource`. Call it with the
   * transaction of the save: the lock row then stays put until the save commits.
   */
  async requireHeld(db: Db, user: LockOwner, resource: string): Promise<void> {
    if (!(await findHeldLock(db, resource, user.id, this.now()))) throw lockRequired();
  }

  /**
   * Refuses (409 RESOURCE_LOCKED, naming the holder) while someone other than `user` holds a
   * live lock on `resource`: for a change made in one call, which takes no lock of its own.
   */
  async refuseHeldByOthers(
    db: Db,
    user: LockOwner,
    resource: string,
    now = this.now(),
  ): Promise<void> {
    const current = await findLock(db, resource);
    if (current && current.lock.expiresAt > now && current.lock.userId !== user.id)
      throw lockedBy(current.holder, current.lock.expiresAt, now, 'this');
  }

  /**
   * Hands the caller's lock from one resource to another, e.g. from a published version to the
   * draft its save created; call it in that save's transaction, after `requireHeld`.
   */
  async transfer(db: Db, user: LockOwner, from: string, to: string): Promise<void> {
    if (!(await moveLock(db, from, to, user.id))) throw lockRequired();
  }

  private present(row: WriteLockRow): HeldLock {
    return {
      resource: row.resource,
      expiresAt: row.expiresAt,
      timeoutSeconds: this.deps.timeoutSeconds,
    };
  }
}

/** A held lock as the `/app` answers show it. */
export const presentLock = (lock: HeldLock): Lock => ({
  resource: lock.resource,
  expiresAt: lock.expiresAt.toISOString(),
  timeoutSeconds: lock.timeoutSeconds,
});
