import type { Finding } from '../findings.js';
import { sortFindings } from '../findings.js';
import { describe, isObject } from '../json.js';
import type { InputLimits } from '../load.js';
import { loadJson } from '../load.js';
import type { ValidateOptions } from './context.js';
import { ValidationContext } from './context.js';
import { checkConcepts } from './rules-concepts.js';
import { checkDocumentForm, checkNoEmptyValues } from './rules-document.js';
import { checkInScheme, checkUniqueIds } from './rules-ids.js';
import { checkPatterns } from './rules-patterns.js';
import { checkProfile } from './rules-profile.js';
import { checkTemplates } from './rules-templates.js';
import type { Profile } from '../model/types.js';
import { serialize } from '../model/serialize.js';

export type { ValidateOptions, ValidationMode } from './context.js';

/**
 * Checks a profile document (text, parsed JSON or a model) against rules A1–L3. Synchronous,
 * no JSON-LD processing and no I/O, so it can run on every keystroke in the browser.
 */
export function validate(
  document: unknown,
  options: ValidateOptions & { limits?: InputLimits } = {},
): Finding[] {
  const loaded = loadJson(document, options.limits);
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
  const ctx = new ValidationContext(loaded.value, options);
  checkNoEmptyValues(ctx);
  checkDocumentForm(ctx);
  checkProfile(ctx);
  checkConcepts(ctx);
  checkTemplates(ctx);
  checkPatterns(ctx);
  checkUniqueIds(ctx);
  checkInScheme(ctx);
  return sortFindings(ctx.findings);
}

/** validate() for a model from parse() or an editor: checks the document the model serializes to. */
export function validateModel(model: Profile, options: ValidateOptions = {}): Finding[] {
  return validate(serialize(model), options);
}
