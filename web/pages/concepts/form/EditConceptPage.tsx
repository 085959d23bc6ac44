import { Alert, Anchor, Breadcrumbs, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { ConceptChange, ConceptValues, ConceptView } from '../../../../common/concepts';
import { similarTermsOf } from '../../../../common/concept-content';
import { conceptLockPath, useUpdateConcept, useVersionConcept } from '../../../api/concepts';
import { feedback } from '../../../app/feedback-store';
import { WriteLockGate } from '../../common/WriteLockGate';
import { ErrorAlert } from '../../profile/parts';
import { DeleteConceptDialog, DeprecateConceptDialog, type ConceptTarget } from '../dialogs';
import { useConceptScope } from '../scope';
import { ConceptForm, type LocalTerms } from './ConceptForm';
import { conceptDetailPath } from './CreateConceptPage';
import { editSubRoute, editValues } from './values';

export const PAGE_DOES_NOT_EXIST = 'This page does not exist.';
export const SAVED_MESSAGE = 'Your changes to the concept have been saved.';

type Json = Record<string, unknown>;

/** The edit request: the form's values without the IRI choice, which only a new concept makes. */
function updateInput(values: ConceptValues): ConceptValues {
  const { iriType: _iriType, extiri: _extiri, geniri: _geniri, ...rest } = values;
  return rest;
}

/** Related terms the stored concept keeps under the SKOS relations of its own profile. */
function localTermsOf(view: ConceptView): LocalTerms {
  const content = view.concept.content as Json;
  const local = new Set(
    ['related', 'broader', 'narrower'].flatMap((key) =>
      Array.isArray(content[key]) ? (content[key] as unknown[]) : [],
    ),
  );
  return similarTermsOf(content)
    .filter((t) => local.has(t.iri))
    .map((t) => ({ iri: t.iri, type: view.concept.type }));
}

function EditConcept({ view }: { view: ConceptView }) {
  const scope = useConceptScope();
  const navigate = useNavigate();
  const { profile, version } = scope;
  const { concept } = view;
  const update = useUpdateConcept(profile.uuid, version.uuid, concept.uuid);
  const [dialog, setDialog] = useState<'deprecate' | 'delete' | null>(null);
  const [initial] = useState(() => editValues(concept.conceptType, concept.form));
  const detail = (change: ConceptChange) =>
    conceptDetailPath(
      profile.organization.uuid,
      profile.uuid,
      change.versionId,
      change.concept.uuid,
    );
  const target: ConceptTarget = {
    profileId: profile.uuid,
    versionId: version.uuid,
    conceptId: concept.uuid,
    name: concept.name,
  };
  const termNames = Object.fromEntries(
    [...concept.recommendedTerms, ...concept.similarTerms]
      .filter((t) => t.name !== null)
      .map((t) => [t.iri, t.name ?? '']),
  );

  return (
    <WriteLockGate
      lockPath={conceptLockPath(profile.uuid, version.uuid, concept.uuid)}
      onLeave={() => void navigate(scope.conceptPath(concept.uuid))}
    >
      <Paper withBorder radius="md" p="lg">
        <ConceptForm
          mode="edit"
          conceptType={concept.conceptType}
          initial={initial}
          profileId={profile.uuid}
          versionId={version.uuid}
          profileIri={profile.iri}
          iri={concept.iri}
          limited={concept.publishedInProfile}
          localTerms={localTermsOf(view)}
          termNames={termNames}
          previous={concept.content}
          busy={update.isPending}
          error={update.error}
          onSubmit={(values) =>
            // The answer is awaited, not handed to mutate(): the refresh that follows a save may
            // close this form (the version on screen is no longer the current one) before it.
            void update
              .mutateAsync(updateInput(values))
              .then((change) => {
                feedback.showSuccess({ subject: 'Concept saved', message: SAVED_MESSAGE });
                void navigate(detail(change));
              })
              .catch(() => undefined)
          }
          onCancel={() => void navigate(scope.conceptPath(concept.uuid))}
          onDeprecate={() => setDialog('deprecate')}
          onDelete={() => setDialog('delete')}
        />
      </Paper>
      {dialog === 'deprecate' && (
        <DeprecateConceptDialog
          opened
          holdsLock
          onClose={() => setDialog(null)}
          target={target}
          onDeprecated={(change) => void navigate(detail(change))}
        />
      )}
      {dialog === 'delete' && (
        <DeleteConceptDialog
          opened
          holdsLock
          onClose={() => setDialog(null)}
          target={target}
          onDeleted={(change) => void navigate(scope.listPath(change.versionId))}
        />
      )}
    </WriteLockGate>
  );
}

/**
 * {base}/concepts/{conceptId}/edit/*: the edit form of the concept's kind, at `document`,
 * `extension`, `activity` or the kind itself (`verb`, `activitytype`, `attachmentusagetype`), in
 * any letter case; the bare `edit` goes there. Anyone who may not edit it sees its page instead.
 */
export function EditConceptPage() {
  const scope = useConceptScope();
  const { conceptId = '', '*': rest = '' } = useParams();
  const query = useVersionConcept(scope.profile.uuid, scope.version.uuid, conceptId);
  const sub = rest.replace(/^\/+|\/+$/g, '');
  // Whether the editor may edit is decided when the concept first loads. A save or deprecation
  // refreshes it (the version may no longer be current, the concept may be deprecated) while the
  // screen goes on to the concept's page in the version the change landed in.
  const key = `${scope.version.uuid}/${conceptId}`;
  const [admission, setAdmission] = useState<{ key: string; edit: boolean } | null>(null);
  if (query.data && admission?.key !== key)
    setAdmission({ key, edit: query.data.permissions.edit });

  if (query.error) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={query.error} title="Could not load the concept" />
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Back to the concepts
        </Anchor>
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
  const { concept } = query.data;
  if (admission?.key === key && !admission.edit)
    return <Navigate to={scope.conceptPath(conceptId)} replace />;
  const expected = editSubRoute(concept.conceptType);
  if (sub === '') return <Navigate to={scope.conceptPath(conceptId, `edit/${expected}`)} replace />;
  if (sub.toLowerCase() !== expected) {
    return (
      <Alert color="yellow" variant="light" title="Not found">
        <Text size="sm">
          {PAGE_DOES_NOT_EXIST}{' '}
          <Anchor component={Link} to={scope.conceptPath(conceptId)} size="sm">
            Go back
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Concepts
        </Anchor>
        <Anchor component={Link} to={scope.conceptPath(conceptId)} size="sm">
          {concept.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          Edit
        </Text>
      </Breadcrumbs>
      <EditConcept key={`${scope.version.uuid}-${conceptId}`} view={query.data} />
    </Stack>
  );
}
