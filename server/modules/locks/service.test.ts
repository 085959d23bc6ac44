import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../common/errors';
import type { Database } from '../../db/client';
import { writeLocks, type UserRow } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { makePerson } from '../../test/people';
import { SessionService } from '../accounts/sessions';
import { AppError } from '../errors';
import { LockService, lockResource, lockRequiredMessage } from './service';

const TIMEOUT = 600;

describe('write locks', () => {
  let database: Database;
  let ada: UserRow;
  let bob: UserRow;
  let carol: UserRow;
  /** The clock every service of these tests reads; tests move it. */
  let clock = new Date('2030-05-01T12:00:00.000Z');
  let locks: LockService;

  beforeAll(async () => {
    database = await createTestDatabase();
    const sessions = new SessionService(database.db);
    ada = (await makePerson(database.db, sessions, { firstname: 'Ada', lastname: 'Lovelace' }))
      .user;
    bob = (await makePerson(database.db, sessions, { firstname: 'Bob', lastname: 'Builder' })).user;
    // Carol keeps her name private: others see her username.
    carol = (await makePerson(database.db, sessions, { publicizeName: false })).user;
    locks = new LockService({ db: database.db, timeoutSeconds: TIMEOUT, now: () => clock });
  });
  afterAll(async () => {
    await database?.close();
  });

  const fresh = () => lockResource.item(randomUUID());
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(AppError);
        return error as AppError;
      },
    );
  const row = async (resource: string) =>
    (await database.db.select().from(writeLocks).where(eq(writeLocks.resource, resource)))[0];

  it('takes a free resource for the configured timeout', async () => {
    const resource = fresh();
    const lock = await locks.acquire(ada, resource);
    expect(lock).toEqual({
      resource,
      expiresAt: new Date(clock.getTime() + TIMEOUT * 1000),
      timeoutSeconds: TIMEOUT,
    });
    expect(await row(resource)).toMatchObject({ userId: ada.id, acquiredAt: clock });
  });

  it('renews for the holder, keeping when it was first taken', async () => {
    const resource = fresh();
    const first = await locks.acquire(ada, resource);
    const takenAt = clock;
    later(300);
    const renewed = await locks.acquire(ada, resource);
    expect(renewed.expiresAt.getTime()).toBe(first.expiresAt.getTime() + 300_000);
    expect(await row(resource)).toMatchObject({ userId: ada.id, acquiredAt: takenAt });
  });

  it('refuses another person while the lock lasts, naming the holder and the end', async () => {
    const resource = fresh();
    const held = await locks.acquire(ada, resource);
    later(60);
    const refused = await refusal(locks.acquire(bob, resource));
    expect(refused.status).toBe(409);
    expect(refused.code).toBe(ErrorCode.ResourceLocked);
    const until = held.expiresAt.toISOString().slice(11, 16);
    expect(refused.message).toBe(
      `Ada Lovelace is editing this. Their write lock lasts until ${until} UTC (in about 9 minutes) unless they keep working; try again then.`,
    );
    expect(refused.details).toEqual({
      lockedBy: 'Ada Lovelace',
      expiresAt: held.expiresAt.toISOString(),
    });
    expect(await row(resource)).toMatchObject({ userId: ada.id });
  });

  it('names a holder who keeps their name private by username', async () => {
    const resource = fresh();
    await locks.acquire(carol, resource);
    const refused = await refusal(locks.acquire(ada, resource));
    expect(refused.message).toMatch(new RegExp(`^${carol.username} is editing this\\.`));
    expect(refused.message).not.toContain(carol.lastname);
  });

  it('lets someone else take a lock that ran out', async () => {
    const resource = fresh();
    await locks.acquire(ada, resource);
    later(TIMEOUT - 1);
    await refusal(locks.acquire(bob, resource));
    later(1);
    const taken = await locks.acquire(bob, resource);
    expect(taken.expiresAt).toEqual(new Date(clock.getTime() + TIMEOUT * 1000));
    expect(await row(resource)).toMatchObject({ userId: bob.id, acquiredAt: clock });
    // And Ada, back too late, is refused in turn.
    expect((await refusal(locks.acquire(ada, resource))).code).toBe(ErrorCode.ResourceLocked);
  });

  it('releases only the caller’s own lock', async () => {
    const resource = fresh();
    await locks.acquire(ada, resource);
    await locks.release(bob, resource);
    await refusal(locks.acquire(bob, resource));
    await locks.release(ada, resource);
    expect(await row(resource)).toBeUndefined();
    await locks.acquire(bob, resource);
    // Releasing what nobody holds is fine.
    await locks.release(ada, fresh());
  });

  it('forgets a person’s run-out locks when they take a new one', async () => {
    const stale = fresh();
    await locks.acquire(ada, stale);
    later(TIMEOUT + 1);
    await locks.acquire(ada, fresh());
    expect(await row(stale)).toBeUndefined();
  });

  it('requireHeld passes for the live holder only', async () => {
    const resource = fresh();
    const { db } = database;
    const required = (user: UserRow) => refusal(locks.requireHeld(db, user, resource));
    const nobody = await required(ada);
    expect(nobody).toMatchObject({
      status: 409,
      code: ErrorCode.LockRequired,
      message: lockRequiredMessage,
    });
    expect(lockRequiredMessage).toMatch(/^Your lock on this resource has timed out/);
    await locks.acquire(ada, resource);
    await locks.requireHeld(db, ada, resource);
    expect((await required(bob)).code).toBe(ErrorCode.LockRequired);
    later(TIMEOUT);
    expect((await required(ada)).code).toBe(ErrorCode.LockRequired);
  });

  it('requireHeld and transfer work inside a transaction', async () => {
    const from = fresh();
    const to = fresh();
    await locks.acquire(ada, from);
    await database.db.transaction(async (tx) => {
      await locks.requireHeld(tx, ada, from);
      await locks.transfer(tx, ada, from, to);
      await locks.requireHeld(tx, ada, to);
    });
    expect(await row(from)).toBeUndefined();
    expect(await row(to)).toMatchObject({ userId: ada.id });
    await refusal(locks.acquire(bob, to));
    // A refusal inside the transaction rolls the save back.
    await refusal(
      database.db.transaction(async (tx) => {
        await tx.delete(writeLocks).where(eq(writeLocks.resource, to));
        await locks.requireHeld(tx, bob, to);
      }),
    );
    expect(await row(to)).toMatchObject({ userId: ada.id });
    // Only the holder can hand a lock on.
    expect((await refusal(locks.transfer(database.db, bob, to, fresh()))).code).toBe(
      ErrorCode.LockRequired,
    );
  });

  describe('races', () => {
    /** Both people ask at once; exactly one may win, and the row names the winner. */
    async function race(resource: string) {
      const outcomes = await Promise.allSettled([
        locks.acquire(ada, resource),
        locks.acquire(bob, resource),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o) => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        code: ErrorCode.ResourceLocked,
      });
      const winner = outcomes[0]?.status === 'fulfilled' ? ada : bob;
      expect(await row(resource)).toMatchObject({ userId: winner.id });
    }

    it('gives a free resource to exactly one of two people asking at once', async () => {
      for (let round = 0; round < 20; round += 1) await race(fresh());
    });

    it('gives a run-out lock to exactly one of two people taking it over at once', async () => {
      for (let round = 0; round < 20; round += 1) {
        const resource = fresh();
        await locks.acquire(carol, resource);
        later(TIMEOUT);
        await race(resource);
      }
    });
  });
});
