import { setImmediate as nextTurn } from 'node:timers/promises';
import type { JsonObject, Profile } from '../../../xapi/index';
import { isUnrecognized, parse } from '../../../xapi/index';
import type {
  Personae,
  SimulatedActor,
  SimulationModel,
  SimulationProblem,
  TracedStatement,
} from '../../../xapi/simulate/index';
import { generateTraced, overlaidModel, prepareSimulation } from '../../../xapi/simulate/index';
import { ErrorCode } from '../../../common/errors';
import {
  SIMULATION_LIMITS,
  type SiteLearners,
  type SiteSimulateInput,
  type SiteSimulation,
} from '../../../common/simulate';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import { requireKey, type ApiCaller } from '../public-api/access';
import type { StatementCheckService } from './service';

export { SIMULATION_LIMITS };

export interface SimulateInput {
  profile: string;
  seed?: number | string | undefined;
  max?: number | undefined;
  start?: string | undefined;
  end?: string | undefined;
  registrations?: number | undefined;
  personae?: unknown;
  model?: unknown;
  /** Refuse when any part of the profile cannot be simulated, not only when nothing can. */
  strict?: boolean | undefined;
}

/** A run ready to stream: statements one by one, stopping when `stop` says so. */
export interface SimulationRun {
  /** Each statement with the template and primary pattern it came from, beside it. */
  statements: Iterator<TracedStatement>;
  /** Problems that left part of the profile out (the rest is simulated). */
  problems: SimulationProblem[];
}

/** A version's document as the asker may see it (a draft only for its group's members, else 404). */
export type VersionDocuments = (
  user: UserRow | null,
  profileId: string,
  versionId: string,
) => Promise<Record<string, unknown>>;

/** The document of a draft an IRI names when the group `organizationId` holds it, else null. */
export type GroupDraftDocuments = (
  organizationId: string,
  iri: string,
) => Promise<Record<string, unknown> | null>;

/** How many statements the site's call gathers between two turns of the event loop. */
const CHUNK = 200;

/**
 * Statements simulated from a profile version (`xapi/simulate`): each checked against its
 * template and each registration against the primary patterns before it leaves. `/api` names a
 * version by IRI (a draft with its group's key); the site names any version it shows by id.
 */
export class SimulationService {
  constructor(
    private readonly checks: StatementCheckService,
    private readonly documents?: VersionDocuments,
    private readonly groupDrafts?: GroupDraftDocuments,
  ) {}

  /**
   * Prepares a run of the version `input.profile` names, or a 400 listing why it cannot be
   * simulated: a published version for anyone, a draft for a read key of its group. Anyone else
   * gets the same 404 whether a draft has the IRI or nothing does.
   */
  async start(
    caller: ApiCaller,
    input: SimulateInput,
    stop: () => boolean,
  ): Promise<SimulationRun> {
    return this.run(await this.modelFor(caller, input.profile), input, stop);
  }

  private async modelFor(caller: ApiCaller, iri: string): Promise<Profile> {
    try {
      return (await this.checks.publishedModel(iri)).model;
    } catch (error) {
      const notPublished = error instanceof AppError && error.status === 404;
      if (!notPublished || !caller.key || !this.groupDrafts) throw error;
      const draft = await this.groupDrafts(caller.key.organizationId, iri);
      if (!draft) throw error;
      requireKey(caller, 'read');
      const { model } = parse(draft);
      if (!model) throw notFound("This draft's document cannot be read as a profile.");
      return model;
    }
  }

  /**
   * The site's call: a version by id, published for anyone, a draft for the members of its
   * group; the same run as {@link start}, gathered whole (every registration in it complete).
   */
  async simulateVersion(
    user: UserRow | null,
    profileId: string,
    versionId: string,
    input: SiteSimulateInput,
    stop: () => boolean,
  ): Promise<SiteSimulation> {
    if (!this.documents) throw new Error('SimulationService was built without version documents.');
    const document = await this.documents(user, profileId, versionId);
    const { model } = parse(document);
    if (!model) throw notFound("This version's document cannot be read as a profile.");
    let stopped = false;
    const run = this.run(model, siteInput(model, input), () => {
      if (!stop()) return false;
      stopped = true;
      return true;
    });
    const statements: JsonObject[] = [];
    const origins: { template: string; pattern: string }[] = [];
    for (;;) {
      for (let i = 0; i < CHUNK; i++) {
        const next = run.statements.next();
        if (next.done)
          return { success: true, statements, origins, problems: run.problems, stopped };
        statements.push(next.value.statement);
        origins.push({ template: next.value.template, pattern: next.value.pattern });
      }
      // Other requests are served between chunks, as the stream of /api/simulate does.
      await nextTurn();
    }
  }

