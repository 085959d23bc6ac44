import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Profile, ProfileVersion } from '../../../common/profiles';
import { useDeleteProfile, usePublishedVersion } from '../../api/profiles';
import { feedback } from '../../lib/feedback-store';
import { ErrorAlert } from '../../components/parts';

/**
 * Whether deleting from this version takes only the draft (the profile has a published version,
 * which stays public) or the whole profile.
 */
export const deletesDraftOnly = (profile: Profile, version: ProfileVersion) =>
  version.state === 'draft' && profile.currentPublishedVersion !== null;

/** The delete button of a version names what it destroys. */
export const deleteProfileLabel = (profile: Profile, version: ProfileVersion) =>
  deletesDraftOnly(profile, version) ? 'Delete draft' : 'Delete profile';

/**
 * Deleting from a version page. A draft of a profile that has a published version is deleted on
 * its own (the published version stays public); otherwise the whole profile goes, and the user
 * types its name to confirm.
 */
export function DeleteProfileDialog({
  opened,
  onClose,
  profile,
  version,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  profile: Profile;
  version: ProfileVersion;
  onDeleted: () => void;
}) {
  const remove = useDeleteProfile(profile.uuid);
  const [typed, setTyped] = useState('');
  const draftOnly = deletesDraftOnly(profile, version);
  // The profile goes by the name of its published version, or of its draft until it has one.
  const published = usePublishedVersion(profile, version);
  const name = published.version?.name ?? version.name;

  const close = () => {
    remove.reset();
    setTyped('');
    onClose();
  };

  const confirm = () =>
    remove.mutate(draftOnly ? { draftOnly: true } : { draftOnly: false, confirmName: typed }, {
      onSuccess: () => {
        feedback.showSuccess(
          draftOnly
            ? { subject: 'Draft deleted', message: 'The draft was successfully deleted.' }
            : { subject: 'Profile deleted', message: `${name} was successfully removed.` },
        );
        close();
        onDeleted();
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={draftOnly ? `Delete the draft of ${name}` : `Delete the profile ${name}`}
      centered
      size="lg"
    >
      <Stack gap="md">
        {draftOnly ? (
          <Text size="sm">
            Delete the draft version {version.version} of <strong>{name}</strong>, with every change
            made in it (its new concepts, statement templates and patterns, and its edits to the
            ones it carried over)? The published version stays public. This cannot be undone.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Delete <strong>{name}</strong> with all its versions, concepts, statement templates
              and patterns? This cannot be undone.
            </Text>
            <TextInput
              label="Type the profile name to confirm"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
          </>
        )}
        <ErrorAlert error={remove.error} title="Not deleted" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={confirm}
            loading={remove.isPending}
            disabled={!draftOnly && (published.isLoading || typed !== name)}
          >
            {deleteProfileLabel(profile, version)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
