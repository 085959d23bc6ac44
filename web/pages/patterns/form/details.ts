import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  createPatternSchema,
  editPatternSchema,
  type PatternType,
} from '../../../../common/patterns';
import type { DetailsValues } from './values';

export type FormMode = 'create' | 'edit';

type DetailsKey = keyof DetailsValues;
const DETAILS_KEYS: ReadonlySet<string> = new Set<DetailsKey>([
  'name',
  'description',
  'translations',
  'tags',
  'moreInformation',
  'primary',
  'iriType',
  'extiri',
  'geniri',
]);

/**
 * The problems of a pattern's own fields, by field, from the contract's schema: the create schema
 * (IRI included) for a new pattern, the edit schema otherwise. Components are checked apart.
 */
export function detailsErrors(
  mode: FormMode,
  type: PatternType,
  values: DetailsValues,
): Partial<Record<DetailsKey, string>> {
  const { iriType, extiri, geniri, ...rest } = values;
  const parsed =
    mode === 'create'
      ? createPatternSchema.safeParse({ type, ...rest, iriType, extiri, geniri, components: [] })
      : editPatternSchema.safeParse({ ...rest, components: [] });
  const errors: Partial<Record<DetailsKey, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && DETAILS_KEYS.has(key) && !(key in errors))
      errors[key as DetailsKey] = issue.message;
  }
  return errors;
}

/** The form's resolver: the messages of `detailsErrors` under the fields. */
export function detailsResolver(mode: FormMode, type: PatternType): Resolver<DetailsValues> {
  return (values) => {
    const found = detailsErrors(mode, type, values);
    const keys = Object.keys(found) as DetailsKey[];
    if (keys.length === 0) return { values, errors: {} };
    const errors: FieldErrors<DetailsValues> = {};
    for (const key of keys) errors[key] = { type: 'validate', message: found[key] };
    return { values: {}, errors };
  };
}
