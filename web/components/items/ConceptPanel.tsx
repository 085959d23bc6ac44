import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useClaimConcept, useConcept } from '../../api/concepts';
import { Field, FieldGrid, IriText, ParentFields, TranslationsTable } from './fields';
import { ItemPanel, ItemPanelBody, NotLoaded } from './ItemPanel';
import { formatDate } from '../../lib/format';
import { TypeSpecificFields } from './ConceptFields';
import { CONCEPT_TYPE_LABELS } from './concept-format';

/**
 * What the panel shows of one concept, fetched on its own (`GET /app/concept/{id}`); also the
 * read-only view of a concept on other screens (`ConceptPanelBody`).
 */
function PanelBody({ initialId }: { initialId: string }) {
  // Terms the concept points at open in the same panel.
  const [conceptId, setConceptId] = useState(initialId);
  const query = useConcept(conceptId);
  const claim = useClaimConcept();

  if (!query.data) return <NotLoaded error={query.error} noun="concept" />;
  const { concept, permissions } = query.data;
  return (
    <ItemPanelBody
      name={concept.name}
      noun="concept"
      badge="concept"
      color="grape"
      deprecated={concept.status === 'Deprecated'}
      onClaim={
        permissions.claim
          ? (profileId) => claim.mutateAsync({ conceptId: concept.uuid, profileId })
          : undefined
      }
    >
      {conceptId !== initialId && (
        <Anchor component="button" type="button" size="sm" onClick={() => setConceptId(initialId)}>
          Back to the first concept
        </Anchor>
      )}
      <FieldGrid cols={2}>
        <Field label="IRI" wide>
          <IriText iri={concept.iri} />
        </Field>
        <Field label="Description" wide>
          <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {concept.description}
          </Text>
        </Field>
        <Field label="Translations" wide>
          <TranslationsTable item={concept} />
        </Field>
        <Field label="Concept Type">{CONCEPT_TYPE_LABELS[concept.conceptType]}</Field>
        <Field label="Updated">{formatDate(concept.updatedOn)}</Field>
        <TypeSpecificFields concept={concept} onOpenTerm={setConceptId} />
        <ParentFields item={concept} groupLabel="Author" />
      </FieldGrid>
    </ItemPanelBody>
  );
}

export { PanelBody as ConceptPanelBody };

/**
 * The side panel of a concept: everything about it without leaving the list or search it was
 * opened from. Nothing shows while `conceptId` is null.
 */
export function ConceptPanel({
  conceptId,
  onClose,
}: {
  conceptId: string | null;
  onClose: () => void;
}) {
  return (
    <ItemPanel noun="concept" itemId={conceptId} onClose={onClose}>
      {(id) => <PanelBody key={id} initialId={id} />}
    </ItemPanel>
  );
}
