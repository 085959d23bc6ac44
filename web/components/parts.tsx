import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { MemberLevel } from '../../common/organizations';
import { LEVEL_LABELS } from '../lib/format';

/** The sentence a person reads for a failed call: the server's message when it gave one. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * A column header read out but not shown (actions, selection). The header is positioned so the
 * hidden label stays inside a table that scrolls sideways instead of widening the page.
 */
export function HiddenHeader({ label, w }: { label: string; w?: number }) {
  return (
    <Table.Th w={w} pos="relative">
      <VisuallyHidden>{label}</VisuallyHidden>
    </Table.Th>
  );
}

export function LevelBadge({ level }: { level: MemberLevel | null }) {
  if (level === null) {
    return (
      <Badge color="orange" variant="light">
        Pending approval
      </Badge>
    );
  }
  return (
    <Badge color={level === 'admin' ? 'grape' : 'indigo'} variant="light">
      {LEVEL_LABELS[level]}
    </Badge>
  );
}

/** A failed call, shown where it happened. */
export function ErrorAlert({ error, title = 'Error' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {messageOf(error)}
    </Alert>
  );
}

/** A question before an action that cannot be undone; the failure, if any, stays in the dialog. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  error = null,
  danger = true,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  error?: unknown;
  danger?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text size="sm" component="div">
          {children}
        </Text>
        <ErrorAlert error={error} title="Not done" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The leave confirmation used wherever a member can leave a group. */
export function LeaveGroupDialog({
  name,
  opened,
  onConfirm,
  onClose,
  busy,
  error,
}: {
  name: string;
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  error: unknown;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Leave Working Group?"
      confirmLabel="Leave Working Group"
      onConfirm={onConfirm}
      onClose={onClose}
      busy={busy}
      error={error}
    >
      You will no longer be a member of <strong>{name}</strong>. To return, you would have to ask to
      join again.
    </ConfirmDialog>
  );
}
