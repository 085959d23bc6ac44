import { z } from 'zod';
import { EXTENSION_TYPES, type ConceptType } from '../../common/concepts';
import { PROFILE_LIMITS } from '../../common/profiles';
import { blankConceptValues, type ConceptFormValues } from './concept-values';

/**
 * What another screen knows of a concept to create (the Import Queue: a concept statements use
 * that nobody has defined), handed to the create form through the navigation state.
 */
const conceptPrefillSchema = z.object({
  iri: z.string().max(PROFILE_LIMITS.iriMax),
  name: z.string().max(PROFILE_LIMITS.nameMax),
  description: z.string().max(PROFILE_LIMITS.descriptionMax),
  /** For an Extension: where it sits in a statement. */
  type: z.enum(EXTENSION_TYPES).optional(),
  /** For an Activity: the activity type its definition names. */
  activityType: z.string().max(PROFILE_LIMITS.iriMax).optional(),
});
export type ConceptPrefill = z.infer<typeof conceptPrefillSchema>;

/** The navigation state that opens the create form filled in. */
export const prefillState = (prefill: ConceptPrefill) => ({ conceptPrefill: prefill });

/** The prefill a navigation state carries, or null (none, or not one this form reads). */
export function prefillOfState(state: unknown): ConceptPrefill | null {
  if (typeof state !== 'object' || state === null || !('conceptPrefill' in state)) return null;
  const parsed = conceptPrefillSchema.safeParse(state.conceptPrefill);
  return parsed.success ? parsed.data : null;
}

/** A new concept's form, filled from a prefill: its IRI is the external one it already has. */
export function prefilledConceptValues(
  conceptType: ConceptType,
  prefill: ConceptPrefill | null,
): ConceptFormValues {
  const blank = blankConceptValues(conceptType, true);
  if (prefill === null) return blank;
  return {
    ...blank,
    iriType: 'external-iri',
    extiri: prefill.iri,
    name: prefill.name,
    description: prefill.description,
    ...(conceptType === 'Extension' && prefill.type ? { type: prefill.type } : {}),
    ...(conceptType === 'Activity' && prefill.activityType
      ? { activityType: prefill.activityType }
      : {}),
  };
}
