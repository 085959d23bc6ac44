import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { deprecateSchema, type DeprecateInput } from '../../../common/items';
import type { LockAnswer } from '../../../common/locks';
import { http } from '../../api/http';
import { succeeded } from '../../api/organizations';
import { feedback } from '../../app/feedback-store';
import { ConfirmDialog } from '../../pages/organization/parts';
import { ErrorAlert } from '../../pages/profile/parts';
import { capitalized, titleCase, type ItemTarget } from './types';

/**
 * Runs a change that needs the write lock of `lockPath` (a concept, template or pattern). An edit
 * screen holds the lock already (`holdsLock`); elsewhere it is taken for the change and given
 * back afterwards.
 */
export async function withWriteLock<T>(
  lockPath: string,
  holdsLock: boolean,
  change: () => Promise<T>,
): Promise<T> {
  if (holdsLock) return change();
  await succeeded(http.post<LockAnswer>(lockPath));
  try {
    return await change();
  } finally {
    void http.delete(lockPath).catch(() => undefined);
  }
}

/**
 * What the dialogs of one kind of item need: its noun ('concept', 'statement template',
 * 'pattern'), what they announce, where its write lock is, and its three changes (each a hook
 * giving the function that sends it).
 */
export interface ItemDialogKind<Change, LinkChange> {
  noun: string;
  /** The item a change answers with (it may have landed in a new draft). */
  changedId: (change: Change) => string;
  messages: { deprecated: string; deleted: string; linkRemoved: string };
  lockPath: (target: ItemTarget) => string;
  useDeprecate: (target: ItemTarget) => (values: DeprecateInput) => Promise<Change>;
  useDelete: (target: ItemTarget) => () => Promise<Change>;
  useRemoveLink: (target: ItemTarget) => () => Promise<LinkChange>;
}

/** A dialog about one item of a kind; `holdsLock` when an edit screen has its lock already. */
interface ItemDialogProps<Change, LinkChange> {
  kind: ItemDialogKind<Change, LinkChange>;
  target: ItemTarget;
  holdsLock?: boolean;
  onClose: () => void;
}

type DeprecateValues = z.input<typeof deprecateSchema>;

/**
 * Deprecating an item: a reason is required, a link (an IRI, e.g. of the item to use instead) is
 * optional. It is sent under the item's write lock; the answer says which version the change
 * landed in and goes to `onDeprecated`.
 */
export function DeprecateItemDialog<Change, LinkChange>({
  kind,
  target,
  holdsLock = false,
  onClose,
  onDeprecated,
}: ItemDialogProps<Change, LinkChange> & { onDeprecated: (change: Change) => void }) {
  const deprecate = kind.useDeprecate(target);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<DeprecateValues>({
    resolver: zodResolver(deprecateSchema),
    defaultValues: { reason: '', link: '' },
  });
  const errors = form.formState.errors;
  const { noun } = kind;
  const title = titleCase(noun);

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const change = await withWriteLock(kind.lockPath(target), holdsLock, () => deprecate(values));
      feedback.showSuccess({ subject: `${title} deprecated`, message: kind.messages.deprecated });
      close();
      onDeprecated(change);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={close} title={`Deprecate ${title}`} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            A deprecated {noun} stays in the profile but should no longer be used, and can no longer
            be edited. Say why <strong>{target.name}</strong> is deprecated.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={3}
            maxRows={8}
            maxLength={2000}
            error={errors.reason?.message}
            {...form.register('reason')}
            data-autofocus
          />
          <TextInput
            label="Link"
            description={`Optional: an IRI with more about the deprecation, such as the ${noun} to use instead.`}
            maxLength={2048}
            error={errors.link?.message}
            {...form.register('link')}
          />
          <ErrorAlert error={error} title="Not deprecated" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={busy}>
              Deprecate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A confirmation before a change that cannot be undone: `run` makes it (taking whatever lock it
 * needs); its failure stays in the dialog, its success is announced and handed to `onDone`.
 */
export function ConfirmChangeDialog<T>({
  title,
  confirmLabel,
  children,
  run,
  success,
  onDone,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  run: () => Promise<T>;
  success: { subject: string; message: string };
  onDone: (result: T) => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    setBusy(true);
    setError(null);
    run()
      .then((result) => {
        feedback.showSuccess(success);
        close();
        onDone(result);
      })
      .catch((failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };
  return (
    <ConfirmDialog
      opened
      title={title}
      confirmLabel={confirmLabel}
      onConfirm={confirm}
      onClose={close}
      busy={busy}
      error={error}
    >
      {children}
    </ConfirmDialog>
  );
}

/**
 * Deleting an item after a confirmation. The server refuses while a published version lists it
 * (deprecate it instead) or another item of the version uses it; that message stays here.
 */
export function DeleteItemDialog<Change, LinkChange>({
  kind,
  target,
  holdsLock = false,
  onClose,
  onDeleted,
}: ItemDialogProps<Change, LinkChange> & { onDeleted: (change: Change) => void }) {
  const remove = kind.useDelete(target);
  const title = titleCase(kind.noun);
  return (
    <ConfirmChangeDialog
      title={`Delete ${title}?`}
      confirmLabel={`Delete ${title}`}
      run={() => withWriteLock(kind.lockPath(target), holdsLock, remove)}
      success={{ subject: `${capitalized(kind.noun)} deleted`, message: kind.messages.deleted }}
      onDone={onDeleted}
      onClose={onClose}
    >
      Delete <strong>{target.name}</strong> from this profile? It moves to the profile&apos;s
      Deleted Items, from where a member can restore it.
    </ConfirmChangeDialog>
  );
}

/** Stops listing an item of another profile in this version, after a confirmation. */
export function RemoveItemLinkDialog<Change, LinkChange>({
  kind,
  target,
  onClose,
  onRemoved,
}: ItemDialogProps<Change, LinkChange> & { onRemoved: (change: LinkChange) => void }) {
  const remove = kind.useRemoveLink(target);
  return (
    <ConfirmChangeDialog
      title="Remove Link?"
      confirmLabel="Remove Link"
      run={remove}
      success={{ subject: 'Link removed', message: kind.messages.linkRemoved }}
      onDone={onRemoved}
      onClose={onClose}
    >
      Remove <strong>{target.name}</strong> from this profile? The {kind.noun} stays in the profile
      that defines it.
    </ConfirmChangeDialog>
  );
}
