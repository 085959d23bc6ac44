/**
 * Extension values by what they mean. An extension's JSON Schema says what a value may be; its
 * name says what it is: a session id is drawn once per registration and kept, a media length is
 * one length for the registration, a progress only grows, a volume lies between 0 and 1, a time in
 * the media never passes its length. A schema that constrains the value (`enum`, `const`,
 * `pattern`, `format`, bounds) is followed first; the meaning fills in what it leaves open.
 */
import type { JsonObject, JsonValue } from '../json.js';
import { isObject, jsonEqual } from '../json.js';
import type { Random } from './random.js';

/** How a value behaves within one registration. */
export type Behaviour =
  /** Drawn once per registration and kept (ids, lengths, thresholds, devices, launch data). */
  | 'session'
  /** Drawn again for every statement. */
  | 'statement';

/** What a simulation knows of an extension before it draws any value. */
export interface ExtensionMeaning {
  behaviour: Behaviour;
  /** Makes a value; undefined leaves the choice to the schema's pool. */
  make?: (state: MediaState, random: Random) => JsonValue;
}

/**
 * What the values of one registration share: where the learner is in the media and how far
 * they have got, and how many pages of the text they have read. Times are seconds.
 */
export class MediaState {
  /** The media's length, drawn once. */
  readonly length: number;
  /** Where the learner is now, never past `length`. */
  position = 0;
  /** Where the previous segment began. */
  from = 0;
  /** Percent of the media seen: only grows. */
  progress = 0;
  /** Segments played so far, "start[.]end" each. */
  readonly segments: string[] = [];
  private movedAt = -1;

  /** The text's pages, read from the registration's activity or drawn, once. */
  private pages: number | undefined;
  private pagesSoFar = 0;
  private sittingOf = -1;
  private sitting = 0;

  /** `textPages` reads the page count the registration's activity gives, when it gives one. */
  constructor(
    random: Random,
    private readonly textPages?: () => number | undefined,
  ) {
    this.length = round2(random.int(60, 1800) + random.next());
  }

  /**
   * The pages read in this statement's sitting: never more than the text has left, so a
   * registration's sittings add up to at most the whole text, and none once it is finished.
   */
  readPages(random: Random): number {
    if (this.sittingOf === this.movedAt) return this.sitting;
    this.sittingOf = this.movedAt;
    this.pages ??= this.textPages?.() ?? random.int(20, 400);
    const left = Math.max(0, this.pages - this.pagesSoFar);
    const most = Math.max(1, Math.ceil(this.pages / 6));
    this.sitting = left === 0 ? 0 : Math.min(left, random.int(1, most));
    this.pagesSoFar += this.sitting;
    return this.sitting;
  }

