import {
  Anchor,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useConcept } from '../../api/concepts';
import { HttpError } from '../../api/http';
import { formatDate } from '../profile/format';
import { ErrorAlert } from '../profile/parts';
import { ClaimDialog } from './ClaimDialog';
import {
  Field,
  FieldGrid,
  IriText,
  ParentFields,
  TranslationsTable,
  TypeSpecificFields,
} from './ConceptFields';
import { CONCEPT_TYPE_LABELS } from './format';

/**
 * What the panel shows of one concept, fetched on its own (`GET /app/concept/{id}`); also the
 * read-only view of a concept on other screens (`ConceptPanelBody`).
 */
function PanelBody({ initialId }: { initialId: string }) {
  // Terms the concept points at open in the same panel.
  const [conceptId, setConceptId] = useState(initialId);
  const [claiming, setClaiming] = useState(false);
  const query = useConcept(conceptId);

  if (query.error) {
    if (query.error instanceof HttpError && query.error.status === 404)
      return <Text c="dimmed">This concept is not available.</Text>;
    return <ErrorAlert error={query.error} title="Could not load the concept" />;
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the concept" />
      </Center>
    );
  }
  const { concept, permissions } = query.data;
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {concept.name}
        </Title>
        <Group gap={6}>
          <Badge variant="light" color="grape">
            concept
          </Badge>
          {concept.status === 'Deprecated' && (
            <Badge variant="light" color="red">
              deprecated
            </Badge>
          )}
        </Group>
      </Stack>
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
          <TranslationsTable concept={concept} />
        </Field>
        <Field label="Concept Type">{CONCEPT_TYPE_LABELS[concept.conceptType]}</Field>
        <Field label="Updated">{formatDate(concept.updatedOn)}</Field>
        <TypeSpecificFields concept={concept} onOpenTerm={setConceptId} />
        <ParentFields concept={concept} groupLabel="Author" />
      </FieldGrid>
      {permissions.claim && (
        <Group>
          <Button variant="light" onClick={() => setClaiming(true)}>
            Claim
          </Button>
        </Group>
      )}
      {claiming && (
        <ClaimDialog
          opened
          conceptId={concept.uuid}
          conceptName={concept.name}
          onClose={() => setClaiming(false)}
        />
      )}
    </Stack>
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
    <Drawer
      opened={conceptId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Concept details"
      closeButtonProps={{ 'aria-label': 'Close the concept details' }}
    >
      {conceptId !== null && <PanelBody key={conceptId} initialId={conceptId} />}
    </Drawer>
  );
}
