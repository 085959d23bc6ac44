import { pointer } from '../findings.js';
import type { JsonObject } from '../json.js';
import { describe, isObject, typeName, withArticle } from '../json.js';
import {
  conceptTypes,
  documentResourceTypes,
  extensionTypes,
  semanticTypes,
} from '../model/fields.js';
import { mediaTypeProblem } from '../values.js';
import { checkActivityDefinition } from './activity-definition.js';
import type { Entry, ValidationContext, IriRef } from './context.js';
import { checkIri, checkIriArray, checkLanguageMap, has } from './context.js';
import { checkInlineSchema } from './json-schema.js';

/** The concept's type for messages; only called once the type is known to be valid. */
const typeOf = (c: JsonObject): string => (typeof c.type === 'string' ? c.type : 'concept');

const isOneOf = (list: readonly string[], value: unknown): value is string =>
  typeof value === 'string' && list.includes(value);

/** D–H: every concept, dispatched on its `type`. */
export function checkConcepts(ctx: ValidationContext): void {
  const steps = conceptSteps(ctx);
  while (!steps.next().done) continue;
}

/** checkConcepts, giving way after each concept (see validateSteps). */
export function* conceptSteps(ctx: ValidationContext): Generator<void, void, void> {
  const list = ctx.doc.concepts;
  if (!Array.isArray(list)) return;
  list.forEach((item, i) => {
    if (!isObject(item)) {
      ctx.error(
        'D1',
        pointer('', 'concepts', i),
        `Each concept must be an object, but this is ${describe(item)}.`,
      );
    }
  });
  for (const entry of ctx.concepts) {
    checkConcept(ctx, entry);
    yield;
  }
  checkDuplicatesInKnownProfiles(ctx);
}

function checkConcept(ctx: ValidationContext, entry: Entry): void {
  const { value: c, path } = entry;
  if (!isOneOf(conceptTypes, c.type)) {
    ctx.error(
      'D1',
      has(c, 'type') ? pointer(path, 'type') : path,
      `A concept's "type" must be one of ${conceptTypes.join(', ')}, but it is ${describe(c.type)}.`,
    );
    return;
  }
  const rule = isOneOf(semanticTypes, c.type)
    ? 'E1'
    : isOneOf(extensionTypes, c.type)
      ? 'F1'
      : isOneOf(documentResourceTypes, c.type)
        ? 'G1'
        : 'H1';
  checkIri(ctx, c, 'id', path, rule, `the IRI of this ${c.type}`, true);
  checkIri(ctx, c, 'inScheme', path, 'D3', 'the IRI of the profile version being described', true);
  if (has(c, 'deprecated') && typeof c.deprecated !== 'boolean') {
    ctx.error(
      'D4',
      pointer(path, 'deprecated'),
      `"deprecated" must be true or false, but it is ${describe(c.deprecated)}.`,
    );
  }
  if (rule === 'H1') {
    if (!has(c, 'activityDefinition')) {
      ctx.error(
        'H1',
        path,
        'An Activity concept needs an "activityDefinition" (an xAPI Activity Definition plus "@context").',
      );
    } else {
      checkActivityDefinition(ctx, c.activityDefinition!, pointer(path, 'activityDefinition'));
    }
    return;
  }
  checkLanguageMap(ctx, c, 'prefLabel', path, rule, true);
  checkLanguageMap(ctx, c, 'definition', path, rule, true);
  if (rule === 'E1') checkRelations(ctx, entry);
  if (rule === 'F1') checkExtension(ctx, c, path);
  if (rule === 'G1') checkDocumentResource(ctx, c, path);
}

