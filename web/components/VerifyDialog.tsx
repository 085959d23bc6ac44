import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { verifyDecisionSchema } from '../../common/profiles';
import { useVerifyDecision } from '../api/admin-verification';
import { feedback } from '../lib/feedback-store';
import { ErrorAlert } from './parts';

/** Who asked for a verification, when the request does not say. */
export const UNKNOWN_USER = 'Unknown User';

export const APPROVED_MESSAGE =
  'This profile’s submission for verification is approved. The profile is now verified.';
export const DENIED_MESSAGE = 'This profile’s submission for verification is not approved.';

/**
 * A site admin's answer to a verification request: approve, or deny with a reason the requester
 * is told. Save is enabled only for an approval or a denial with a reason.
 */
export function VerifyDialog({
  opened,
  onClose,
  versionUuid,
  profileName,
  version,
  onDecided,
}: {
  opened: boolean;
  onClose: () => void;
  versionUuid: string;
  profileName: string;
  version: number;
  onDecided?: () => void;
}) {
  const decide = useVerifyDecision(versionUuid);
  const [approval, setApproval] = useState<'approve' | 'deny' | null>(null);
  const [reason, setReason] = useState('');
  const canSave = approval === 'approve' || (approval === 'deny' && reason.trim() !== '');

  const close = () => {
    decide.reset();
    setApproval(null);
    setReason('');
    onClose();
  };

  const save = () => {
    const parsed = verifyDecisionSchema.safeParse({ approval, reason });
    if (!parsed.success) return;
    decide.mutate(parsed.data, {
      onSuccess: () => {
        feedback.showSuccess({
          subject: parsed.data.approval === 'approve' ? 'Profile verified' : 'Verification denied',
          message: parsed.data.approval === 'approve' ? APPROVED_MESSAGE : DENIED_MESSAGE,
        });
        close();
        onDecided?.();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Verify Profile" centered size="lg">
      <Stack gap="md">
        <Text size="sm">
          Review version {version} of <strong>{profileName}</strong>. Approving marks it as verified
          for everyone; the requester is told the outcome either way.
        </Text>
        <Radio.Group
          label="Decision"
          withAsterisk
          value={approval ?? ''}
          onChange={(value) => setApproval(value === 'approve' || value === 'deny' ? value : null)}
        >
          <Group gap="lg" mt="xs">
            <Radio value="approve" label="Approve" />
            <Radio value="deny" label="Deny" />
          </Group>
        </Radio.Group>
        <Textarea
          label="Reason"
          description={
            approval === 'deny'
              ? 'Required when denying: tell the group what to change.'
              : 'Optional when approving.'
          }
          required={approval === 'deny'}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={2000}
        />
        <ErrorAlert error={decide.error} title="Not saved" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} disabled={!canSave} loading={decide.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
