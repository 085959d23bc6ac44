import {
  compileProfile,
  followsPatterns,
  isUnrecognized,
  parse,
  validateStatement,
  type CompiledProfile,
  type Iri,
  type LanguageMap,
  type PatternSemantics,
  type PatternsValidation,
  type StatementValidation,
} from '../../../xapi/index';

/** A version's document, ready for statement checks, with the names of its templates and patterns. */
export interface CheckableVersion {
  compiled: CompiledProfile;
  names: Map<Iri, string>;
}

const nameOf = (label: LanguageMap | undefined): string | undefined =>
  label ? (label.en ?? label['en-US'] ?? Object.values(label)[0]) : undefined;

/** Reads the exported document; undefined when it is not a profile the checks can read. */
export function checkableVersion(document: unknown): CheckableVersion | undefined {
  const { model } = parse(document);
  if (!model) return undefined;
  const names = new Map<Iri, string>();
  for (const item of [...(model.templates ?? []), ...(model.patterns ?? [])]) {
    if (isUnrecognized(item) || !item.id) continue;
    const name = nameOf(item.prefLabel);
    if (name) names.set(item.id, name);
  }
  return { compiled: compileProfile(model), names };
}

export interface BatchOptions {
  /** Hold every statement to the patterns, whether or not its category names this profile. */
  ignoreCategory: boolean;
  semantics: PatternSemantics;
}

export interface BatchResult {
  statements: StatementValidation[];
  patterns: PatternsValidation;
}

/** Every statement against the templates, then the batch against the primary patterns. */
export function checkBatch(
  statements: readonly unknown[],
  version: CheckableVersion,
  options: BatchOptions,
): BatchResult {
  const validations = statements.map((s) => validateStatement(s, version.compiled));
  const patterns = followsPatterns(statements, version.compiled, { ...options, validations });
  return { statements: validations, patterns };
}
