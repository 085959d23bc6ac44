import { Anchor, Breadcrumbs, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { ConceptValues } from '../../../../common/concepts';
import { useCreateConcept } from '../../../api/concepts';
import { feedback } from '../../../lib/feedback-store';
import { groupVersionPath } from '../../../lib/paths';
import { CONCEPT_TYPE_LABELS } from '../../../components/items/concept-format';
import { useConceptScope } from '../scope';
import { ConceptForm } from './ConceptForm';
import { createPath } from '../../../components/items/TypeChooser';
import { CHOOSER_TITLE } from './ConceptTypeChooser';
import { prefilledConceptValues, prefillOfState } from '../../../lib/concept-prefill';
import { conceptTypeOfParam } from '../../../lib/concept-values';

export const createdMessage = (name: string) => `${name} was successfully created.`;

/** Where a concept is shown after a change: its page in the version the change landed in. */
export const conceptDetailPath = (
  organizationId: string,
  profileId: string,
  versionId: string,
  conceptId: string,
) => groupVersionPath(organizationId, profileId, versionId, `concepts/${conceptId}`);

/**
 * {base}/concepts/create/{type}: a new concept of one kind. Any other `{type}` goes back to the
 * chooser. Saving a published version lands in its next draft; the concept is shown there. The
 * navigation state may fill the form in (`prefillState`), as the Import Queue does.
 */
export function CreateConceptPage() {
  const scope = useConceptScope();
  const { type } = useParams();
  const navigate = useNavigate();
  const prefill = prefillOfState(useLocation().state);
  const { profile, version } = scope;
  const create = useCreateConcept(profile.uuid, version.uuid);
  const conceptType = conceptTypeOfParam(type);
  const [mayAuthor] = useState(scope.canAuthor);

  // Who could author on arrival stays on the form: creating in a published version makes a
  // draft, after which this version is no longer the one authored in, and the refresh that tells
  // so must not send the screen back to its list while it goes to the new concept in the draft.
  if (!mayAuthor) return <Navigate to={scope.listPath()} replace />;
  if (!conceptType) return <Navigate to={createPath(scope.listPath())} replace />;
  const label = CONCEPT_TYPE_LABELS[conceptType];

  const save = (values: ConceptValues) =>
    create.mutate(values, {
      onSuccess: (change) => {
        feedback.showSuccess({ subject: 'Concept created', message: createdMessage(values.name) });
        void navigate(
          conceptDetailPath(
            profile.organization.uuid,
            profile.uuid,
            change.versionId,
            change.concept.uuid,
          ),
        );
      },
    });

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Concepts
        </Anchor>
        <Anchor component={Link} to={createPath(scope.listPath())} size="sm">
          {CHOOSER_TITLE}
        </Anchor>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Breadcrumbs>
      {version.state === 'published' && (
        <Text size="sm" c="dimmed">
          This version is published: the new {label.toLowerCase()} goes into the profile&apos;s next
          draft.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Fields marked with an asterisk (*) are required.
      </Text>
      <Paper withBorder radius="md" p="lg">
        <ConceptForm
          key={conceptType}
          mode="create"
          conceptType={conceptType}
          initial={prefilledConceptValues(conceptType, prefill)}
          profileId={profile.uuid}
          versionId={version.uuid}
          profileIri={profile.iri}
          busy={create.isPending}
          error={create.error}
          onSubmit={save}
          onCancel={() => void navigate(scope.listPath())}
        />
      </Paper>
    </Stack>
  );
}
