import { ACTIVITY_CONTEXT_IRI } from '../contexts/activity-context.js';
import { pointer } from '../findings.js';
import type { JsonObject, JsonValue } from '../json.js';
import { describe, isObject, typeName } from '../json.js';
import { interactionTypes } from '../model/fields.js';
import { isIri, isIriText, isUrl } from '../values.js';
import type { ContextReference } from './jsonld-context.js';
import { contextProblem, unavailableContexts } from './jsonld-context.js';
import type { ValidationContext } from './context.js';
import { checkIriSyntax, has, languageMapProblems } from './context.js';

const componentLists = ['choices', 'scale', 'source', 'target', 'steps'] as const;

/** Which component lists each xAPI 1.0.3 interaction type may carry. */
const componentsFor: Record<string, readonly string[]> = {
  choice: ['choices'],
  sequencing: ['choices'],
  likert: ['scale'],
  matching: ['source', 'target'],
  performance: ['steps'],
};

const definitionKeys = new Set([
  '@context',
  'type',
  'name',
  'description',
  'moreInfo',
  'extensions',
  'interactionType',
  'correctResponsesPattern',
  ...componentLists,
]);

/** H2–H5: an Activity concept's `activityDefinition`. */
export function checkActivityDefinition(
  ctx: ValidationContext,
  def: JsonValue,
  path: string,
): void {
  if (!isObject(def)) {
    ctx.error(
      'H3',
      path,
      `"activityDefinition" must be an xAPI Activity Definition object, but it is ${describe(def)}.`,
    );
    return;
  }
  checkActivityContext(ctx, def['@context'], path);
  for (const key of Object.keys(def)) {
    if (!definitionKeys.has(key) && !key.startsWith('@')) {
      ctx.error(
        'H3',
        pointer(path, key),
        `"${key}" is not an xAPI Activity Definition property; allowed are type, name, description, moreInfo, extensions, interactionType, correctResponsesPattern and the interaction component lists.`,
      );
    }
  }
  if (has(def, 'type') && !isIri(def.type)) {
    ctx.error(
      'H3',
      pointer(path, 'type'),
      `The activity "type" must be an IRI, but it is ${describe(def.type)}.`,
    );
  } else if (isIri(def.type)) checkIriSyntax(ctx, def.type, pointer(path, 'type'));
  if (has(def, 'moreInfo') && !isUrl(def.moreInfo)) {
    ctx.error(
      'H3',
      pointer(path, 'moreInfo'),
      `"moreInfo" must be a URL (IRL), but it is ${describe(def.moreInfo)}.`,
    );
  } else if (isUrl(def.moreInfo)) checkIriSyntax(ctx, def.moreInfo, pointer(path, 'moreInfo'));
  for (const key of ['name', 'description']) {
    if (has(def, key)) languageMapProblems(ctx, def[key], pointer(path, key), 'H3', key);
  }
  checkInteraction(ctx, def, path);
  if (has(def, 'extensions')) checkExtensions(ctx, def.extensions!, pointer(path, 'extensions'));
}