function checkRelations(ctx: ValidationContext, entry: Entry): void {
  const { value: c, path } = entry;
  for (const key of ['broader', 'narrower', 'related']) {
    for (const ref of checkIriArray(
      ctx,
      c,
      key,
      path,
      'E2',
      `${withArticle(typeOf(c))} of this profile version`,
    )) {
      const target = ctx.byId.get(ref.iri);
      if (ref.iri === c.id) {
        ctx.error('E2', ref.path, `"${key}" cannot point at the concept itself.`);
      } else if (!target || target.kind !== 'concept') {
        ctx.error(
          'E2',
          ref.path,
          `"${key}" must point at ${withArticle(typeOf(c))} defined in this profile version, but "${ref.iri}" is not defined here; use "${key === 'related' ? 'relatedMatch' : key === 'broader' ? 'broadMatch' : 'narrowMatch'}" for concepts of other profiles.`,
        );
      } else if (target.type !== c.type) {
        ctx.error(
          'E2',
          ref.path,
          `"${key}" must point at ${withArticle(typeOf(c))}, but "${ref.iri}" is ${withArticle(typeName(target.type))}.`,
        );
      } else {
        const other = ctx.otherVersionOf(c, ref.iri);
        if (other !== undefined) {
          ctx.error(
            'E2',
            ref.path,
            `"${key}" must point at ${withArticle(typeOf(c))} from this profile version (${JSON.stringify(c.inScheme)}), but "${ref.iri}" is only in version "${other}" of this document.`,
          );
        }
      }
    }
  }
  if (has(c, 'related') && c.deprecated !== true) {
    ctx.error(
      'E5',
      pointer(path, 'related'),
      '"related" may only be used on deprecated concepts (to point at replacements); mark this concept "deprecated": true or use "relatedMatch".',
    );
  }
  for (const key of ['broadMatch', 'narrowMatch']) {
    for (const ref of checkIriArray(
      ctx,
      c,
      key,
      path,
      'E3',
      `${withArticle(typeOf(c))} of another profile`,
    )) {
      const local = ctx.byId.get(ref.iri);
      if (local) {
        ctx.error(
          'E3',
          ref.path,
          `"${key}" must point at a concept of a different profile, but "${ref.iri}" is defined in this one; use "${key === 'broadMatch' ? 'broader' : 'narrower'}".`,
        );
        continue;
      }
      checkKnownType(ctx, ref, key, c.type, 'E3');
    }
  }
  for (const key of ['relatedMatch', 'exactMatch']) {
    for (const ref of checkIriArray(
      ctx,
      c,
      key,
      path,
      'E4',
      `${withArticle(typeOf(c))} of another profile or version`,
    )) {
      if (ctx.byId.has(ref.iri)) {
        ctx.error(
          'E4',
          ref.path,
          ref.iri === c.id
            ? `"${key}" points at the concept itself; it must name a concept of another profile or another version of this one.`
            : `"${key}" must name a concept of another profile or another version, but "${ref.iri}" is in this same version.`,
        );
        continue;
      }
      checkKnownType(ctx, ref, key, c.type, 'E4');
    }
  }
}

function checkKnownType(
  ctx: ValidationContext,
  ref: IriRef,
  key: string,
  type: unknown,
  ruleId: string,
): void {
  const known = ctx.known.get(ref.iri);
  if (known && known.type !== type) {
    ctx.error(
      ruleId,
      ref.path,
      `"${key}" must point at ${withArticle(typeName(type))}, but "${ref.iri}" is ${withArticle(typeName(known.type))} in profile ${known.profileId ?? '(unknown)'}.`,
    );
  }
}

function checkExtension(ctx: ValidationContext, c: JsonObject, path: string): void {
  checkRecommended(
    ctx,
    c,
    path,
    'recommendedActivityTypes',
    'ActivityExtension',
    'ActivityType',
    'F2',
  );
  checkRecommended(
    ctx,
    c,
    path,
    'recommendedVerbs',
    ['ContextExtension', 'ResultExtension'],
    'Verb',
    'F3',
  );
  checkIri(ctx, c, 'context', path, 'F4', 'a JSON-LD context IRI', false);
  checkIri(ctx, c, 'schema', path, 'F4', 'a JSON Schema IRI', false);
  checkSchemas(ctx, c, path, 'F5', 'F6');
}

