import type { ConceptType } from '../../../common/concepts';

/** Concept kinds as people read them: capitalised words. */
export const CONCEPT_TYPE_LABELS: Record<ConceptType, string> = {
  Verb: 'Verb',
  ActivityType: 'Activity Type',
  AttachmentUsageType: 'Attachment Usage Type',
  Activity: 'Activity',
  Document: 'Document',
  Extension: 'Extension',
};

/** JSON text indented for reading; text that is not JSON stays as it is. */
export function prettyJson(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}
