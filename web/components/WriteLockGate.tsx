import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LOCK_TIMED_OUT_MESSAGE } from '../../common/locks';
import { LOCK_ACQUIRING_MESSAGE, useWriteLock } from '../api/locks';

export const RETRY_LABEL = 'Retry';
/** The button that takes a lapsed lock again. */
export const REESTABLISH_LABEL = 'Try to reestablish lock';
/** Said under the timed-out message while a save waits for the lock. */
export const SAVE_WAITING_HINT = 'Your save goes out once the lock is back.';
/** Said when the lock went to someone else while the form was open: what was typed stays. */
export const KEPT_HINT =
  'Your unsaved changes are kept below, read-only: copy them, or press Retry once the lock is free to go on editing.';

/**
 * Shows an edit form only while its editor holds the write lock of `lockPath`: a note while the
 * lock is being taken, the reason and a Retry button when it cannot be had. Once the form was
 * shown it stays, with what was typed: a lock that ran out while the editor was idle is
 * announced ('Your lock on this resource has timed out') with 'Try to reestablish lock', which
 * takes it again (a save pressed meanwhile waits and goes out once it is back); if someone else
 * took it, the form turns read-only under a note saying who, with Retry. `onLeave` adds a way
 * back to the screen's read-only page.
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
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (lock.state === 'held' && openedFor !== lockPath) setOpenedFor(lockPath);
  const opened = openedFor === lockPath;

  const leave = onLeave && (
    <Button variant="default" onClick={onLeave}>
      Go Back
    </Button>
  );
  const acquiring = (
    <Paper withBorder radius="md" p="lg" aria-busy="true">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{LOCK_ACQUIRING_MESSAGE}</Text>
      </Group>
    </Paper>
  );
  const refused = (
    <Alert color="orange" variant="light" title="Write lock unavailable">
      <Text size="sm" mb={opened ? 4 : 'md'}>
        {lock.message ?? LOCK_ACQUIRING_MESSAGE}
      </Text>
      {opened && (
        <Text size="sm" mb="md">
          {KEPT_HINT}
        </Text>
      )}
      <Group gap="sm">
        <Button onClick={lock.retry}>{RETRY_LABEL}</Button>
        {leave}
      </Group>
    </Alert>
  );

  if (!opened) {
    if (lock.state === 'acquiring') return acquiring;
    return refused;
  }
  return (
    <Stack gap="md">
      {lock.state === 'acquiring' && acquiring}
      {lock.state === 'failed' && refused}
      <KeptForm state={lock.state} resume={lock.resume}>
        {children}
      </KeptForm>
    </Stack>
  );
}

/**
 * The form of a gate that was opened: editable while the lock is held or lapsed, read-only
 * otherwise (typing, pasting and dropping are refused, selecting and copying work). While the
 * lock is lapsed an alert says so, with the button that takes it again; a save sent without the
 * lock waits for it and goes out once the lock is back.
 */
function KeptForm({
  state,
  resume,
  children,
}: {
  state: 'acquiring' | 'held' | 'lapsed' | 'failed';
  resume: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const pending = useRef<HTMLFormElement | null>(null);
  /** A save was pressed while the lock was lapsed: it goes out once the lock is back. */
  const [waiting, setWaiting] = useState(false);
  if (waiting && (state === 'held' || state === 'failed')) setWaiting(false);
  const readOnly = state === 'failed' || state === 'acquiring';
  const labelId = useId();

  useEffect(() => {
    const node = ref.current;
    if (!node || !readOnly) return;
    const refuse = (event: Event) => event.preventDefault();
    node.addEventListener('beforeinput', refuse, { capture: true });
    return () => node.removeEventListener('beforeinput', refuse, { capture: true });
  }, [readOnly]);

  useEffect(() => {
    if (state === 'failed') pending.current = null;
    if (state !== 'held' || !pending.current) return;
    const form = pending.current;
    pending.current = null;
    if (form.isConnected) form.requestSubmit();
  }, [state]);

  const onSubmitCapture = (event: FormEvent<HTMLDivElement>) => {
    if (state === 'held') return;
    event.preventDefault();
    event.stopPropagation();
    if (state === 'failed') return;
    if (event.target instanceof HTMLFormElement) {
      pending.current = event.target;
      setWaiting(true);
    }
  };

  return (
    <div
      ref={ref}
      role={readOnly ? 'group' : undefined}
      aria-labelledby={readOnly ? labelId : undefined}
      onSubmitCapture={onSubmitCapture}
    >
      {state === 'lapsed' && (
        <Alert color="orange" variant="light" role="alert" mb="md" title={LOCK_TIMED_OUT_MESSAGE}>
          <Text size="sm" mb="sm">
            What you typed is kept below. Take the lock again to go on editing and saving.
            {waiting && ` ${SAVE_WAITING_HINT}`}
          </Text>
          <Button onClick={resume}>{REESTABLISH_LABEL}</Button>
        </Alert>
      )}
      {readOnly && (
        <Text id={labelId} size="sm" c="dimmed" mb="xs">
          Unsaved changes (read-only until the write lock is back)
        </Text>
      )}
      {children}
    </div>
  );
}
