import { Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { similarTermsOf } from '../../../../common/concept-content';
import type { ConceptChange, ConceptValues, ConceptView } from '../../../../common/concepts';
import { useFetchVersionConcept, useUpdateConcept, useVersionConcept } from '../../../api/concepts';
import { feedback } from '../../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../../components/EditConflict';
import { ItemCrumbs } from '../../../components/items/ItemCrumbs';
import { noDeleteMessage } from '../../../components/items/ItemDetailFrame';
import { ItemEditFrame } from '../../../components/items/ItemEditFrame';
import { itemFields } from '../../../components/items/types';
import { EditableItem, PageDoesNotExist } from '../../../components/items/LoadedItem';
import { conceptDialogs } from '../dialogs';
import { useConceptScope } from '../scope';
import { ConceptForm, type LocalTerms } from './ConceptForm';
import { conceptDetailPath } from './CreateConceptPage';
import { editSubRoute, editValues } from '../../../lib/concept-values';

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
  const [initial] = useState(() => editValues(concept.conceptType, concept.form));
  const fetchLatest = useFetchVersionConcept(profile.uuid, version.uuid, concept.uuid);
  const detail = (change: ConceptChange) =>
    conceptDetailPath(
      profile.organization.uuid,
      profile.uuid,
      change.versionId,
      change.concept.uuid,
    );
  const termNames = Object.fromEntries(
    [...concept.recommendedTerms, ...concept.similarTerms]
      .filter((t) => t.name !== null)
      .map((t) => [t.iri, t.name ?? '']),
  );

  const edit = useEditConflict({
    revision: concept.revision,
    send: (values: ConceptValues, basedOn: string) =>
      // The answer is awaited, not handed to mutate(): the refresh that follows a save may
      // close this form (the version on screen is no longer the current one) before it.
      update.mutateAsync({ input: updateInput(values), basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return {
        revision: latest.concept.revision,
        values: editValues(latest.concept.conceptType, latest.concept.form),
      };
    },
    onSaved: (change) => {
      feedback.showSuccess({ subject: 'Concept saved', message: SAVED_MESSAGE });
      void navigate(detail(change));
    },
  });

  return (
    <ItemEditFrame
      kind={conceptDialogs}
      target={{
        profileId: profile.uuid,
        versionId: version.uuid,
        itemId: concept.uuid,
        name: concept.name,
        revision: edit.basedOn,
        fields: itemFields(concept),
      }}
      onLeave={() => void navigate(scope.conceptPath(concept.uuid))}
      onDeprecated={(change) => void navigate(detail(change))}
      onDeleted={(change) => void navigate(scope.listPath(change.versionId))}
    >
      {(open) => (
        <Stack gap="md">
          <ConflictOf
            edit={edit}
            compare={(theirs, mine) => differencesOf(theirs, updateInput(mine))}
          />
          <ConceptForm
            key={edit.refill?.key}
            mode="edit"
            conceptType={concept.conceptType}
            initial={edit.refill?.values ?? initial}
            profileId={profile.uuid}
            versionId={version.uuid}
            profileIri={profile.iri}
            iri={concept.iri}
            limited={concept.publishedInProfile}
            localTerms={localTermsOf(view)}
            termNames={termNames}
            previous={concept.content}
            busy={update.isPending}
            error={otherThanConflict(update.error)}
            onSubmit={edit.save}
            onCancel={() => void navigate(scope.conceptPath(concept.uuid))}
            onDeprecate={open.deprecate}
            // A concept a published version lists cannot be deleted: the form says to deprecate it.
            onDelete={view.permissions.delete ? open.remove : undefined}
            noDelete={noDeleteMessage('concept')}
          />
        </Stack>
      )}
    </ItemEditFrame>
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
  const itemPath = scope.conceptPath(conceptId);
  return (
    <EditableItem
      query={query}
      admissionKey={`${scope.version.uuid}/${conceptId}`}
      noun="concept"
      listPath={scope.listPath()}
      itemPath={itemPath}
    >
      {(view) => {
        const expected = editSubRoute(view.concept.conceptType);
        if (sub === '')
          return <Navigate to={scope.conceptPath(conceptId, `edit/${expected}`)} replace />;
        if (sub.toLowerCase() !== expected) return <PageDoesNotExist backTo={itemPath} />;
        return (
          <Stack gap="md">
            <ItemCrumbs
              listLabel="Concepts"
              listPath={scope.listPath()}
              name={view.concept.name}
              itemPath={itemPath}
              current="Edit"
            />
            <EditConcept key={`${scope.version.uuid}-${conceptId}`} view={view} />
          </Stack>
        );
      }}
    </EditableItem>
  );
}
