import { badRequest } from '../errors';

type Json = Record<string, unknown>;

/** An item's identity and place: removing one would make it another item, or none. */
const KEPT = new Set(['id', 'type', 'inScheme', '@context']);
/** Deeper than any value of an item a finding names. */
const MAX_SEGMENTS = 32;

/** The segments of a JSON Pointer (RFC 6901): `/a~1b/0` → `['a/b', '0']`. */
function segmentsOf(pointer: string): string[] {
  if (!pointer.startsWith('/'))
    throw badRequest('The pointer must start with "/" and name a value inside the item.');
  const segments = pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments.length > MAX_SEGMENTS)
    throw badRequest(`The pointer names more than ${MAX_SEGMENTS} levels; no item is that deep.`);
  return segments;
}

const isContainer = (value: unknown): value is Json | unknown[] =>
  typeof value === 'object' && value !== null;

/**
 * The item's JSON without the value `pointer` names (a key of an object, or an entry of an
 * array): what a finding about a value no form manages is fixed with. Refuses a pointer to
 * nothing, and the item's `id`, `type`, `inScheme` and `@context`, which only Delete changes.
 */
export function withoutValue(content: Json, pointer: string): Json {
  const segments = segmentsOf(pointer);
  const [first = ''] = segments;
  if (KEPT.has(first))
    throw badRequest(`"${first}" is part of what the item is and cannot be removed on its own.`);
  const copy = structuredClone(content);
  let parent: unknown = copy;
  for (const segment of segments.slice(0, -1)) {
    parent = isContainer(parent) ? (parent as Record<string, unknown>)[segment] : undefined;
  }
  const last = segments[segments.length - 1] ?? '';
  const missing = () =>
    badRequest(`The item has no value at ${pointer}; it may have been removed.`);
  if (Array.isArray(parent)) {
    const index = /^(0|[1-9]\d*)$/.test(last) ? Number(last) : -1;
    if (index < 0 || index >= parent.length) throw missing();
    parent.splice(index, 1);
  } else if (isContainer(parent) && Object.hasOwn(parent, last)) {
    delete (parent as Record<string, unknown>)[last];
  } else {
    throw missing();
  }
  return copy;
}