function checkActivityContext(
  ctx: ValidationContext,
  context: JsonValue | undefined,
  path: string,
) {
  let unavailable: ContextReference[] = [];
  if (
    context !== undefined &&
    (typeof context === 'string' || isObject(context) || Array.isArray(context))
  ) {
    const problem = contextProblem(context);
    if (problem) {
      ctx.error(
        'H2',
        pointer(path, '@context') + problem.path,
        `The activity definition's "@context" is not a JSON-LD context: ${problem.message}`,
      );
      return;
    }
    unavailable = unavailableContexts(context);
  }
  // A context the "@context" names itself (not one an inline context loads) is already warned
  // of below as another context than the activity context; that warning also says it is offline.
  const named = unavailable.filter((c) => c.path === '' || /^\/\d+$/.test(c.path));
  const offline = named.length
    ? ` Remote contexts not available offline (only the two xAPI Profiles contexts are bundled): ${named.map((c) => `"${c.iri}"`).join(', ')}; the terms defined there cannot be checked, and the profile cannot be converted to RDF without them.`
    : '';
  if (context === undefined) {
    ctx.error('H2', path, `The activity definition needs "@context": "${ACTIVITY_CONTEXT_IRI}".`);
  } else if (Array.isArray(context)) {
    if (!context.includes(ACTIVITY_CONTEXT_IRI)) {
      ctx.error(
        'H2',
        pointer(path, '@context'),
        `An array "@context" must contain "${ACTIVITY_CONTEXT_IRI}".${offline}`,
      );
    } else if (context.length > 1) {
      ctx.warning(
        'H2',
        pointer(path, '@context'),
        `"@context" should be exactly "${ACTIVITY_CONTEXT_IRI}".${offline}`,
      );
    }
  } else if (typeof context !== 'string' && !isObject(context)) {
    ctx.error(
      'H2',
      pointer(path, '@context'),
      `The activity definition's "@context" must be a JSON-LD context ("${ACTIVITY_CONTEXT_IRI}"), but it is ${describe(context)}.`,
    );
  } else if (context !== ACTIVITY_CONTEXT_IRI) {
    // Structure §7.4: "SHOULD be https://w3id.org/xapi/profiles/activity-context and MUST
    // contain this URI if array-valued": only the array form is a MUST.
    ctx.warning(
      'H2',
      pointer(path, '@context'),
      `The activity definition's "@context" should be "${ACTIVITY_CONTEXT_IRI}", but it is ${describe(context)}; another context may not define the terms of an xAPI Activity Definition.${offline}`,
    );
  }
  for (const reference of unavailable) {
    if (named.includes(reference)) continue;
    ctx.warning(
      'H2',
      pointer(path, '@context') + reference.path,
      `The activity definition's "@context" loads ${offlineContext(reference.iri)}`,
    );
  }
}

/**
 * A remote context is valid JSON-LD, but the library reads none but the bundled ones
 * (docs/xapi-validation-decisions.md): said as a warning, with what the author loses.
 */
function offlineContext(iri: string): string {
  return `"${iri}", which is not available offline (only the two xAPI Profiles contexts are bundled): the terms it defines cannot be checked, and the profile cannot be converted to RDF without it. Define the terms inline instead.`;
}

function checkInteraction(ctx: ValidationContext, def: JsonObject, path: string): void {
  const type = def.interactionType;
  const typed = typeof type === 'string' && (interactionTypes as readonly string[]).includes(type);
  if (has(def, 'interactionType') && !typed) {
    ctx.error(
      'H3',
      pointer(path, 'interactionType'),
      `"interactionType" must be one of ${interactionTypes.join(', ')}, but it is ${describe(type)}.`,
    );
  }
  const needsType = (key: string) => {
    if (has(def, key) && !has(def, 'interactionType')) {
      ctx.error(
        'H3',
        pointer(path, key),
        `"${key}" is only allowed together with "interactionType".`,
      );
    }
  };
  needsType('correctResponsesPattern');
  if (has(def, 'correctResponsesPattern')) {
    const crp = def.correctResponsesPattern;
    if (!Array.isArray(crp) || !crp.every((x) => typeof x === 'string')) {
      ctx.error(
        'H3',
        pointer(path, 'correctResponsesPattern'),
        '"correctResponsesPattern" must be an array of strings.',
      );
    }
  }
  const allowed = typed ? (componentsFor[type] ?? []) : componentLists;
  for (const list of componentLists) {
    if (!has(def, list)) continue;
    needsType(list);
    const at = pointer(path, list);
    if (typed && !allowed.includes(list)) {
      const expected = allowed.length ? `only ${allowed.join(' and ')}` : 'no component lists';
      ctx.error('H3', at, `Interaction type "${typeName(type)}" takes ${expected}, not "${list}".`);
    }
    checkComponents(ctx, def[list]!, at, list);
  }
}