  /** The one preparation both calls share: a run, or a 400 saying why there is none. */
  private run(
    model: Profile,
    input: Omit<SimulateInput, 'profile'>,
    stop: () => boolean,
  ): SimulationRun {
    const prepared = prepareSimulation([model], {
      ...(input.personae !== undefined ? { personae: input.personae as Personae } : {}),
      ...(input.model !== undefined ? { model: input.model as SimulationModel } : {}),
      parameters: {
        ...(input.seed !== undefined ? { seed: input.seed } : {}),
        max: input.max ?? SIMULATION_LIMITS.defaultStatements,
        ...(input.start !== undefined ? { start: input.start } : {}),
        ...(input.end !== undefined ? { end: input.end } : {}),
        ...(input.registrations !== undefined ? { registrations: input.registrations } : {}),
      },
    });
    const wrongInput = prepared.problems.filter((p) => p.kind === 'parameters');
    if (wrongInput.length > 0) throw badRequest(wrongInput.map((p) => p.reason).join('; ') + '.');
    if (!prepared.ok || (input.strict === true && prepared.problems.length > 0)) {
      const first = prepared.problems[0];
      throw new AppError(
        400,
        ErrorCode.SimulationImpossible,
        `The profile cannot be simulated${prepared.ok ? ' in full' : ''}${first ? `: ${first.id ? `${first.id}: ` : ''}${first.reason}` : ''}${prepared.problems.length > 1 ? ` (and ${prepared.problems.length - 1} more, in "problems")` : ''}.`,
        { problems: prepared.problems },
      );
    }
    return { statements: generateTraced(prepared.plan, { stop }), problems: prepared.problems };
  }
}

/** The site's choices as the library's options: numbered example actors, unchosen patterns at 0. */
function siteInput(model: Profile, input: SiteSimulateInput): Omit<SimulateInput, 'profile'> {
  const actors: SimulatedActor[] = Array.from({ length: input.actors }, (_, i) => ({
    name: `Simulated Actor ${i + 1}`,
    mbox: `mailto:actor${i + 1}@example.org`,
  }));
  let weights: Record<string, number> | undefined;
  if (input.patterns !== undefined) {
    const primary = (model.patterns ?? []).flatMap((p) =>
      !isUnrecognized(p) && p.primary === true && p.id ? [p.id] : [],
    );
    const unknown = input.patterns.filter((id) => !primary.includes(id));
    if (unknown.length > 0) {
      throw badRequest(
        `Not a primary pattern of this version: ${unknown.join(', ')}. Choose among its primary patterns.`,
      );
    }
    weights = Object.fromEntries(primary.map((id) => [id, input.patterns!.includes(id) ? 1 : 0]));
  }
  const learners = input.learners ? learnerModel(input.learners, actors) : undefined;
  // The model written as JSON, with the form's choices over it.
  const choices = overlaidModel(input.model ?? {}, {
    ...(weights ? { weights } : {}),
    ...learners,
  });
  return {
    seed: input.seed,
    max: input.max,
    start: input.start,
    end: input.end,
    registrations: input.registrations,
    personae: actors,
    ...(Object.keys(choices).length > 0 ? { model: choices } : {}),
  };
}

/** The site's learners as the library's: each actor's ability on the even spread asked for. */
function learnerModel(
  learners: SiteLearners,
  actors: SimulatedActor[],
): Pick<SimulationModel, 'learner' | 'actors'> {
  const { ability, ...forAll } = learners;
  const spread = ability
    ? Object.fromEntries(
        actors.map((actor, i) => {
          const share = actors.length === 1 ? 0.5 : i / (actors.length - 1);
          const value = ability.lowest + (ability.highest - ability.lowest) * share;
          return [actor.mbox!, { ability: Math.round(value * 100) / 100 }];
        }),
      )
    : undefined;
  return { learner: forAll, ...(spread ? { actors: spread } : {}) };
}
