import {
  LRS_SEND_LIMIT_MS,
  LRS_SENDS_PER_HOUR,
  type SiteSendInput,
  type SiteSendResult,
} from '../../../common/simulate';
import { observe } from '../observations';
import type { UserRow } from '../../db/schema';
import type { Limit, RateLimiter } from '../abuse/rate-limiter';
import { badRequest, unauthorized } from '../errors';
import { targetProblem } from '../outbound/address-guard';
import type { SimulationService } from '../statement-check/simulate';
import { endpointProblem, sendStatements, statementsUrlOf, type SendOptions } from './send';

/** Sends one person may start, shared by every node (counted in the database). */
export const LRS_SEND_LIMIT: Limit = {
  name: 'lrs-send:user',
  max: LRS_SENDS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  what: 'sends to an LRS from this account',
};

/**
 * Sending makes the server post to an address someone typed, for up to a minute: for signed-in
 * people only, so each send has someone to count against.
 */
export function mayUseLrsSend(user: UserRow | null): UserRow {
  if (!user) throw unauthorized('Sign in to send statements to an LRS.');
  return user;
}

/**
 * The site's "Send to an LRS": the version simulated again with the choices given (the same
 * seed gives the statements the person previewed) and posted through the address guard to the
 * LRS named, with credentials used for this call only: never stored, never logged. Signed-in
 * people only, each counted against {@link LRS_SEND_LIMIT}.
 */
export class LrsSendService {
  constructor(
    private readonly simulations: SimulationService,
    private readonly limiter: RateLimiter,
    private readonly options: {
      allowPrivateTargets: boolean;
      /** Replaced in tests to make back-off instant. */
      send?: Pick<SendOptions, 'sleep' | 'backoffMs'>;
    },
  ) {}

  async sendVersion(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: SiteSendInput,
    /** Why to stop (the browser went), or null. */
    gone: () => string | null,
  ): Promise<SiteSendResult> {
    const sender = mayUseLrsSend(user);
    const { lrs, ...choices } = input;
    const check = { allowPrivate: this.options.allowPrivateTargets, name: 'The LRS endpoint' };
    // Refused before any work: an endpoint that is not one, or a literal address never posted to.
    const problem =
      endpointProblem(lrs.endpoint) ?? targetProblem(statementsUrlOf(lrs.endpoint), check);
    if (problem) throw badRequest(problem);
    await this.limiter.hit(LRS_SEND_LIMIT, sender.id);
    const simulation = await this.simulations.simulateVersion(
      user,
      profileId,
      versionId,
      choices,
      () => gone() !== null,
    );
    const until = Date.now() + LRS_SEND_LIMIT_MS;
    const report = await sendStatements(simulation.statements, lrs, {
      ...this.options.send,
      check,
      stop: () =>
        gone() ??
        (Date.now() > until
          ? `Sending stopped after ${LRS_SEND_LIMIT_MS / 1000} s; send again, or use the command line for long runs.`
          : null),
    });
    observe('lrs', { outcome: report.failure ? 'failed' : 'sent', statements: report.accepted });
    return { success: true, generated: simulation.statements.length, report };
  }
}
