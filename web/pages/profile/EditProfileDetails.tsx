import { Alert, Anchor, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  NO_EDIT_PERMISSION,
  normalizeExternalIri,
  type Profile,
  type ProfileVersion,
  type UpdateVersionInput,
} from '../../../common/profiles';
import { releaseWriteLock, versionLockPath } from '../../api/locks';
import {
  useFetchProfileView,
  usePublishedVersion,
  useRootIri,
  useUpdateVersion,
} from '../../api/profiles';
import { feedback } from '../../lib/feedback-store';
import {
  ConflictOf,
  differencesOf,
  otherThanConflict,
  useEditConflict,
} from '../../components/EditConflict';
import { WriteLockGate } from '../../components/WriteLockGate';
import { DeleteProfileDialog, deleteProfileLabel } from './DeleteProfileDialog';
import { isCurrentVersion, isMemberOf, newUuid } from '../../lib/profiles';
import { ProfileForm, type ProfileFormOutput, type ProfileFormValues } from './ProfileForm';

export const SAVED_MESSAGE = 'Your changes have been saved.';

/**
 * The request an edit makes: the content, plus the IRI choice only while the profile was never
 * published and only when it changed.
 */
export function toUpdateInput(profile: Profile, values: ProfileFormOutput): UpdateVersionInput {
  const content: UpdateVersionInput = {
    name: values.name,
    description: values.description,
    translations: values.translations,
    moreInformation: values.moreInformation,
    tags: values.tags,
  };
  if (profile.iriFixed || values.iriType === undefined) return content;
  if (values.iriType === 'generated-iri') {
    return profile.iriType === 'generated-iri' ? content : { ...content, iriType: 'generated-iri' };
  }
  const extiri = normalizeExternalIri(values.extiri ?? '');
  if (profile.iriType === 'external-iri' && extiri === profile.iri) return content;
  return { ...content, iriType: 'external-iri', extiri };
}

/** The form's values for a version's details (and the profile's IRI while it may change). */
function formValuesOf(profile: Profile, version: ProfileVersion): ProfileFormValues {
  return {
    ...(!profile.iriFixed
      ? {
          iriType: profile.iriType,
          extiri: profile.iriType === 'external-iri' ? profile.iri : '',
        }
      : {}),
    name: version.name,
    description: version.description,
    translations: version.translations,
    moreInformation: version.moreInformation,
    tags: version.tags,
  };
}

const LABELS = { extiri: 'External IRI', iriType: 'IRI' };

/**
 * /edit: Edit Profile Details, for members viewing the current version, while they hold its
 * write lock.
 */
export function EditProfileDetails({
  profile,
  version,
  backPath,
  onSaved,
  onCancel,
  onDeleted,
}: {
  profile: Profile;
  version: ProfileVersion;
  backPath: string;
  onSaved: (versionId: string) => void;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const allowed = isMemberOf(profile) && isCurrentVersion(profile, version);
  const update = useUpdateVersion(profile.uuid, version.uuid);
  const editableIri = !profile.iriFixed;
  const root = useRootIri(allowed && editableIri);
  const [previewUuid] = useState(newUuid);
  const [deleting, setDeleting] = useState(false);
  // Tags of the published version stay in every later version.
  const published = usePublishedVersion(profile, version);
  const fetchLatest = useFetchProfileView(profile.uuid, version.uuid);
  const [initial] = useState(() => formValuesOf(profile, version));
  const edit = useEditConflict({
    revision: version.revision,
    send: (values: ProfileFormOutput, basedOn: string) =>
      update.mutateAsync({ input: toUpdateInput(profile, values), basedOn }),
    latest: async () => {
      const latest = await fetchLatest();
      return {
        revision: latest.version.revision,
        values: formValuesOf(latest.profile, latest.version),
      };
    },
    onSaved: (view) => {
      // A published version's save made a draft, and the lock moved to it; the screen closes,
      // so it is given up (leaving gives up the published version's one).
      if (view.version.uuid !== version.uuid)
        void releaseWriteLock(versionLockPath(profile.uuid, view.version.uuid));
      feedback.showSuccess({ subject: 'Profile saved', message: SAVED_MESSAGE });
      onSaved(view.version.uuid);
    },
  });

  if (!allowed) {
    return (
      <Alert color="yellow" variant="light" title="Edit Profile Details">
        {NO_EDIT_PERMISSION}{' '}
        <Anchor component={Link} to={backPath}>
          Go Back
        </Anchor>
      </Alert>
    );
  }

  const generatedIri =
    profile.iriType === 'generated-iri' && profile.iri !== ''
      ? profile.iri
      : root.data === undefined
        ? undefined
        : `${root.data}/${previewUuid}`;

  return (
    <WriteLockGate lockPath={versionLockPath(profile.uuid, version.uuid)} onLeave={onCancel}>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <ConflictOf edit={edit} compare={(theirs, mine) => differencesOf(theirs, mine, LABELS)} />
          <ProfileForm
            key={edit.refill?.key}
            mode="edit"
            heading="Edit Profile Details"
            initial={edit.refill?.values ?? initial}
            iri={editableIri ? { fixed: false, generatedIri } : { fixed: true, value: profile.iri }}
            lockedTags={published.version?.tags ?? []}
            busy={update.isPending}
            error={otherThanConflict(update.error)}
            onCancel={onCancel}
            onDelete={() => setDeleting(true)}
            deleteLabel={deleteProfileLabel(profile, version)}
            onSubmit={edit.save}
          />
        </Stack>
        {deleting && (
          <DeleteProfileDialog
            opened
            onClose={() => setDeleting(false)}
            profile={profile}
            version={version}
            onDeleted={onDeleted}
          />
        )}
      </Paper>
    </WriteLockGate>
  );
}
