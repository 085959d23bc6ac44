import { pointer } from '../findings.js';
import type { JsonObject } from '../json.js';
import { isObject, jsonEqual } from '../json.js';
import { isIri, isTimestamp } from '../values.js';
import type { ValidationContext } from './context.js';

/**
 * L1: identifiers are unique across the profile, its versions and everything it defines. A
 * document that carries several versions of the profile may repeat an object, unchanged, once per
 * version (each naming its own listed version in `inScheme`): that is a warning, as such documents
 * are accepted with warnings (docs/xapi-validation-decisions.md §5). An object repeated with other
 * content, or within one version, is an error.
 */
export function checkUniqueIds(ctx: ValidationContext): void {
  const seen = new Map<string, { path: string; value?: JsonObject }>();
  const note = (id: unknown, path: string, value?: JsonObject) => {
    if (typeof id !== 'string' || id === '') return;
    const first = seen.get(id);
    if (first === undefined) {
      seen.set(id, value ? { path, value } : { path });
      return;
    }
    if (value && first.value && repeatedForAnotherVersion(ctx, first.value, value)) {
      ctx.warning(
        'L1',
        path,
        `The id "${id}" is already used at ${first.path}, unchanged, for version ${JSON.stringify(first.value.inScheme)}; a document that carries several versions may repeat it, but one document per version, each object once, is the usual form.`,
      );
      return;
    }
    ctx.error(
      'L1',
      path,
      `The id "${id}" is already used at ${first.path || '/'}; every profile, version, concept, template and pattern needs its own IRI.`,
    );
  };
  note(ctx.doc.id, '/id');
  const versions = Array.isArray(ctx.doc.versions) ? ctx.doc.versions : [];
  versions.forEach((v, i) => {
    if (isObject(v)) note(v.id, pointer('', 'versions', i, 'id'));
  });
  for (const e of [...ctx.concepts, ...ctx.templates, ...ctx.patterns])
    note(e.value.id, pointer(e.path, 'id'), e.value);
  // A version IRI names one document: another one given beside this, claiming the same profile
  // and versions with other content, makes the IRIs name two things.
  for (const other of ctx.sameVersionsOtherContent) {
    const ids = [...ctx.versionIds].map((v) => `"${v}"`).join(', ');
    ctx.error(
      'L1',
      '/versions',
      `Another known document claims this profile (${JSON.stringify(other.id)}) and its version${ctx.versionIds.size === 1 ? '' : 's'} ${ids} with other content; every version IRI must name one document: give this one a new version IRI.`,
    );
  }
}

/** The same object, apart from `inScheme`, which names another listed version. */
function repeatedForAnotherVersion(
  ctx: ValidationContext,
  first: JsonObject,
  again: JsonObject,
): boolean {
  const a = first.inScheme;
  const b = again.inScheme;
  if (typeof a !== 'string' || typeof b !== 'string' || a === b) return false;
  if (!ctx.versionIds.has(a) || !ctx.versionIds.has(b)) return false;
  return jsonEqual({ ...first, inScheme: '' }, { ...again, inScheme: '' });
}

/**
 * L2: every object belongs to the version this document describes. `inScheme` is "the IRI of the
 * specific Profile version currently being described" (structure §4.1.1, §5, §6, §7): naming no
 * listed version is an error. Naming a listed version other than the current one is a warning in
 * both modes: a document that carries several versions, each object keeping the version that
 * introduced it, is a form in use (see docs/xapi-validation-decisions.md §5).
 */
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
    if (typeof inScheme !== 'string' || inScheme === '' || inScheme === current) continue;
    if (ctx.versionIds.has(inScheme)) {
      if (current === undefined) continue;
      const named = typeof e.value.id === 'string' ? ` "${e.value.id}"` : '';
      ctx.warning(
        'L2',
        pointer(e.path, 'inScheme'),
        `The ${e.kind}${named} has "inScheme" "${inScheme}", an earlier version of this profile, but this document describes version "${current}"; set its "inScheme" to "${current}", the version currently being described.`,
      );
      continue;
    }
    ctx.error(
      'L2',
      pointer(e.path, 'inScheme'),
      `"inScheme" is "${inScheme}", which is not one of this profile's version ids; ${advice}.`,
    );
  }
}

/**
 * The version a document describes: among the listed versions with an IRI id that no other listed
 * version names in `wasRevisionOf` (every later version MUST name what it revises, structure
 * §6.1), the one generated last; the first listed among equal times (the specification's example
 * lists versions newest first). When every version is revised by another (a cycle), all count.
 */
function currentVersion(ctx: ValidationContext): string | undefined {
  const listed: Array<{ id: string; time: number; revises: unknown }> = [];
  for (const v of Array.isArray(ctx.doc.versions) ? ctx.doc.versions : []) {
    if (!isObject(v) || !isIri(v.id)) continue;
    const time = isTimestamp(v.generatedAtTime) ? Date.parse(v.generatedAtTime) : -Infinity;
    listed.push({ id: v.id, time, revises: v.wasRevisionOf });
  }
  const revised = new Set<string>();
  for (const v of listed)
    if (Array.isArray(v.revises))
      for (const r of v.revises) if (typeof r === 'string' && r !== v.id) revised.add(r);
  const heads = listed.filter((v) => !revised.has(v.id));
  let best: { id: string; time: number } | undefined;
  for (const v of heads.length > 0 ? heads : listed) if (!best || v.time > best.time) best = v;
  return best?.id;
}
