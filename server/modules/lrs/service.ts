import {
  LRS_SEND_LIMIT_MS,
  type SiteSendInput,
  type SiteSendResult,
} from '../../../common/simulate';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../errors';
import { targetProblem } from '../outbound/address-guard';
import type { SimulationService } from '../statement-check/simulate';
import { endpointProblem, sendStatements, statementsUrlOf, type SendOptions } from './send';

/**
 * The site's "Send to an LRS": the version simulated again with the choices given (the same
 * seed gives the statements the person previewed) and posted through the address guard to the
 * LRS named, with credentials used for this call only: never stored, never logged.
 */
export class LrsSendService {
  constructor(
    private readonly simulations: SimulationService,
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
    const { lrs, ...choices } = input;
    const check = { allowPrivate: this.options.allowPrivateTargets, name: 'The LRS endpoint' };
    // Refused before any work: an endpoint that is not one, or a literal address never posted to.
    const problem =
      endpointProblem(lrs.endpoint) ?? targetProblem(statementsUrlOf(lrs.endpoint), check);
    if (problem) throw badRequest(problem);
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
    return { success: true, generated: simulation.statements.length, report };
  }
}
