import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { IMPORT_MAX_STATEMENTS_DEFAULT } from '../common/harvest';

const secret = z.string().min(32, 'must be at least 32 characters');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be between 1 and 65535')
  .max(65535, 'must be between 1 and 65535');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, in one place. `.env.example` documents each. */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z
    .url({ error: 'must be an absolute URL such as https://profiles.example.org' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('xAPI Profile Server <no-reply@localhost>'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  /** Turns on `/metrics` (Prometheus), answered only with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: secret.optional(),
  SPA_DIR: z.string().min(1).default('dist/web'),
  SESSION_SECRET: secret.optional(),
  SALT_SECRET: secret.optional(),
  ALTCHA_HMAC_KEY: secret.optional(),
  ALTCHA_COST: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(5000),
  API_RATE_LIMIT_PER_KEY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(1200),
  API_RATE_LIMIT_PER_ADDRESS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(600),
  LOCK_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(5, 'must be at least 5')
    .max(86_400, 'must be at most 86400')
    .default(600),
  IMPORT_MAX_STATEMENTS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(IMPORT_MAX_STATEMENTS_DEFAULT),
  JOB_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.5, 'must be at least 0.5')
    .max(60, 'must be at most 60')
    .default(2),
  NOTIFICATION_BATCH_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600')
    .default(60),
  NOTIFICATION_DIGEST_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .max(604_800, 'must be at most 604800')
    .default(86_400),
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .max(60_000, 'must be at most 60000')
    .default(500),
  LOAD_SHED_MIN_IN_FLIGHT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (a delay refuses even a lone client) or more')
    .max(10_000, 'must be at most 10000')
    .default(8),
  LOAD_SHED_HEAP_PERCENT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .max(100, 'must be at most 100')
    .default(90),
  COUNTER_FLUSH_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.5, 'must be at least 0.5')
    .max(300, 'must be at most 300')
    .default(5),
  SNAPSHOT_CACHE_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(65_536, 'must be at most 65536')
    .default(64),
  SPARQL_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.05, 'must be at least 0.05')
    .max(600, 'must be at most 600')
    .default(10),
  SPARQL_WORKERS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(2),
  SPARQL_MAX_RESULT_MB: z.coerce
    .number({ error: 'must be a number' })
    .min(0.001, 'must be at least 0.001')
    .max(1024, 'must be at most 1024')
    .default(16),
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1024, 'must be at most 1024')
    .default(16),
  // Off until the thread's idle memory is within the embedded database's budget
  // (docs/decisions/the-embedded-database-in-a-thread-of-its-own.md).
  PGLITE_IN_THREAD: booleanFlag.default(true),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ORGANIZATION_NAME: z.string().min(1).default('xAPI Profile Server'),
  SUPPORT_PHONE: optionalText,
  HELPDESK_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  DEMO_CONTENT: booleanFlag.optional(),
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(64, 'must be at most 64')
    .optional(),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  LRS_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  SPARQL_FILL_AT_START: booleanFlag.default(false),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(
      /^\s*\d+(\.\d+)?(ms|s|m|h)\s*(,\s*\d+(\.\d+)?(ms|s|m|h)\s*){0,9}$/,
      'must be up to 10 comma-separated delays such as 1m,5m,30m,2h,12h (units ms, s, m, h)',
    )
    .default('1m,5m,30m,2h,12h'),
  PROFILE_ROOT_IRI: z
    .url({ error: 'must be an absolute IRI such as https://w3id.org/xapi' })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

const SECRET_NAMES = ['SESSION_SECRET', 'SALT_SECRET', 'ALTCHA_HMAC_KEY'] as const;
type SecretName = (typeof SECRET_NAMES)[number];
export type Secrets = Record<SecretName, string>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Server processes sharing the port: one per core on PostgreSQL, one on PGlite. */
  webConcurrency: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  spaDir: string;
  secrets: Secrets;
  /** PBKDF2 rounds per captcha guess: the browser's work is about 256 times this. */
  captchaCost: number;
  /** Public API requests per minute, per key and per client address, counted on each node. */
  apiRateLimit: { perKey: number; perAddress: number };
  /** How long a write lock lasts without renewal. */
  lockTimeoutSeconds: number;
  /** Statements one file of the Import Queue may hold; a larger file is refused whole. */
  importMaxStatements: number;
  /** How often an idle job worker looks for new jobs (mails, outbox events). */
  jobPollSeconds: number;
  /** How often each node writes the views, exports and API use it counted in memory. */
  counterFlushSeconds: number;
  /** How long notifications wait to be mailed together, immediate and as a digest. */
  notifications: { batchSeconds: number; digestSeconds: number };
  /**
   * When new requests are refused with 503 rather than queued: the loop's delay past
   * `eventLoopDelayMs` (0: off) while more than `minInFlight` requests are in progress, or the
   * heap past `heapPercent` (0: off).
   */
  loadShedding: { eventLoopDelayMs: number; minInFlight: number; heapPercent: number };
  /** Memory each node gives to published documents (and their Turtle) kept ready to serve. */
  snapshotCacheBytes: number;
  /**
   * SPARQL queries: how long one may run, and how large its answer may be; whether the store is
   * filled when the server starts or by the first query; how many worker threads hold it.
   */
  sparql: { timeoutMs: number; maxResultBytes: number; fillAtStart: boolean; workers: number };
  /** The embedded database's cache of table pages, in MB (unused on PostgreSQL). */
  pgliteSharedBuffersMb: number;
  pgliteInThread: boolean;
  admin: { email: string | undefined; password: string | undefined };
  site: { organizationName: string; supportPhone: string | null; helpdeskUrl: string | null };
  /** A new installation gets a demo working group with profiles (not in production by default). */
  demoContent: boolean;
  /** Generated profile IRIs are this plus a new UUID. */
  profileRootIri: string;
  /** Session cookies carry `Secure` only when the site is served over HTTPS. */
  secureCookies: boolean;
  /** Lets statements be sent to an LRS at a loopback, private or link-local address (local development). */
  lrsAllowPrivateTargets: boolean;
  /** The bearer token `/metrics` asks for; without one the endpoint does not exist. */
  metricsToken: string | undefined;
  webhooks: {
    /** Lets hooks post to loopback, private and link-local addresses (local development). */
    allowPrivateTargets: boolean;
    /** Waits before each retry of a failed delivery, in milliseconds; then it is failed. */
    retryDelaysMs: number[];
  };
}

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** `1m,5m,30m` → milliseconds. */
export function parseDelays(text: string): number[] {
  return text.split(',').map((part) => {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(part.trim());
    if (!match) throw new ConfigError(`Invalid delay ${JSON.stringify(part)}.`);
    return Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
  });
}

export class ConfigError extends Error {}

/** Turns the first zod issue into the one line a person reads when start-up refuses. */
function describeIssue(error: z.ZodError, source: Record<string, string | undefined>): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid configuration.';
  const name = String(issue.path[0] ?? 'environment');
  const given = source[name];
  const shown = given === undefined ? '' : ` (got ${JSON.stringify(given.slice(0, 60))})`;
  return `Invalid configuration: ${name} ${issue.message}${shown}.`;
}

/** Development keeps generated secrets in the data folder so sessions survive a restart. */
function loadOrCreateDevSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (SECRET_NAMES.every((n) => typeof stored[n] === 'string' && stored[n].length >= 32)) {
      return stored as Secrets;
    }
  }
  const created = Object.fromEntries(
    SECRET_NAMES.map((n) => [n, randomBytes(32).toString('base64url')]),
  ) as Secrets;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(created, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return created;
}

