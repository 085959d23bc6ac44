import { pointer } from '../findings.js';
import { isObject } from '../json.js';
import { isIri, isTimestamp } from '../values.js';
import type { ValidationContext } from './context.js';

/** L1: identifiers are unique across the profile, its versions and everything it defines. */
export function checkUniqueIds(ctx: ValidationContext): void {
  const seen = new Map<string, string>();
  const note = (id: unknown, path: string) => {
    if (typeof id !== 'string' || id === '') return;
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, path);
      return;
    }
    ctx.error(
      'L1',
      path,
      `The id "${id}" is already used at ${first || '/'}; every profile, version, concept, template and pattern needs its own IRI.`,
    );
  };
  note(ctx.doc.id, '/id');
  const versions = Array.isArray(ctx.doc.versions) ? ctx.doc.versions : [];
  versions.forEach((v, i) => {
    if (isObject(v)) note(v.id, pointer('', 'versions', i, 'id'));
  });
  for (const e of [...ctx.concepts, ...ctx.templates, ...ctx.patterns])
    note(e.value.id, pointer(e.path, 'id'));
}

/** L2: every object belongs to one of this document's versions. */
export function checkInScheme(ctx: ValidationContext): void {
  if (ctx.versionIds.size === 0) return;
  const current = currentVersion(ctx);
  const advice = current
    ? `use the version being described ("${current}")`
    : 'give the profile a version with an IRI id and use that';
  for (const e of [...ctx.concepts, ...ctx.templates, ...ctx.patterns]) {
    const inScheme = e.value.inScheme;
    // Patterns without inScheme are rule K3's concern; the spec's table leaves it optional.
    if (inScheme === undefined && e.kind !== 'pattern') {
      ctx.error(
        'L2',
        e.path,
        `This ${e.kind} names no version in "inScheme", so it belongs to no version of the profile; ${advice}.`,
      );
      continue;
    }
    if (typeof inScheme !== 'string' || inScheme === '' || ctx.versionIds.has(inScheme)) continue;
    ctx.error(
      'L2',
      pointer(e.path, 'inScheme'),
      `"inScheme" is "${inScheme}", which is not one of this profile's version ids; ${advice}.`,
    );
  }
}

/** The newest version with an IRI id (by generatedAtTime), for advice in messages. */
function currentVersion(ctx: ValidationContext): string | undefined {
  let best: { id: string; time: number } | undefined;
  for (const v of Array.isArray(ctx.doc.versions) ? ctx.doc.versions : []) {
    if (!isObject(v) || !isIri(v.id)) continue;
    const time = isTimestamp(v.generatedAtTime) ? Date.parse(v.generatedAtTime) : -Infinity;
    if (!best || time > best.time) best = { id: v.id, time };
  }
  return best?.id;
}
