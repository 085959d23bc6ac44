import type { Finding } from '../findings.js';
import { sortFindings } from '../findings.js';
import { describe, isObject } from '../json.js';
import type { InputLimits } from '../load.js';
import { loadJsonSteps } from '../load.js';
import type { ValidateOptions } from './context.js';
import { ValidationContext } from './context.js';
import { conceptSteps } from './rules-concepts.js';
import { checkDocumentForm, checkNoEmptyValues } from './rules-document.js';
import { checkInScheme, checkUniqueIds } from './rules-ids.js';
import { patternSteps } from './rules-patterns.js';
import { checkProfile } from './rules-profile.js';
import { templateSteps } from './rules-templates.js';
import type { Profile } from '../model/types.js';
import { serialize } from '../model/serialize.js';
import { runToEnd } from '../steps.js';

export type { ValidateOptions, ValidationMode } from './context.js';

/**
 * Checks a profile document (text, parsed JSON or a model) against rules A1–L4. Synchronous,
 * no JSON-LD processing and no I/O, so it can run on every keystroke in the browser.
 */
export function validate(
  document: unknown,
  options: ValidateOptions & { limits?: InputLimits } = {},
): Finding[] {
  return runToEnd(validateSteps(document, options));
}

/**
 * validate() one step at a time: it gives way between its rules and after each concept, template
 * and pattern, so a caller serving others meanwhile can run it in slices (a document of a
 * thousand concepts takes over a hundred milliseconds to check). The findings are the result.
 */
export function* validateSteps(
  document: unknown,
  options: ValidateOptions & { limits?: InputLimits } = {},
): Generator<void, Finding[], void> {
  const loaded = yield* loadJsonSteps(document, options.limits);
  if (loaded.value === undefined) return loaded.findings;
  if (!isObject(loaded.value)) {
    return [
      {
        ruleId: 'A1',
        severity: 'error',
        path: '',
        message: `A profile document must be a JSON object, but this is ${describe(loaded.value)}.`,
      },
    ];
  }
  yield;
  const ctx = new ValidationContext(loaded.value, options);
  yield;
  yield* checkNoEmptyValues(ctx);
  yield;
  checkDocumentForm(ctx);
  checkProfile(ctx);
  yield;
  yield* conceptSteps(ctx);
  yield* templateSteps(ctx);
  yield* patternSteps(ctx);
  checkUniqueIds(ctx);
  yield;
  checkInScheme(ctx);
  yield;
  return sortFindings(ctx.findings);
}

/** validate() for a model from parse() or an editor: checks the document the model serializes to. */
export function validateModel(model: Profile, options: ValidateOptions = {}): Finding[] {
  return validate(serialize(model), options);
}
