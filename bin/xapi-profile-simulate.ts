/**
 * `xapi-profile simulate`: statements generated from a profile's primary patterns, one JSON
 * statement a line (NDJSON) on stdout, each checked against its template and every registration
 * against the patterns before it is written.
 */
import type { Profile } from '../xapi/index.js';
import { parse } from '../xapi/index.js';
import type {
  Personae,
  SimulationModel,
  SimulationParameters,
  SimulationProblem,
} from '../xapi/simulate/index.js';
import {
  SimulationBugError,
  generate,
  isDatasimModel,
  modelFromDatasim,
  prepareSimulation,
} from '../xapi/simulate/index.js';
import { endpointProblem, sendStatements } from '../server/modules/lrs/send.js';
import { LineWriter, textSink, type BlockSink } from './line-writer.js';

export interface SimulateOptions {
  profiles: string[];
  personae?: string;
  model?: string;
  parameters: SimulationParameters;
  strict: boolean;
  /** Skip the self-check (measuring generation alone; `--no-self-check`). */
  noSelfCheck?: boolean;
  /** Send to this xAPI endpoint instead of writing the statements out. */
  lrs?: string;
  batchSize?: number;
}

export interface SimulateIo {
  out: (text: string) => void;
  /** Where statements go as bytes, when the output takes them so (else through `out`). */
  outBytes?: BlockSink;
  /** The size of the blocks given to `outBytes` (`blockBytesFor` the output). */
  outBlockBytes?: number;
  err: (text: string) => void;
  read: (file: string) => Promise<string>;
  /** Resolves once stdout can take more (a slow reader holds generation back). */
  drain?: () => Promise<void>;
  /** Milliseconds, for the progress line. */
  now?: () => number;
  /** Where the LRS credentials are read from (`LRS_USERNAME`, `LRS_PASSWORD`). */
  env?: Record<string, string | undefined>;
}

export const simulateUsage = `Usage: xapi-profile simulate --profile PROFILE.jsonld [options]

Generates xAPI statements that follow the profile's primary patterns, one JSON statement a line
(NDJSON) on stdout. Every statement is checked against its template and every registration against
the primary patterns before it is written. The same options and seed give the same bytes.

Options:
  --profile FILE        the profile to simulate (required); repeat it to add profiles whose
                        templates and concepts the first one uses
  --personae FILE       the actors: a group {"name", "member": [{"name", "mbox"|"account"}]}, an
                        array of groups, or an array of actors (default: three example actors)
  --model FILE          weights, timings, time bounds, activities and learners (see
                        xapi/README.md, "Simulating statements"), or DATASIM's array of
                        models, mapped where it can be
  --seed N              any number or text (default 0)
  --max N               most statements in all (default 1000)
  --start ISO           first instant (default 2025-01-01T00:00:00Z)
  --end ISO             no statement after this instant (default: none)
  --registrations N     registrations per actor (default: as many as --max and --end allow)
  --strict              refuse (exit 1) when any template or pattern cannot be simulated, not
                        only when nothing can
  --lrs ENDPOINT        send the statements to this xAPI endpoint (POST ENDPOINT/statements, in
                        batches, retrying 429 and 5xx answers) instead of writing them; the
                        credentials come from the LRS_USERNAME and LRS_PASSWORD environment
                        variables, never from the command line; a JSON report of what the LRS
                        accepted is written on stdout
  --batch-size N        statements per POST to the LRS (default 100)
  --no-self-check       skip checking each statement and registration before writing it, to
                        measure generation alone (npm run bench:simulate); never for real use
  -h, --help            show this help

What cannot be simulated (a rule no statement can follow, a pattern the specification's matching
never accepts, an extension schema with no value) is listed on stderr before anything is written.
A progress line goes to stderr every few seconds on long runs.
Exit status: 0 statements written (or all accepted by the LRS), 1 the profile cannot be simulated,
2 unreadable input or wrong usage, 3 a generated statement failed its own check (a bug in the
simulator: please report it), 4 the LRS did not accept every statement (the report says which
batch and what it answered).`;

