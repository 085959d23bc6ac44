import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITED_EDIT_MESSAGE, type ConceptView } from '../../../common/concepts';
import { useVersionConcept } from '../../api/concepts';
import { HttpError } from '../../api/http';
import { formatDate, publicProfilePath } from '../profile/format';
import { ErrorAlert } from '../profile/parts';
import {
  Field,
  FieldGrid,
  IriText,
  ParentFields,
  TranslationsTable,
  TypeSpecificFields,
} from './ConceptFields';
import { ConceptPanel } from './ConceptPanel';
import { LinkedBadge, StatusBadge } from './ConceptsTable';
import {
  DeleteConceptDialog,
  DeprecateConceptDialog,
  RemoveLinkDialog,
  type ConceptTarget,
} from './dialogs';
import { CONCEPT_TYPE_LABELS, typeLabel } from './format';
import { useConceptScope } from './scope';

export const CONCEPT_NOT_FOUND = 'This profile version does not list this concept.';

type Concept = ConceptView['concept'];

/** Who deprecated the item (a concept unless `noun` says otherwise), when, why, and where to read. */
export function DeprecatedBanner({
  deprecation,
  noun = 'concept',
}: {
  deprecation: Concept['deprecation'];
  /** What the item is, in words: 'concept', 'statement template', 'pattern'. */
  noun?: string;
}) {
  if (!deprecation) return null;
  return (
    <Alert color="red" variant="light" title="Deprecated" role="note" aria-label="Deprecated">
      <Stack gap={4}>
        <Text size="sm">
          This {noun} was deprecated by {deprecation.by ?? 'an unknown user'} on{' '}
          {formatDate(deprecation.on)}.
        </Text>
        <Text size="sm">
          <strong>Reason:</strong> {deprecation.reason}
        </Text>
        {deprecation.link && (
          <Text size="sm">
            <strong>More information:</strong>{' '}
            <Anchor href={deprecation.link} target="_blank" rel="noreferrer" size="sm">
              {deprecation.link}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

type Dialog = 'deprecate' | 'delete' | 'unlink' | null;

function ConceptDetail({ view }: { view: ConceptView }) {
  const scope = useConceptScope();
  const navigate = useNavigate();
  const { concept, permissions } = view;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [panel, setPanel] = useState<string | null>(null);
  const parent = concept.parentProfile;
  const target: ConceptTarget = {
    profileId: scope.profile.uuid,
    versionId: scope.version.uuid,
    conceptId: concept.uuid,
    name: concept.name,
  };

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Concepts
        </Anchor>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {concept.name}
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {concept.name}
          </Title>
          <Group gap={6}>
            <StatusBadge status={concept.status} />
            {concept.linked && <LinkedBadge />}
          </Group>
        </Stack>
        {permissions.edit && (
          <Group gap="xs" role="toolbar" aria-label="Concept actions">
            <Button component={Link} to={scope.conceptPath(concept.uuid, 'edit')}>
              Edit
            </Button>
            <Button variant="outline" color="orange" onClick={() => setDialog('deprecate')}>
              Deprecate
            </Button>
            <Button variant="outline" color="red" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </Group>
        )}
      </Group>

      <DeprecatedBanner deprecation={concept.deprecation} />
      {concept.linked && (
        <Alert color="blue" variant="light" title="Linked concept" aria-label="Linked concept">
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              This concept is defined in{' '}
              {parent ? (
                <Anchor component={Link} to={publicProfilePath(parent.uuid)} size="sm">
                  {parent.name}
                </Anchor>
              ) : (
                'another profile'
              )}{' '}
              and only listed in this one: it is edited there.
              {parent && (
                <>
                  {' '}
                  <Anchor
                    component={Link}
                    to={`${publicProfilePath(parent.uuid)}/concepts/${encodeURIComponent(concept.uuid)}`}
                    size="sm"
                  >
                    See it in its profile
                  </Anchor>
                </>
              )}
            </Text>
            {permissions.removeLink && (
              <Button variant="light" color="red" onClick={() => setDialog('unlink')}>
                Remove Link
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {permissions.edit && concept.publishedInProfile && (
        <Alert color="yellow" variant="light" aria-label="Limited editing">
          {LIMITED_EDIT_MESSAGE}
        </Alert>
      )}

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
            <TranslationsTable concept={concept} />
          </Field>
          <TypeSpecificFields concept={concept} onOpenTerm={setPanel} />
          <ParentFields concept={concept} groupLabel="Working Group" />
          <Field label="Updated">
            {formatDate(concept.updatedOn)}
            {concept.updatedBy ? ` by ${concept.updatedBy}` : ''}
          </Field>
        </FieldGrid>
      </Paper>

      <ConceptPanel conceptId={panel} onClose={() => setPanel(null)} />
      {dialog === 'deprecate' && (
        <DeprecateConceptDialog
          opened
          onClose={() => setDialog(null)}
          target={target}
          onDeprecated={(change) =>
            void navigate(scope.conceptPath(change.concept.uuid, '', change.versionId))
          }
        />
      )}
      {dialog === 'delete' && (
        <DeleteConceptDialog
          opened
          onClose={() => setDialog(null)}
          target={target}
          onDeleted={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
      {dialog === 'unlink' && (
        <RemoveLinkDialog
          opened
          onClose={() => setDialog(null)}
          target={target}
          onRemoved={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
    </Stack>
  );
}

/** {base}/concepts/{conceptId}: a concept as the version lists it, read-only. */
export function ConceptDetailPage() {
  const scope = useConceptScope();
  const { conceptId = '' } = useParams();
  const query = useVersionConcept(scope.profile.uuid, scope.version.uuid, conceptId);
  if (query.error) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <Stack gap="sm">
        {missing ? (
          <Alert color="gray" variant="light" title="Concept not found">
            {CONCEPT_NOT_FOUND}
          </Alert>
        ) : (
          <ErrorAlert error={query.error} title="Could not load the concept" />
        )}
        <Group>
          <Button component={Link} to={scope.listPath()} variant="light">
            Back to the concepts
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the concept" />
      </Center>
    );
  }
  return <ConceptDetail view={query.data} />;
}
