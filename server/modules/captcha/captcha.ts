import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usedCaptchas } from '../../db/schema';

/** A challenge must be solved and used within this time. */
const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
const ALGORITHM = 'PBKDF2/SHA-256';

function decodePayload(encoded: string): Payload | null {
  try {
    const decoded = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Partial<Payload>;
    const { challenge, solution } = decoded;
    if (
      !challenge ||
      typeof challenge !== 'object' ||
      typeof challenge.signature !== 'string' ||
      !challenge.parameters ||
      !solution ||
      typeof solution.counter !== 'number' ||
      typeof solution.derivedKey !== 'string'
    ) {
      return null;
    }
    return { challenge, solution };
  } catch {
    return null;
  }
}

/**
 * ALTCHA proof of work, self-hosted: challenges are signed with our key, and a solved challenge is
 * accepted once — its signature is recorded until it expires, in the database every node shares.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly hmacKey: string,
    private readonly cost: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: this.cost,
      deriveKey,
      hmacSignatureSecret: this.hmacKey,
      expiresAt: new Date(this.now().getTime() + CHALLENGE_LIFETIME_MS),
    });
  }

  /** True once for a valid, unexpired solution of one of our challenges; false ever after. */
  async verify(encoded: string): Promise<boolean> {
    const payload = decodePayload(encoded);
    if (!payload?.challenge.signature) return false;
    let verified = false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.hmacKey,
      });
      verified = result.verified;
    } catch {
      verified = false;
    }
    if (!verified) return false;

    const expiresAt = new Date(
      (payload.challenge.parameters.expiresAt ?? 0) * 1000 ||
        this.now().getTime() + CHALLENGE_LIFETIME_MS,
    );
    const inserted = await this.db
      .insert(usedCaptchas)
      .values({ signature: payload.challenge.signature, expiresAt })
      .onConflictDoNothing()
      .returning({ signature: usedCaptchas.signature });
    await this.db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, sql`now()`));
    return inserted.length === 1;
  }
}
