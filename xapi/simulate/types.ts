/** What a simulation takes and what its preparation reports. */
import type { JsonObject, JsonValue } from '../json.js';
import type { Iri } from '../model/types.js';
import type { TimeBound } from './bounds.js';

/** An xAPI Agent: a name and one inverse functional identifier. */
export interface SimulatedActor {
  objectType?: 'Agent';
  name?: string;
  mbox?: string;
  mbox_sha1sum?: string;
  openid?: string;
  account?: { homePage: string; name: string };
}

/**
 * A group of actors (DATASIM's "personae" are xAPI Groups), known to a model's `personae` by its
 * name or by its own identifier when it has one.
 */
export interface Persona extends Omit<SimulatedActor, 'objectType'> {
  objectType?: 'Group';
  member: SimulatedActor[];
}

/** One group, several groups, or a plain list of actors. */
export type Personae = Persona | Persona[] | SimulatedActor[];

/** Seconds between two statements (or two registrations), drawn uniformly in [min, max]. */
export interface Period {
  min: number;
  max: number;
}

/**
 * A period that holds only while the time is inside its bounds: of a list, the first whose
 * bounds hold the previous statement's instant is used (DATASIM's periods with bounds).
 */
export interface BoundedPeriod extends Period {
  bounds?: TimeBound[];
}

/**
 * How a simulation chooses, all optional. Weights are relative (default 1; 0 never chooses): they
 * choose the primary pattern of a registration and the member of an `alternates`.
 */
export interface SimulationModel {
  /**
   * Weight by pattern, template or activity IRI. An activity's weight chooses among the
   * profile's activities of its type; when all of a type weigh 0, a made-up one is used.
   */
  weights?: Record<Iri, number>;
  /**
   * Activities to use in place of the profile's (DATASIM's object overrides): where an entry's
   * `definition.type` is a type, the activities of that type are these entries, chosen by
   * weight (default 1); entries without a type are the activity of templates that name none.
   */
  activities?: Array<{ activity: JsonObject; weight?: number }>;
  /**
   * When statements may happen (UTC): a list of bounds for every statement, or lists by template
   * or pattern IRI (a pattern's hold for every statement of its templates). A statement that
   * would fall outside waits for the next instant inside; an actor with no instant left stops.
   */
  bounds?: TimeBound[] | Record<Iri, TimeBound[]>;
  /** Probability that an `optional` is taken (default 0.5), by pattern IRI or for all. */
  optional?: number | Record<Iri, number>;
  /** Most turns of a `zeroOrMore` / `oneOrMore` (default 3; 0 leaves a `zeroOrMore` out), by pattern IRI or for all. */
  repeat?: number | Record<Iri, number>;
  /** Probability that a `recommended` rule's location gets a value (default 0.5). */
  recommended?: number;
  /**
   * Time between two statements of a registration (default 5 to 120 seconds), or a list of
   * periods with bounds, the first that holds at the time used (the default when none does).
   */
  period?: BoundedPeriod | BoundedPeriod[];
  /** Per template IRI: time from the previous statement to one of this template, likewise. */
  periods?: Record<Iri, BoundedPeriod | BoundedPeriod[]>;
  /** Time between two registrations of an actor (default 1 to 24 hours). */
  gap?: Period;
  /**
   * Per extension IRI: the values to draw from (`values`), or a numeric range (`min`, `max`;
   * whole numbers when both are). Used where the extension's schema allows the value drawn.
   */
  extensions?: Record<Iri, ExtensionRange>;
  /** How every actor learns (`xapi/simulate/learners.ts`); `actors` overrides it per actor. */
  learner?: LearnerModel;
  /** Per actor, by identifier (the mbox, `sha1:` and the mbox_sha1sum, the openid, `homePage|name`). */
  actors?: Record<string, LearnerModel>;
  /**
   * Models for some actors (`xapi/simulate/personae-models.ts`): each entry names actors by
   * identifier, as `actors` does, or groups of the personae by name or identifier, and the
   * settings that differ for them, merged over this model (records by IRI key by key).
   */
  personae?: Array<{ actors: string[]; model: Omit<SimulationModel, 'personae' | 'actors'> }>;
}

/** How one person learns. Every field is optional; without any, nothing changes. */
export interface LearnerModel {
  /** 0–1: scaled scores fall within 0.15 of it, and a success drawn is as likely as it. */
  ability?: number;
  /** Multiplies the time between statements and between registrations (2: half as fast). */
  pace?: number;
  /** Probability of taking no more registrations after each one. */
  dropout?: number;
  /** Whole hours (UTC) registrations start in, `from` < `to` (default any hour). */
  hours?: { from: number; to: number };
}

export interface ExtensionRange {
  min?: number;
  max?: number;
  values?: JsonValue[];
}

export interface SimulationParameters {
  /** Any number or text; the same seed gives the same statements, byte for byte. */
  seed?: number | string;
  /** Most statements in all (default 1,000). */
  max?: number;
  /** First instant (ISO 8601; default 2025-01-01T00:00:00Z). */
  start?: string;
  /** No statement after this instant (ISO 8601; default none). */
  end?: string;
  /** Registrations per actor (default: as many as `max` and `end` allow). */
  registrations?: number;
}

export interface SimulationOptions {
  personae?: Personae;
  model?: SimulationModel;
  parameters?: SimulationParameters;
  /**
   * JSON Schemas by IRI, for extensions whose `schema` is an IRI (the library reads nothing from
   * the network). Without one, such an extension is written only where no rule requires it.
   */
  schemas?: Record<Iri, JsonValue>;
  /**
   * Check every statement against its template and every registration against the primary
   * patterns before yielding (default true). Turn off only to measure generation alone.
   */
  selfCheck?: boolean;
}

export type SimulationProblemKind =
  /** The profile cannot be simulated at all (no version, no primary pattern). */
  | 'profile'
  /**
   * A template's statement cannot be built: a rule, an extension's schema that gives no value for
   * a rule that requires it, or another template whose determining properties it also meets.
   */
  | 'template'
  /** A primary pattern has no path that can be generated and that the patterns' matching accepts. */
  | 'pattern'
  /** The model or parameters cannot be used. */
  | 'parameters';

/** Why something cannot be simulated, found before any statement is generated. */
export interface SimulationProblem {
  kind: SimulationProblemKind;
  /** The profile, template, pattern or extension concerned. */
  id: Iri;
  /** For a rule: its index in the template's rules (0-based) and its location. */
  ruleIndex?: number;
  location?: string;
  reason: string;
}

/** A generated statement. */
export type SimulatedStatement = JsonObject;