const numeric = ['--max', '--registrations', '--batch-size'] as const;

export function parseSimulateArgs(rest: string[]): SimulateOptions | string {
  const options: SimulateOptions = { profiles: [], parameters: {}, strict: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--strict') {
      options.strict = true;
      continue;
    }
    if (arg === '--no-self-check') {
      options.noSelfCheck = true;
      continue;
    }
    const takesValue = [
      '--profile',
      '--personae',
      '--model',
      '--seed',
      '--max',
      '--start',
      '--end',
      '--registrations',
      '--lrs',
      '--batch-size',
    ];
    if (!takesValue.includes(arg)) {
      return arg.startsWith('-') ? `Unknown option "${arg}".` : `Unexpected argument "${arg}".`;
    }
    const value = rest[++i];
    if (value === undefined) return `${arg} needs a value.`;
    if (arg === '--profile') options.profiles.push(value);
    else if (arg === '--personae') options.personae = value;
    else if (arg === '--model') options.model = value;
    else if (arg === '--lrs') {
      const problem = endpointProblem(value);
      if (problem) return problem;
      options.lrs = value;
    } else if (arg === '--seed') {
      options.parameters.seed = /^-?\d+$/.test(value) ? Number(value) : value;
    } else if ((numeric as readonly string[]).includes(arg)) {
      if (!/^\d+$/.test(value)) return `${arg} must be a whole number, not "${value}".`;
      if (arg === '--max') options.parameters.max = Number(value);
      else if (arg === '--batch-size') {
        if (Number(value) < 1) return '--batch-size must be at least 1.';
        options.batchSize = Number(value);
      } else options.parameters.registrations = Number(value);
    } else {
      if (isNaN(Date.parse(value))) return `${arg} must be an ISO 8601 instant, not "${value}".`;
      if (arg === '--start') options.parameters.start = value;
      else options.parameters.end = value;
    }
  }
  if (options.profiles.length === 0) return 'Give the profile with --profile FILE.';
  if (options.batchSize !== undefined && options.lrs === undefined)
    return '--batch-size goes with --lrs ENDPOINT.';
  return options;
}

