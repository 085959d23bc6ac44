import { z } from 'zod';

/**
 * Statements simulated from a profile version (`xapi/simulate`). The site's call:
 *
 * - `POST /app/profile/:profileId/version/:versionId/simulate` with {@link siteSimulateSchema}
 *   → {@link siteSimulationSchema}: a published version for anyone, a draft for the members of
 *   its group (anyone else gets 404, as for every read of a draft). A version of which nothing can
 *   be simulated is 400 `SIMULATION_IMPOSSIBLE` with {@link simulationProblemSchema} `problems`.
 *
 * `POST /api/simulate` runs the same command for a published version named by IRI, streaming
 * NDJSON; both are bounded by {@link SIMULATION_LIMITS}.
 */

/** What one call may ask for: enough to try a profile, bounded in count and in time. */
export const SIMULATION_LIMITS = {
  maxStatements: 10_000,
  defaultStatements: 1000,
  maxActors: 100,
  /** Work time of one call: no registration starts after it (those started finish). */
  maxMilliseconds: 10_000,
} as const;

export const simulationProblemSchema = z.object({
  kind: z.enum(['profile', 'template', 'pattern', 'parameters']),
  /** The profile, template, pattern or extension concerned. */
  id: z.string(),
  /** For a rule: its index in the template's rules (0-based). */
  ruleIndex: z.number().int().optional(),
  location: z.string().optional(),
  reason: z.string(),
});
export type SimulationProblemView = z.infer<typeof simulationProblemSchema>;

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

const probability = z.number().min(0, 'must be 0 or more').max(1, 'must be 1 or less');

/**
 * How the site's numbered actors learn (the library's learner model): abilities spread evenly
 * from the first actor's to the last's, and a pace, dropout and hours for all of them.
 */
export const siteLearnersSchema = z.strictObject({
  /** Scaled scores fall near the actor's ability, and successes are as likely as it. */
  ability: z
    .strictObject({ lowest: probability, highest: probability })
    .refine((a) => a.lowest <= a.highest, {
      message: 'the lowest ability must not be above the highest',
    })
    .optional(),
  /** Multiplies the time between statements and between registrations. */
  pace: z.number().min(0.01, 'must be 0.01 or more').max(100, 'must be 100 or less').optional(),
  /** Probability of taking no more registrations after each one. */
  dropout: probability.optional(),
  /** Whole hours (UTC) the registrations start in. */
  hours: z
    .strictObject({
      from: z.number().int().min(0).max(23),
      to: z.number().int().min(1).max(24),
    })
    .refine((h) => h.from < h.to, { message: 'the hours must begin before they end' })
    .optional(),
});
export type SiteLearners = z.infer<typeof siteLearnersSchema>;

export const siteSimulateSchema = z.object({
  /** Any text: the same seed and choices give the same statements, byte for byte. */
  seed: z.string().trim().min(1, 'must not be empty').max(200),
  /** How many actors (example agents) take part. */
  actors: z.number().int().min(1).max(SIMULATION_LIMITS.maxActors),
  /** Registrations per actor; without it, as many as `max` and `end` allow. */
  registrations: z.number().int().min(1).max(SIMULATION_LIMITS.maxStatements).optional(),
  /** Most statements in all. */
  max: z.number().int().min(1).max(SIMULATION_LIMITS.maxStatements).optional(),
  start: instant.optional(),
  end: instant.optional(),
  /** The primary patterns to follow (their IRIs); without it, every one. */
  patterns: z
    .array(z.string().min(1).max(2000))
    .min(1, 'choose at least one pattern')
    .max(500)
    .optional(),
  /** How the actors learn; without it, as the library draws by default. */
  learners: siteLearnersSchema.optional(),
  /**
   * More of the library's model, as JSON (`xapi/README.md`, "Simulating statements"): weights,
   * periods, bounds, activities, extension ranges, models for some actors (the site's actors are
   * `mailto:actor1@example.org` and on). The choices above are merged over it.
   */
  model: z.record(z.string(), z.unknown()).optional(),
});
export type SiteSimulateInput = z.infer<typeof siteSimulateSchema>;

/** Where a statement came from: beside it, never in it. */
export const statementOriginSchema = z.object({
  template: z.string(),
  pattern: z.string(),
});
export type StatementOrigin = z.infer<typeof statementOriginSchema>;

export const siteSimulationSchema = z.object({
  success: z.literal(true),
  statements: z.array(z.record(z.string(), z.unknown())),
  /** One per statement, in the same order. */
  origins: z.array(statementOriginSchema),
  /** What was left out (a template or pattern that cannot be simulated); the rest was. */
  problems: z.array(simulationProblemSchema),
  /** True when the time limit ended the run before `max` or the registrations asked for. */
  stopped: z.boolean(),
});
export type SiteSimulation = z.infer<typeof siteSimulationSchema>;

/** The body of a 400 `SIMULATION_IMPOSSIBLE`. */
export interface SimulationImpossibleBody {
  success: false;
  message: string;
  code: string;
  problems: SimulationProblemView[];
}

/** How long the site's call may spend sending to an LRS, retries and waits included. */
export const LRS_SEND_LIMIT_MS = 60_000;

/**
 * How many sends to an LRS one signed-in person may start in an hour: each may post up to
 * 10,000 statements for 60 s to an address the person chose, so the server is never a relay
 * anyone can drive at will.
 */
export const LRS_SENDS_PER_HOUR = 20;

/**
 * `POST /app/profile/:profileId/version/:versionId/simulate/send`: the same choices, simulated
 * again on the server (the same seed gives the same statements) and posted to an LRS's
 * Statements resource with the credentials given for this call, which are used and forgotten.
 */
export const siteSendSchema = siteSimulateSchema.extend({
  lrs: z.object({
    endpoint: z
      .string()
      .trim()
      .min(1, 'give the LRS endpoint, e.g. https://lrs.example.org/xapi/')
      .max(2000),
    username: z.string().min(1, 'give the LRS key or user name').max(500),
    password: z.string().max(500),
  }),
});
export type SiteSendInput = z.infer<typeof siteSendSchema>;

export const lrsSendReportSchema = z.object({
  /** `{endpoint}/statements`, never with credentials. */
  statementsUrl: z.string(),
  accepted: z.number().int(),
  sent: z.number().int(),
  batches: z.number().int(),
  retries: z.number().int(),
  failure: z
    .object({ batch: z.number().int(), status: z.number().int().nullable(), message: z.string() })
    .nullable(),
});

export const siteSendResultSchema = z.object({
  success: z.literal(true),
  /** Statements simulated for the LRS. */
  generated: z.number().int(),
  report: lrsSendReportSchema,
});
export type SiteSendResult = z.infer<typeof siteSendResultSchema>;
