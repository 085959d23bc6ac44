import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useRevokeVerification } from '../../api/admin-verification';
import { feedback } from '../../lib/feedback-store';
import { ErrorAlert } from '../../components/parts';

export const REVOKED_MESSAGE = 'The profile’s verification was revoked.';

/** A site admin takes a version's verification away; the reason is required. */
export function RevokeDialog({
  opened,
  onClose,
  versionUuid,
  profileName,
}: {
  opened: boolean;
  onClose: () => void;
  versionUuid: string;
  profileName: string;
}) {
  const revoke = useRevokeVerification(versionUuid);
  const [reason, setReason] = useState('');
  const close = () => {
    revoke.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Revoke Verification" centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          <strong>{profileName}</strong> will no longer show as verified. The working group is told
          the reason.
        </Text>
        <Textarea
          label="Reason"
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
        />
        <ErrorAlert error={revoke.error} title="Not revoked" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={reason.trim() === ''}
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(reason.trim(), {
                onSuccess: () => {
                  feedback.showSuccess({
                    subject: 'Verification revoked',
                    message: REVOKED_MESSAGE,
                  });
                  close();
                },
              })
            }
          >
            Revoke Verification
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