async function readJson(io: SimulateIo, file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await io.read(file);
  } catch (e) {
    throw new InputError(
      `Cannot read ${what} ${file}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InputError(
      `${what} ${file} is not JSON (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
}

class InputError extends Error {}

function describeProblem(p: SimulationProblem): string {
  const rule = p.ruleIndex !== undefined ? ` rule ${p.ruleIndex + 1}` : '';
  const at = p.location !== undefined ? ` (${p.location})` : '';
  return `  ${p.kind} ${p.id || '(parameters)'}${rule}${at}: ${p.reason}`;
}

/** The clock is read for the progress line after this many statements. */
const PROGRESS_EVERY = 256;
const PROGRESS_MS = 2000;

export async function simulateCommand(options: SimulateOptions, io: SimulateIo): Promise<number> {
  const env = io.env ?? process.env;
  const username = env.LRS_USERNAME;
  const password = env.LRS_PASSWORD;
  if (options.lrs !== undefined && (!username || password === undefined)) {
    io.err(
      'Sending to an LRS needs its credentials in LRS_USERNAME and LRS_PASSWORD (never on the command line, where other users of the machine can read them).',
    );
    return 2;
  }
  const profiles: Profile[] = [];
  let personae: Personae | undefined;
  let model: SimulationModel | undefined;
  try {
    for (const file of options.profiles) {
      const parsed = parse(await readJson(io, file, 'profile'));
      if (parsed.model === undefined) throw new InputError(`profile ${file} is not a JSON object.`);
      profiles.push(parsed.model);
    }
    if (options.personae !== undefined) {
      const value = await readJson(io, options.personae, 'personae file');
      if (typeof value !== 'object' || value === null) {
        throw new InputError(
          `personae file ${options.personae} must hold a group, an array of groups or an array of actors.`,
        );
      }
      personae = value as Personae;
    }
    if (options.model !== undefined) {
      const value = await readJson(io, options.model, 'model file');
      if (isDatasimModel(value)) {
        // DATASIM's models, read as this simulator's; what has no equivalent is named.
        const converted = modelFromDatasim(value, profiles);
        if (converted.problem)
          throw new InputError(`model file ${options.model}: ${converted.problem}.`);
        if (converted.unused.length > 0)
          io.err(
            `Read ${options.model} as DATASIM models; not used here:\n${converted.unused.map((u) => `  ${u}`).join('\n')}`,
          );
        model = converted.model;
      } else if (typeof value !== 'object' || value === null) {
        throw new InputError(
          `model file ${options.model} must hold a JSON object, or DATASIM's array of models.`,
        );
      } else {
        model = value;
      }
    }
  } catch (e) {
    if (e instanceof InputError) {
      io.err(e.message);
      return 2;
    }
    throw e;
  }
  const prepared = prepareSimulation(profiles, {
    ...(personae !== undefined ? { personae } : {}),
    ...(model !== undefined ? { model } : {}),
    parameters: options.parameters,
    ...(options.noSelfCheck ? { selfCheck: false } : {}),
  });
  if (!prepared.ok || (options.strict && prepared.problems.length > 0)) {
    const parameterProblem = prepared.problems.some((p) => p.kind === 'parameters');
    io.err(
      `${options.profiles[0]} cannot be simulated${prepared.ok ? ' in full (--strict)' : ''}:\n${prepared.problems.map(describeProblem).join('\n')}`,
    );
    return parameterProblem ? 2 : 1;
  }
  if (prepared.problems.length > 0) {
    io.err(
      `Simulating what can be; left out of ${options.profiles[0]}:\n${prepared.problems.map(describeProblem).join('\n')}`,
    );
  }
  if (options.lrs !== undefined)
    return sendToLrs(
      prepared.plan,
      options.lrs,
      { username: username!, password: password! },
      options,
      io,
    );
  const now = io.now ?? (() => Date.now());
  const started = now();
  let lastProgress = started;
  let count = 0;
  const writer = new LineWriter(io.outBytes ?? textSink(io.out), io.outBlockBytes);
  try {
    for (const statement of generate(prepared.plan)) {
      // A slow reader holds generation back.
      if (writer.add(JSON.stringify(statement))) await io.drain?.();
      count++;
      if (count % PROGRESS_EVERY === 0) {
        const t = now();
        if (t - lastProgress >= PROGRESS_MS) {
          lastProgress = t;
          const rate = Math.round((count * 1000) / Math.max(1, t - started));
          io.err(`simulated ${count} statements (${rate} a second)`);
        }
      }
    }
  } catch (e) {
    writer.flush();
    if (e instanceof SimulationBugError) {
      io.err(e.message);
      return 3;
    }
    throw e;
  }
  writer.flush();
  if (now() - started >= PROGRESS_MS) io.err(`simulated ${count} statements in all`);
  return 0;
}

/** Sends the run to an LRS and writes its report: exit 0 when every statement was accepted. */
async function sendToLrs(
  plan: Parameters<typeof generate>[0],
  endpoint: string,
  credentials: { username: string; password: string },
  options: SimulateOptions,
  io: SimulateIo,
): Promise<number> {
  const now = io.now ?? (() => Date.now());
  let lastProgress = now();
  try {
    const report = await sendStatements(
      generate(plan),
      { endpoint, ...credentials },
      {
        ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
        onBatch: (progress) => {
          const t = now();
          if (t - lastProgress < PROGRESS_MS) return;
          lastProgress = t;
          io.err(`sent ${progress.sent} statements, ${progress.accepted} accepted`);
        },
      },
    );
    io.out(JSON.stringify(report, null, 2));
    if (report.failure === null) return 0;
    const { batch, status, message } = report.failure;
    io.err(
      `The LRS did not accept batch ${batch}${status === null ? '' : ` (HTTP ${status})`}: ${message}`,
    );
    return 4;
  } catch (e) {
    if (e instanceof SimulationBugError) {
      io.err(e.message);
      return 3;
    }
    throw e;
  }
}
