import { describe, expect, it } from 'vitest';
import { conceptContent, conceptForm, similarTermsOf } from './concept-content';
import { conceptInputSchema } from './concepts';

const ctx = (local: string[] = [], previous?: Record<string, unknown>) => ({
  iri: 'https://example.org/p/verbs/read',
  inScheme: 'https://example.org/p/v1',
  isLocal: (iri: string) => local.includes(iri),
  previous,
});
const parse = (input: Record<string, unknown>) =>
  conceptInputSchema.parse({ name: 'n', description: 'd', ...input });

describe('concepts in the document form', () => {
  it('writes relations in the same profile with SKOS terms and across profiles with *Match', () => {
    const content = conceptContent(
      parse({
        conceptType: 'Verb',
        similarTerms: [
          { iri: 'https://example.org/p/verbs/study', relationType: 'broader' },
          { iri: 'https://other.org/verbs/peruse', relationType: 'narrower' },
          { iri: 'https://other.org/verbs/scan', relationType: 'related' },
        ],
      }),
      ctx(['https://example.org/p/verbs/study']),
    );
    expect(content).toMatchObject({
      id: 'https://example.org/p/verbs/read',
      type: 'Verb',
      inScheme: 'https://example.org/p/v1',
      prefLabel: { en: 'n' },
      definition: { en: 'd' },
      broader: ['https://example.org/p/verbs/study'],
      narrowMatch: ['https://other.org/verbs/peruse'],
      relatedMatch: ['https://other.org/verbs/scan'],
    });
    expect(similarTermsOf(content).map((t) => t.relationType)).toEqual([
      'related',
      'broader',
      'narrower',
    ]);
  });

  it('shows an exact match as a similar term, so the form can keep, change or remove it', () => {
    const stored = {
      id: 'https://example.org/p/verbs/read',
      type: 'Verb',
      prefLabel: { en: 'read' },
      definition: { en: 'd' },
      exactMatch: ['https://example.org/p/verbs/read', 'https://other.org/verbs/read'],
    };
    const form = conceptForm(stored);
    expect(form).toMatchObject({
      similarTerms: [
        { iri: 'https://example.org/p/verbs/read', relationType: 'exact' },
        { iri: 'https://other.org/verbs/read', relationType: 'exact' },
      ],
    });
    // The author removes the match that names the concept itself and keeps the other.
    const saved = conceptContent(
      parse({
        conceptType: 'Verb',
        similarTerms: [{ iri: 'https://other.org/verbs/read', relationType: 'exact' }],
      }),
      ctx(['https://example.org/p/verbs/read'], stored),
    );
    expect(saved.exactMatch).toEqual(['https://other.org/verbs/read']);
    const removed = conceptContent(parse({ conceptType: 'Verb' }), ctx([], stored));
    expect(removed).not.toHaveProperty('exactMatch');
  });

  it('keeps what the form does not manage and the deprecation of the stored content', () => {
    const content = conceptContent(
      parse({ conceptType: 'ActivityType' }),
      ctx([], { 'https://x.org/note': 'kept', deprecated: true, broader: ['gone'] }),
    );
    expect(content['https://x.org/note']).toBe('kept');
    expect(content.deprecated).toBe(true);
    expect(content).not.toHaveProperty('broader');
  });

  it('stores only the chosen schema and the recommended terms under the right key', () => {
    const activityExtension = conceptContent(
      parse({
        conceptType: 'Extension',
        type: 'ActivityExtension',
        recommendedTerms: ['https://example.org/types/book'],
        schemaType: 'schemaString',
        schemaString: 'https://example.org/schema.json',
        inlineSchema: '{"unused": true}',
      }),
      ctx(),
    );
    expect(activityExtension).toMatchObject({
      recommendedActivityTypes: ['https://example.org/types/book'],
      schema: 'https://example.org/schema.json',
    });
    expect(activityExtension).not.toHaveProperty('inlineSchema');
    const contextExtension = conceptContent(
      parse({
        conceptType: 'Extension',
        type: 'ContextExtension',
        recommendedTerms: ['https://example.org/verbs/read'],
        schemaType: 'inlineSchema',
        inlineSchema: '{"type":"string"}',
      }),
      ctx(),
    );
    expect(contextExtension).toMatchObject({
      recommendedVerbs: ['https://example.org/verbs/read'],
      inlineSchema: '{"type":"string"}',
    });
    expect(contextExtension).not.toHaveProperty('schema');
  });

  it('puts an activity in its definition, with only the components its interaction type uses', () => {
    const content = conceptContent(
      parse({
        conceptType: 'Activity',
        activityType: 'https://example.org/types/question',
        interactionType: 'likert',
        scale: [{ id: 'good', description: 'Good' }],
        choices: [{ id: 'stray', description: 'not for likert' }],
      }),
      ctx(),
    );
    expect(content).not.toHaveProperty('prefLabel');
    expect(content.activityDefinition).toEqual({
      '@context': 'https://w3id.org/xapi/profiles/activity-context',
      name: { en: 'n' },
      description: { en: 'd' },
      type: 'https://example.org/types/question',
      interactionType: 'likert',
      scale: [{ id: 'good', description: { en: 'Good' } }],
    });
  });

  it('reads stored content back into the form', () => {
    const input = {
      conceptType: 'Document' as const,
      type: 'StateResource' as const,
      mediaType: 'application/json',
      contextIri: 'https://example.org/ctx',
      schemaType: 'inlineSchema' as const,
      inlineSchema: '{"type":"object"}',
      translations: [{ language: 'fr', translationName: 'nf', translationDesc: 'df' }],
    };
    const form = conceptForm(conceptContent(parse(input), ctx()));
    expect(form).toMatchObject({ name: 'n', description: 'd', ...input });
  });
});