function checkRecommended(
  ctx: ValidationContext,
  c: JsonObject,
  path: string,
  key: string,
  allowedOn: string | string[],
  memberType: string,
  ruleId: string,
): void {
  if (!has(c, key)) return;
  const on = Array.isArray(allowedOn) ? allowedOn : [allowedOn];
  if (!on.includes(c.type as string)) {
    ctx.error(
      ruleId,
      pointer(path, key),
      `"${key}" is only allowed on ${on.join(' or ')}, not on ${typeOf(c)}.`,
    );
  }
  for (const ref of checkIriArray(ctx, c, key, path, ruleId, `${memberType} IRIs`)) {
    const found = ctx.resolve(ref.iri);
    const type = found && ('local' in found ? found.local.type : found.known.type);
    if (found && type !== memberType) {
      ctx.error(
        ruleId,
        ref.path,
        `"${key}" lists ${memberType} IRIs, but "${ref.iri}" is ${withArticle(typeName(type))}.`,
      );
    }
  }
}

function checkDocumentResource(ctx: ValidationContext, c: JsonObject, path: string): void {
  if (!has(c, 'contentType')) {
    ctx.error(
      'G1',
      path,
      'A document resource needs a "contentType" (a media type such as "application/json").',
    );
  } else if (typeof c.contentType !== 'string') {
    ctx.error(
      'G2',
      pointer(path, 'contentType'),
      `"contentType" must be a media type string, but it is ${describe(c.contentType)}.`,
    );
  } else {
    const problem = mediaTypeProblem(c.contentType);
    if (problem === 'syntax') {
      ctx.error(
        'G2',
        pointer(path, 'contentType'),
        `"${c.contentType}" is not an RFC 2046 media type; write "type/subtype" such as "application/json".`,
      );
    } else if (problem === 'top-level') {
      ctx.warning(
        'G2',
        pointer(path, 'contentType'),
        `"${c.contentType}" does not use a registered top-level media type (application, text, image, ...).`,
      );
    } else if (problem === 'unregistered') {
      ctx.warning(
        'G2',
        pointer(path, 'contentType'),
        `"${c.contentType}" is not a media type IANA registers; use a registered one, or a subtype beginning "x." for a private type.`,
      );
    }
  }
  checkIri(ctx, c, 'context', path, 'G3', 'a JSON-LD context IRI', false);
  checkIri(ctx, c, 'schema', path, 'G3', 'a JSON Schema IRI', false);
  checkSchemas(ctx, c, path, 'G3', 'G3');
}

function checkSchemas(
  ctx: ValidationContext,
  c: JsonObject,
  path: string,
  exclusiveRule: string,
  inlineRule: string,
) {
  if (has(c, 'schema') && has(c, 'inlineSchema')) {
    ctx.error(exclusiveRule, path, 'Use at most one of "schema" and "inlineSchema".');
  }
  if (!has(c, 'inlineSchema') || c.inlineSchema === '' || c.inlineSchema === null) return;
  const at = pointer(path, 'inlineSchema');
  if (isObject(c.inlineSchema)) {
    ctx.warning(
      inlineRule,
      at,
      '"inlineSchema" should be the JSON Schema serialized as a string, as every published profile does.',
    );
  }
  const result = checkInlineSchema(c.inlineSchema!);
  if (!result.ok) ctx.report(inlineRule, result.severity, at, result.message);
}

/** D2: a concept another profile already defines, without this profile revising that profile. */
function checkDuplicatesInKnownProfiles(ctx: ValidationContext): void {
  if (ctx.known.size === 0) return;
  const revised = new Set<string>();
  for (const v of Array.isArray(ctx.doc.versions) ? ctx.doc.versions : []) {
    if (isObject(v) && Array.isArray(v.wasRevisionOf)) {
      for (const r of v.wasRevisionOf) if (typeof r === 'string') revised.add(r);
    }
  }
  for (const entry of ctx.concepts) {
    const id = entry.value.id;
    if (typeof id !== 'string') continue;
    const known = ctx.known.get(id);
    if (!known || known.kind !== 'concept' || known.profileId === ctx.profileId) continue;
    const inScheme = known.value.inScheme;
    if (typeof inScheme === 'string' && revised.has(inScheme)) continue;
    ctx.error(
      'D2',
      pointer(entry.path, 'id'),
      `"${id}" is already defined by profile ${known.profileId ?? '(unknown)'}; reuse it by IRI instead of redefining it, or declare this profile a revision of that one with "wasRevisionOf".`,
    );
  }
}