  /** Moves the play head forward once per statement, so every value of a statement agrees. */
  advance(statement: number, random: Random): void {
    if (this.movedAt === statement) return;
    this.movedAt = statement;
    if (statement === 0) return;
    this.from = this.position;
    this.position = Math.min(
      this.length,
      round2(this.position + random.int(0, 90) + random.next()),
    );
    if (this.position > this.from) this.segments.push(`${this.from}[.]${this.position}`);
    this.progress = Math.min(
      100,
      Math.max(this.progress, Math.round((this.position / this.length) * 100)),
    );
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether an extension's name says it holds how many pages a text has. */
export function isPageCount(name: string): boolean {
  return /page.?count|pages.?total|number.?of.?pages|^pages$/.test(name.toLowerCase());
}

/** Words that read as learning content, for strings a profile says nothing more about. */
export const WORDS = [
  'fractions',
  'photosynthesis',
  'safety briefing',
  'customer onboarding',
  'chapter review',
  'lab procedure',
  'warm-up',
  'case study',
  'quarterly update',
  'first aid',
  'negotiation basics',
  'data privacy',
  'welding fundamentals',
  'pronunciation drill',
  'team retrospective',
  'algebra practice',
] as const;

const SENTENCES = [
  'I understood the main idea and want to revisit the examples.',
  'The second part was harder than the first.',
  'Clear explanation; the diagram helped most.',
  'I would like more practice questions on this topic.',
  'It connected well with what we did last week.',
  'I was unsure about the last step but got there.',
  'Useful, though a little long.',
  'The summary at the end was the most helpful part.',
] as const;

/** A plausible short text for a string place, never a placeholder. */
export function words(random: Random): string {
  return random.pick(WORDS);
}

/** A plausible free-text answer (a reflection, a response). */
export function sentence(random: Random): string {
  return random.pick(SENTENCES);
}

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
];
const SCREENS = ['1920x1080', '1366x768', '2560x1440', '390x844', '1280x800'];
const PLAYBACK = ['1280x720', '854x480', '1920x1080', '640x360'];
const LANGUAGES = ['en-US', 'en-GB', 'fr-FR', 'es-ES', 'de-DE'];
const SPEEDS = ['0.75x', '1x', '1x', '1x', '1.25x', '1.5x', '2x'];

/** What the extension's name says it holds, for a schema that leaves the value open. */
export function meaningOf(name: string, schema: JsonValue | undefined): ExtensionMeaning {
  const n = name.toLowerCase();
  const type = schemaType(schema);
  const session = (make?: ExtensionMeaning['make']): ExtensionMeaning =>
    make ? { behaviour: 'session', make } : { behaviour: 'session' };
  const each = (make: ExtensionMeaning['make']): ExtensionMeaning => ({
    behaviour: 'statement',
    make,
  });
  const number = type === 'number' || type === 'integer';
  if (/session.?id|attempt.?id|registration/.test(n)) {
    return session(type === 'integer' ? (_s, r) => r.int(1, 999_999) : (_s, r) => r.uuid());
  }
  if (/user.?agent/.test(n)) return session((_s, r) => r.pick(USER_AGENTS));
  if (/screen.?size|resolution/.test(n)) return session((_s, r) => r.pick(SCREENS));
  if (/playback.?size/.test(n)) return session((_s, r) => r.pick(PLAYBACK));
  if (/lang/.test(n)) return session((_s, r) => r.pick(LANGUAGES));
  if (/launch|moveon|mastery|threshold|frame.?rate|track|quality/.test(n)) {
    if (/threshold|mastery/.test(n) && number) return session((_s, r) => r.int(50, 100) / 100);
    if (/frame.?rate/.test(n) && number) return session((_s, r) => r.pick([24, 25, 30, 60]));
    if (/quality/.test(n) && number) return session((_s, r) => r.pick([360, 480, 720, 1080]));
    if (/track/.test(n) && type === 'string') return session((_s, r) => r.pick(LANGUAGES));
    if (/launch.?(url|uri)/.test(n)) return { behaviour: 'session' };
    return session(type === 'string' ? (_s, r) => words(r) : undefined);
  }
  if (number && /pages?.?read|read.?pages/.test(n)) return each((s, r) => s.readPages(r));
  if (number && /^length$|media.?length|duration/.test(n)) return session((s) => s.length);
  if (number && /progress/.test(n)) {
    const max = maximumOf(schema);
    return each((s) => (max !== undefined && max <= 1 ? s.progress / 100 : s.progress));
  }
  if (number && /volume/.test(n)) return each((_s, r) => r.int(0, 100) / 100);
  if (number && /time.?from/.test(n)) return each((s) => s.from);
  if (number && (/time.?to/.test(n) || /^time$|position|current.?time/.test(n))) {
    return each((s) => s.position);
  }
  if (type === 'string' && /segments/.test(n)) {
    return each((s) => (s.segments.length > 0 ? s.segments.join('[,]') : '0[.]0'));
  }
  if (type === 'string' && /speed|rate/.test(n)) return each((_s, r) => r.pick(SPEEDS));
  if (number && /speed|rate/.test(n)) return each((_s, r) => r.pick([0.75, 1, 1, 1.25, 1.5, 2]));
  if (type === 'string' && /reason|comment|reflection|note|feedback/.test(n)) {
    return each((_s, r) => sentence(r));
  }
  if (number) {
    const min = minimumOf(schema) ?? 0;
    const max = maximumOf(schema) ?? Math.max(min, 100);
    const whole = type === 'integer';
    return each((_s, r) =>
      whole ? r.int(Math.ceil(min), Math.floor(max)) : round2(min + r.next() * (max - min)),
    );
  }
  if (type === 'string') return each((_s, r) => words(r));
  return { behaviour: 'statement' };
}

function schemaType(schema: JsonValue | undefined): string | undefined {
  if (!isObject(schema)) return undefined;
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t) && t.length === 1 && typeof t[0] === 'string') return t[0];
  return undefined;
}

function minimumOf(schema: JsonValue | undefined): number | undefined {
  if (!isObject(schema)) return undefined;
  const m = schema.minimum ?? schema.exclusiveMinimum;
  return typeof m === 'number' ? m : undefined;
}

function maximumOf(schema: JsonValue | undefined): number | undefined {
  if (!isObject(schema)) return undefined;
  const m = schema.maximum ?? schema.exclusiveMaximum;
  return typeof m === 'number' ? m : undefined;
}

/**
 * Whether a value made by meaning is one the schema allows, read for the keywords extension
 * schemas use (type, enum, const, pattern, bounds, multipleOf, lengths); anything else (a format,
 * a combination, an object) is left to the schema's own pool, which json-schema-faker made.
 */
export function fitter(schema: JsonValue | undefined): (value: JsonValue) => boolean {
  if (schema === undefined) return () => true;
  // Read once here, not for every value drawn (a few percent of a simulation's time).
  if (!isObject(schema) || UNREAD_KEYWORDS.some((key) => key in schema)) return () => false;
  let pattern: RegExp | undefined | null;
  if (typeof schema.pattern === 'string') {
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = null;
    }
  }
  return (value) => fits(value, schema, pattern);
}

/** Keywords `fits` does not read: a schema with any of them is left to its pool. */
const UNREAD_KEYWORDS = ['format', 'oneOf', 'anyOf', 'allOf', 'not', '$ref', 'if'];

function fits(value: JsonValue, schema: JsonObject, pattern: RegExp | undefined | null): boolean {
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => jsonEqual(v, value))) return false;
  if ('const' in schema && !jsonEqual(schema.const, value)) return false;
  const type = schemaType(schema);
  if (typeof value === 'number') {
    if (
      type !== undefined &&
      type !== 'number' &&
      !(type === 'integer' && Number.isInteger(value))
    ) {
      return false;
    }
    const min = minimumOf(schema);
    const max = maximumOf(schema);
    if (min !== undefined && value < min) return false;
    if (max !== undefined && value > max) return false;
    const step = schema.multipleOf;
    if (
      typeof step === 'number' &&
      step > 0 &&
      Math.abs(value / step - Math.round(value / step)) > 1e-9
    ) {
      return false;
    }
    return true;
  }
  if (typeof value === 'string') {
    if (type !== undefined && type !== 'string') return false;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (pattern === null) return false;
    if (pattern !== undefined && !pattern.test(value)) return false;
    return true;
  }
  return false;
}

export type { JsonObject };
