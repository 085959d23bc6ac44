import { Alert, Button, Group, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOCK_TIMED_OUT_MESSAGE } from '../../../common/locks';
import { LOCK_ACQUIRING_MESSAGE, useWriteLock } from '../../api/locks';

export const RETRY_LABEL = 'Retry';
export const REESTABLISH_LABEL = 'Try to reestablish lock';
/** Said under the timeout: the form was closed with the lock, and so were its unsaved changes. */
export const EXPIRED_HINT =
  'Unsaved changes were not kept, as someone else may have edited it in the meantime. Take the lock again to go on editing.';

/**
 * Shows an edit form only while its editor holds the write lock of `lockPath`: a note while the
 * lock is being taken, the reason and a Retry button when it cannot be had, and a way to take it
 * again once it ran out. `onLeave` adds a way back to the screen's read-only page.
 */
export function WriteLockGate({
  lockPath,
  onLeave,
  children,
}: {
  lockPath: string;
  onLeave?: () => void;
  children: ReactNode;
}) {
  const lock = useWriteLock(lockPath);
  if (lock.state === 'held') return <>{children}</>;

  const leave = onLeave && (
    <Button variant="default" onClick={onLeave}>
      Go Back
    </Button>
  );

  if (lock.state === 'acquiring') {
    return (
      <Paper withBorder radius="md" p="lg" aria-busy="true">
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>{LOCK_ACQUIRING_MESSAGE}</Text>
        </Group>
      </Paper>
    );
  }

  const expired = lock.state === 'expired';
  return (
    <Alert
      color="orange"
      variant="light"
      title={expired ? 'Write lock timed out' : 'Write lock unavailable'}
    >
      <Text size="sm" mb={expired ? 4 : 'md'}>
        {expired ? LOCK_TIMED_OUT_MESSAGE : (lock.message ?? LOCK_ACQUIRING_MESSAGE)}
      </Text>
      {expired && (
        <Text size="sm" c="dimmed" mb="md">
          {EXPIRED_HINT}
        </Text>
      )}
      <Group gap="sm">
        <Button onClick={lock.retry}>{expired ? REESTABLISH_LABEL : RETRY_LABEL}</Button>
        {leave}
      </Group>
    </Alert>
  );
}
