import { Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LIMITED_EDIT_MESSAGE, type ConceptView } from '../../../common/concepts';
import { useVersionConcept } from '../../api/concepts';
import {
  Field,
  FieldGrid,
  IriText,
  ParentFields,
  TranslationsTable,
} from '../../components/items/fields';
import { ItemDetailFrame } from '../../components/items/ItemDetailFrame';
import { LoadedItem } from '../../components/items/LoadedItem';
import { formatDate } from '../../lib/format';
import { TypeSpecificFields } from '../../components/items/ConceptFields';
import { ConceptPanel } from '../../components/items/ConceptPanel';
import { conceptDialogs } from './dialogs';
import { typeLabel } from '../../lib/concept-values';
import { CONCEPT_TYPE_LABELS } from '../../components/items/concept-format';
import { useConceptScope } from './scope';

export const CONCEPT_NOT_FOUND = 'This profile version does not list this concept.';

function ConceptDetail({ view }: { view: ConceptView }) {
  const scope = useConceptScope();
  const { concept, permissions } = view;
  const [panel, setPanel] = useState<string | null>(null);

  return (
    <ItemDetailFrame
      kind={conceptDialogs}
      item={concept}
      permissions={permissions}
      scope={scope}
      itemPath={scope.conceptPath}
      publicSegment="concepts"
      limitedMessage={LIMITED_EDIT_MESSAGE}
    >
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Concept details">
        <FieldGrid>
          <Field label="IRI" wide>
            <IriText iri={concept.iri} />
          </Field>
          <Field label="Concept Type">{CONCEPT_TYPE_LABELS[concept.conceptType]}</Field>
          <Field label="Type">{typeLabel(concept.type)}</Field>
          <Field label="Status">{concept.status}</Field>
          <Field label="Name" wide>
            {concept.name}
          </Field>
          <Field label="Description" wide>
            <Text span size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {concept.description}
            </Text>
          </Field>
          <Field label="Translations" wide>
            <TranslationsTable item={concept} />
          </Field>
          <TypeSpecificFields concept={concept} onOpenTerm={setPanel} />
          <ParentFields item={concept} groupLabel="Working Group" />
          <Field label="Updated">
            {formatDate(concept.updatedOn)}
            {concept.updatedBy ? ` by ${concept.updatedBy}` : ''}
          </Field>
        </FieldGrid>
      </Paper>

      <ConceptPanel conceptId={panel} onClose={() => setPanel(null)} />
    </ItemDetailFrame>
  );
}

/** {base}/concepts/{conceptId}: a concept as the version lists it, read-only. */
export function ConceptDetailPage() {
  const scope = useConceptScope();
  const { conceptId = '' } = useParams();
  const query = useVersionConcept(scope.profile.uuid, scope.version.uuid, conceptId);
  return (
    <LoadedItem
      query={query}
      noun="concept"
      notFound={CONCEPT_NOT_FOUND}
      listPath={scope.listPath()}
    >
      {(view) => <ConceptDetail view={view} />}
    </LoadedItem>
  );
}
