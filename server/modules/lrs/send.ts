import type { TargetCheck } from '../outbound/address-guard';
import { postOutbound, type OutboundAnswer, type OutboundPost } from '../outbound/post';

/** A statement as sent: any JSON object (the LRS judges it). */
type Statement = Record<string, unknown>;

/** Where statements go: an xAPI endpoint and the Basic credentials it was given for this run. */
export interface LrsTarget {
  /** The xAPI endpoint, e.g. `https://lrs.example.org/xapi/`; statements go to `{endpoint}/statements`. */
  endpoint: string;
  username: string;
  password: string;
}

export interface SendOptions {
  /** Statements per POST. */
  batchSize?: number;
  /** Tries after the first for one batch answered 429, 5xx or nothing. */
  retries?: number;
  /** The first wait before a retry; each next one doubles, unless the LRS says `Retry-After`. */
  backoffMs?: number;
  /** The longest wait before one retry, whatever `Retry-After` asks. */
  maxWaitMs?: number;
  /** One POST gives up after this long. */
  timeoutMs?: number;
  /** Sent as `X-Experience-API-Version`. */
  xapiVersion?: string;
  /** The address guard, for a server posting on someone's behalf; left out by a command-line tool. */
  check?: TargetCheck;
  /** Told after each batch is answered, for a progress line. */
  onBatch?: (report: SendReport) => void;
  /** Why sending must stop now (the client went, a time limit), or null to go on. */
  stop?: () => string | null;
  /** Waits; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
  /** The single POST; replaced only to count or observe what is sent. */
  post?: (post: OutboundPost) => Promise<OutboundAnswer>;
}

/** What an LRS made of the statements sent to it. */
export interface SendReport {
  /** `{endpoint}/statements`, never with credentials. */
  statementsUrl: string;
  /** Statements in the batches the LRS accepted (2xx). */
  accepted: number;
  /** Statements posted at least once. */
  sent: number;
  /** Batches answered 2xx. */
  batches: number;
  /** POSTs repeated after a 429, a 5xx or no answer. */
  retries: number;
  /** Why sending stopped before the end, or null when every batch was accepted. */
  failure: {
    /** 1-based number of the batch that was not accepted. */
    batch: number;
    status: number | null;
    /** What the LRS said (its answer's start) or why nothing was answered. */
    message: string;
  } | null;
}

const DEFAULTS = {
  batchSize: 100,
  retries: 5,
  backoffMs: 500,
  maxWaitMs: 30_000,
  timeoutMs: 30_000,
  xapiVersion: '1.0.3',
};

/** How much of a refusing LRS's answer a report keeps. */
const MESSAGE_CHARS = 500;

/** Why an endpoint cannot be sent to, or null: an absolute http(s) URL without credentials in it. */
export function endpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The LRS endpoint must be an absolute http:// or https:// URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'The LRS endpoint must be an http:// or https:// URL.';
  if (url.username || url.password)
    return 'The LRS endpoint must not carry a user name or password: give them as the credentials.';
  if (url.search || url.hash)
    return 'The LRS endpoint must not carry a query or a fragment: statements are posted to {endpoint}/statements.';
  return null;
}

/** `{endpoint}/statements`, with exactly one slash between. */
export const statementsUrlOf = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/statements`;

/** Milliseconds a `Retry-After` value asks for (seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const retryable = (answer: OutboundAnswer) =>
  answer.statusCode === null
    ? !answer.refused
    : answer.statusCode === 429 || answer.statusCode >= 500;

/**
 * Posts statements to an LRS's Statements resource (xAPI 1.0.3 / IEEE 9274.1.1 part 2, POST
 * /statements with an array), a batch at a time, in order: a batch answered 429, 5xx or nothing
 * is tried again after a back-off (the LRS's `Retry-After` when it gives one); any other refusal
 * stops the run, and the report says which batch and what the LRS answered. The credentials go in
 * the `Authorization` header of each POST and nowhere else: not in the report, not in an error.
 */
export async function sendStatements(
  statements: Iterable<Statement> | AsyncIterable<Statement>,
  target: LrsTarget,
  options: SendOptions = {},
): Promise<SendReport> {
  const settings = { ...DEFAULTS, ...options };
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const post = options.post ?? postOutbound;
  const statementsUrl = statementsUrlOf(target.endpoint);
  const report: SendReport = {
    statementsUrl,
    accepted: 0,
    sent: 0,
    batches: 0,
    retries: 0,
    failure: null,
  };
  const headers = {
    'content-type': 'application/json',
    'x-experience-api-version': settings.xapiVersion,
    authorization: `Basic ${Buffer.from(`${target.username}:${target.password}`, 'utf8').toString('base64')}`,
    'user-agent': 'xAPI-Profile-Server-Simulator',
  };

  const sendBatch = async (batch: Statement[]): Promise<boolean> => {
    const body = JSON.stringify(batch);
    for (let attempt = 0; ; attempt++) {
      const stopped = options.stop?.() ?? null;
      if (stopped !== null) {
        report.failure = { batch: report.batches + 1, status: null, message: stopped };
        return false;
      }
      if (attempt === 0) report.sent += batch.length;
      const answer = await post({
        url: statementsUrl,
        headers,
        body,
        timeoutMs: settings.timeoutMs,
        keepAnswerChars: MESSAGE_CHARS,
        ...(settings.check ? { check: settings.check } : {}),
      });
      const status = answer.statusCode;
      if (status !== null && status >= 200 && status < 300) {
        report.accepted += batch.length;
        report.batches += 1;
        return true;
      }
      if (!retryable(answer) || attempt >= settings.retries) {
        report.failure = {
          batch: report.batches + 1,
          status,
          message:
            status === null
              ? (answer.error ?? 'No answer.')
              : answer.excerpt.trim() || `The LRS answered ${status}.`,
        };
        return false;
      }
      report.retries += 1;
      const asked = retryAfterMs(answer.retryAfter);
      await sleep(Math.min(asked ?? settings.backoffMs * 2 ** attempt, settings.maxWaitMs));
    }
  };

  let batch: Statement[] = [];
  for await (const statement of statements) {
    batch.push(statement);
    if (batch.length < settings.batchSize) continue;
    const ok = await sendBatch(batch);
    options.onBatch?.(report);
    if (!ok) return report;
    batch = [];
  }
  if (batch.length > 0) {
    await sendBatch(batch);
    options.onBatch?.(report);
  }
  return report;
}