/**
 * Reads and checks the environment. Throws ConfigError with one readable line naming the
 * variable; production refuses to run on generated secrets.
 */
/**
 * One process per core on PostgreSQL unless told otherwise. The embedded database lives in one
 * process's memory, so PGlite serves from one process whatever is asked.
 */
function webConcurrencyOf(asked: number | undefined, databaseUrl: string | undefined): number {
  if (!databaseUrl) {
    if (asked !== undefined && asked > 1)
      throw new ConfigError(
        'Invalid configuration: WEB_CONCURRENCY must be 1 (or unset) on the embedded database, which one process holds; set DATABASE_URL to run a process per core on PostgreSQL.',
      );
    return 1;
  }
  return asked ?? availableParallelism();
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(describeIssue(parsed.error, source));
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);

  let secrets: Secrets;
  const given = SECRET_NAMES.filter((n) => env[n] !== undefined);
  if (given.length === SECRET_NAMES.length) {
    secrets = Object.fromEntries(SECRET_NAMES.map((n) => [n, env[n] as string])) as Secrets;
  } else if (env.NODE_ENV === 'production') {
    const missing = SECRET_NAMES.filter((n) => env[n] === undefined);
    throw new ConfigError(
      `Invalid configuration: ${missing.join(', ')} must be set in production (at least 32 random characters each, e.g. \`openssl rand -base64 32\`).`,
    );
  } else {
    const generated = loadOrCreateDevSecrets(dataDir);
    secrets = Object.fromEntries(SECRET_NAMES.map((n) => [n, env[n] ?? generated[n]])) as Secrets;
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    webConcurrency: webConcurrencyOf(env.WEB_CONCURRENCY, env.DATABASE_URL),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    spaDir: path.resolve(env.SPA_DIR),
    secrets,
    captchaCost: env.ALTCHA_COST,
    lockTimeoutSeconds: env.LOCK_TIMEOUT_SECONDS,
    importMaxStatements: env.IMPORT_MAX_STATEMENTS,
    jobPollSeconds: env.JOB_POLL_SECONDS,
    counterFlushSeconds: env.COUNTER_FLUSH_SECONDS,
    notifications: {
      batchSeconds: env.NOTIFICATION_BATCH_SECONDS,
      digestSeconds: env.NOTIFICATION_DIGEST_SECONDS,
    },
    loadShedding: {
      eventLoopDelayMs: env.LOAD_SHED_EVENT_LOOP_DELAY_MS,
      minInFlight: env.LOAD_SHED_MIN_IN_FLIGHT,
      heapPercent: env.LOAD_SHED_HEAP_PERCENT,
    },
    snapshotCacheBytes: env.SNAPSHOT_CACHE_MB * 1024 * 1024,
    sparql: {
      timeoutMs: Math.round(env.SPARQL_TIMEOUT_SECONDS * 1000),
      maxResultBytes: Math.round(env.SPARQL_MAX_RESULT_MB * 1024 * 1024),
      fillAtStart: env.SPARQL_FILL_AT_START,
      workers: env.SPARQL_WORKERS,
    },
    apiRateLimit: {
      perKey: env.API_RATE_LIMIT_PER_KEY,
      perAddress: env.API_RATE_LIMIT_PER_ADDRESS,
    },
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    pgliteInThread: env.PGLITE_IN_THREAD,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    site: {
      organizationName: env.ORGANIZATION_NAME,
      supportPhone: env.SUPPORT_PHONE ?? null,
      helpdeskUrl: env.HELPDESK_URL ?? null,
    },
    demoContent: env.DEMO_CONTENT ?? env.NODE_ENV !== 'production',
    profileRootIri: (env.PROFILE_ROOT_IRI ?? `${publicUrl}/iri`).replace(/\/+$/, ''),
    secureCookies: publicUrl.startsWith('https://'),
    lrsAllowPrivateTargets: env.LRS_ALLOW_PRIVATE_TARGETS,
    metricsToken: env.METRICS_TOKEN,
    webhooks: {
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      retryDelaysMs: parseDelays(env.WEBHOOK_RETRY_SCHEDULE),
    },
  };
}
