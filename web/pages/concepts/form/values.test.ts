import { describe, expect, it } from 'vitest';
import { filterMediaTypes, MEDIA_TYPES } from '../../../../common/media-types';
import { mediaTypeProblem } from '../../../../xapi/values';
import { liveFindings, placeholderConceptIri } from './live-check';
import {
  blankConceptValues,
  conceptTypeOfParam,
  editSubRoute,
  editValues,
  suffixFromName,
  withoutUnusedFields,
} from '../../../lib/concept-values';

const ctx = { profileIri: 'https://example.org/profile', conceptIri: '', localTerms: [] };

describe('the form values', () => {
  it('reads a kind from a route in any letter case', () => {
    expect(conceptTypeOfParam('activitytype')).toBe('ActivityType');
    expect(conceptTypeOfParam('EXTENSION')).toBe('Extension');
    expect(conceptTypeOfParam('Thing')).toBeNull();
    expect(conceptTypeOfParam(undefined)).toBeNull();
    expect(editSubRoute('AttachmentUsageType')).toBe('attachmentusagetype');
  });

  it('suggests an IRI suffix from a name', () => {
    expect(suffixFromName('  Fast-Forwarded Twice! ')).toBe('fast-forwarded-twice');
    expect(suffixFromName('Réussi')).toBe('reussi');
  });

  it('drops the schema field not chosen and the components the interaction does not use', () => {
    const document = {
      ...blankConceptValues('Document', true),
      schemaType: 'schemaString' as const,
      inlineSchema: '{}',
      schemaString: 'https://example.org/s.json',
    };
    expect(withoutUnusedFields(document)).toMatchObject({
      inlineSchema: '',
      schemaString: 'https://example.org/s.json',
    });
    const activity = {
      ...blankConceptValues('Activity', true),
      interactionType: 'likert',
      choices: [{ id: 'a', description: '' }],
      scale: [{ id: 'b', description: '' }],
      correctResponsesPattern: ['b'],
    };
    expect(withoutUnusedFields(activity)).toMatchObject({
      choices: [],
      scale: [{ id: 'b', description: '' }],
      correctResponsesPattern: ['b'],
    });
    expect(withoutUnusedFields({ ...activity, interactionType: '' })).toMatchObject({
      scale: [],
      correctResponsesPattern: [],
    });
  });

  it('starts an edit from the stored values, without the IRI choice', () => {
    const values = editValues('Verb', {
      conceptType: 'Verb',
      iriType: 'external-iri',
      name: 'Paused',
      description: 'Stopped for a while.',
      similarTerms: [{ iri: 'https://example.org/v/stopped', name: '', relationType: 'related' }],
      unknown: 1,
    });
    expect(values.iriType).toBeUndefined();
    expect(values.name).toBe('Paused');
    expect(values.similarTerms).toHaveLength(1);
    expect(values).not.toHaveProperty('unknown');
  });
});

describe('media types', () => {
  it('lists about fifty registered types and filters them by typed text', () => {
    expect(MEDIA_TYPES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(MEDIA_TYPES).size).toBe(MEDIA_TYPES.length);
    for (const type of MEDIA_TYPES) expect(mediaTypeProblem(type)).toBeUndefined();
    expect(filterMediaTypes(' JSON ')).toContain('application/ld+json');
    expect(filterMediaTypes('png')).toEqual(['image/png']);
    expect(filterMediaTypes('')).toHaveLength(MEDIA_TYPES.length);
  });
});

describe('the live check', () => {
  it('finds nothing in a blank form: blank fields are the form’s own to report', () => {
    for (const type of [
      'Verb',
      'ActivityType',
      'AttachmentUsageType',
      'Activity',
      'Document',
      'Extension',
    ] as const)
      expect(liveFindings(blankConceptValues(type, true), ctx)).toEqual([]);
  });

  it('leaves inline schemas to the form and the server: checking them compiles code', () => {
    const values = {
      ...blankConceptValues('Extension', true),
      type: 'ContextExtension',
      schemaType: 'inlineSchema' as const,
      inlineSchema: '{"type": "nonsense"}',
    };
    expect(liveFindings(values, ctx)).toEqual([]);
  });

  it('reports the concept’s own findings with their place in it', () => {
    const findings = liveFindings(
      { ...blankConceptValues('Document', true), type: 'StateResource', mediaType: 'json' },
      ctx,
    );
    expect(findings).toEqual([
      expect.objectContaining({ ruleId: 'G2', path: '/concepts/0/contentType' }),
    ]);
    expect(placeholderConceptIri('', 'Document')).toMatch(/^https:\/\/.+\/documents\//);
  });

  it('knows relations to concepts of the same profile', () => {
    const term = 'https://example.org/profile/verbs/paused';
    const values = {
      ...blankConceptValues('Verb', true),
      similarTerms: [{ iri: term, name: 'Paused', relationType: 'broader' as const }],
    };
    expect(liveFindings(values, { ...ctx, localTerms: [{ iri: term, type: 'Verb' }] })).toEqual([]);
    // The same IRI as an ActivityType of this profile is the wrong kind.
    expect(
      liveFindings(values, { ...ctx, localTerms: [{ iri: term, type: 'ActivityType' }] }),
    ).toEqual([expect.objectContaining({ ruleId: 'E2' })]);
  });
});