function checkComponents(ctx: ValidationContext, value: JsonValue, at: string, list: string): void {
  if (!Array.isArray(value)) {
    ctx.error(
      'H3',
      at,
      `"${list}" must be an array of interaction components ({"id", "description"}).`,
    );
    return;
  }
  const ids = new Set<string>();
  value.forEach((component, i) => {
    const cp = pointer(at, i);
    if (!isObject(component)) {
      ctx.error(
        'H3',
        cp,
        `Interaction components must be objects with "id" and "description", but this is ${describe(component)}.`,
      );
      return;
    }
    if (typeof component.id !== 'string' || component.id === '') {
      ctx.error('H3', cp, 'Every interaction component needs an "id" (a non-empty string).');
    } else if (ids.has(component.id)) {
      ctx.error(
        'H3',
        pointer(cp, 'id'),
        `Component id "${component.id}" is used twice in "${list}"; ids must be unique.`,
      );
    } else {
      ids.add(component.id);
    }
    if (has(component, 'description')) {
      languageMapProblems(
        ctx,
        component.description,
        pointer(cp, 'description'),
        'H3',
        'description',
      );
    }
    for (const key of Object.keys(component)) {
      if (key !== 'id' && key !== 'description') {
        ctx.error(
          'H3',
          pointer(cp, key),
          `"${key}" is not an interaction component property (only "id" and "description").`,
        );
      }
    }
  });
}

/** H3–H5: extension keys are IRIs; object values carry a `@context` that makes their keys expand. */
function checkExtensions(ctx: ValidationContext, value: JsonValue, at: string): void {
  if (!isObject(value)) {
    ctx.error(
      'H3',
      at,
      `"extensions" must be an object keyed by extension IRIs, but it is ${describe(value)}.`,
    );
    return;
  }
  for (const [key, ext] of Object.entries(value)) {
    const ep = pointer(at, key);
    if (!isIriText(key)) ctx.error('H3', ep, `Extension keys must be IRIs, but "${key}" is not.`);
    else checkIriSyntax(ctx, key, ep);
    const members = Array.isArray(ext)
      ? ext.map((m, i) => [m, pointer(ep, i)] as const)
      : [[ext, ep] as const];
    for (const [member, mp] of members) {
      if (!isObject(member)) continue;
      if (!has(member, '@context')) {
        ctx.error(
          'H4',
          mp,
          'Object-valued extensions must carry their own "@context" (in every object, if the value is an array) so their properties expand to IRIs.',
        );
        continue;
      }
      checkExtensionContext(ctx, member, mp);
    }
  }
}

function checkExtensionContext(ctx: ValidationContext, member: JsonObject, at: string): void {
  const problem = contextProblem(member['@context']!);
  if (problem) {
    ctx.error(
      'H4',
      pointer(at, '@context') + problem.path,
      `This extension's "@context" is not a JSON-LD context: ${problem.message}`,
    );
    return;
  }
  for (const reference of unavailableContexts(member['@context']!)) {
    ctx.warning(
      'H4',
      pointer(at, '@context') + reference.path,
      `This extension's "@context" loads ${offlineContext(reference.iri)}`,
    );
  }
  const contexts = Array.isArray(member['@context']) ? member['@context'] : [member['@context']];
  // Remote contexts cannot be read offline, so only inline term definitions can be checked.
  if (contexts.some((c) => typeof c === 'string')) return;
  const terms = new Map<string, boolean>();
  // With an absolute `@vocab`, a word the context does not define expands under it.
  let vocab = false;
  for (const c of contexts) {
    if (!isObject(c)) continue;
    for (const [term, def] of Object.entries(c)) {
      const target = isObject(def) ? def['@id'] : def;
      if (term === '@vocab') vocab = typeof def === 'string' && def.includes(':');
      else terms.set(term, typeof target === 'string' && target.includes(':'));
    }
  }
  for (const key of Object.keys(member)) {
    if (key.startsWith('@') || key.includes(':')) continue;
    if (terms.get(key) !== true && !(vocab && !terms.has(key))) {
      ctx.error(
        'H5',
        pointer(at, key),
        `"${key}" does not expand to an absolute IRI with this extension's "@context"; define it there or use a full IRI.`,
      );
    }
  }
}
