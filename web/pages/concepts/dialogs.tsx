import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { deprecateSchema, type ConceptChange, type DeprecateInput } from '../../../common/concepts';
import type { LockAnswer } from '../../../common/locks';
import {
  conceptLockPath,
  useDeleteConcept,
  useDeprecateConcept,
  useRemoveConceptLink,
  type LinkChange,
} from '../../api/concepts';
import { http } from '../../api/http';
import { succeeded } from '../../api/organizations';
import { feedback } from '../../app/feedback-store';
import { ConfirmDialog } from '../organization/parts';
import { ErrorAlert } from '../profile/parts';

export const DEPRECATED_MESSAGE = 'The concept was deprecated.';
export const DELETED_MESSAGE = 'The concept was deleted.';
export const LINK_REMOVED_MESSAGE = 'The concept is no longer linked in this profile.';

/** The concept a dialog acts on, in the version on screen. */
export interface ConceptTarget {
  profileId: string;
  versionId: string;
  conceptId: string;
  name: string;
}

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

const underLock = <T,>(target: ConceptTarget, holdsLock: boolean, change: () => Promise<T>) =>
  withWriteLock(
    conceptLockPath(target.profileId, target.versionId, target.conceptId),
    holdsLock,
    change,
  );

type DeprecateValues = z.input<typeof deprecateSchema>;

/** A noun as a title: 'statement template' reads 'Statement Template'. */
const titleCase = (noun: string) => noun.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/**
 * Deprecating an item (`noun`: 'concept', 'pattern', …): a reason is required, a link (an IRI,
 * e.g. of the item to use instead) is optional. `deprecate` sends it under the item's write lock;
 * its answer goes to `onDeprecated`.
 */
export function DeprecateDialog<T>({
  opened,
  onClose,
  noun,
  name,
  successMessage,
  deprecate,
  onDeprecated,
}: {
  opened: boolean;
  onClose: () => void;
  noun: string;
  name: string;
  successMessage: string;
  deprecate: (values: DeprecateInput) => Promise<T>;
  onDeprecated: (change: T) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<DeprecateValues>({
    resolver: zodResolver(deprecateSchema),
    defaultValues: { reason: '', link: '' },
  });
  const errors = form.formState.errors;
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
      const change = await deprecate(values);
      feedback.showSuccess({ subject: `${title} deprecated`, message: successMessage });
      close();
      onDeprecated(change);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={`Deprecate ${title}`} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            A deprecated {noun} stays in the profile but should no longer be used, and can no longer
            be edited. Say why <strong>{name}</strong> is deprecated.
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
 * Deprecating a concept: a reason is required, a link (an IRI, e.g. of the concept to use
 * instead) is optional. The answer says which version the change landed in.
 */
export function DeprecateConceptDialog({
  opened,
  onClose,
  target,
  holdsLock = false,
  onDeprecated,
}: {
  opened: boolean;
  onClose: () => void;
  target: ConceptTarget;
  holdsLock?: boolean;
  onDeprecated: (change: ConceptChange) => void;
}) {
  const deprecate = useDeprecateConcept(target.profileId, target.versionId, target.conceptId);
  return (
    <DeprecateDialog
      opened={opened}
      onClose={onClose}
      noun="concept"
      name={target.name}
      successMessage={DEPRECATED_MESSAGE}
      deprecate={(values) => underLock(target, holdsLock, () => deprecate.mutateAsync(values))}
      onDeprecated={onDeprecated}
    />
  );
}

/**
 * Deleting a concept after a confirmation. The server refuses when a published version lists
 * it (deprecate it instead); that message stays in the dialog.
 */
export function DeleteConceptDialog({
  opened,
  onClose,
  target,
  holdsLock = false,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  target: ConceptTarget;
  holdsLock?: boolean;
  onDeleted: (change: ConceptChange) => void;
}) {
  const remove = useDeleteConcept(target.profileId, target.versionId, target.conceptId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    setBusy(true);
    setError(null);
    underLock(target, holdsLock, () => remove.mutateAsync())
      .then((change) => {
        feedback.showSuccess({ subject: 'Concept deleted', message: DELETED_MESSAGE });
        close();
        onDeleted(change);
      })
      .catch((failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete Concept?"
      confirmLabel="Delete Concept"
      onConfirm={confirm}
      onClose={close}
      busy={busy}
      error={error}
    >
      Delete <strong>{target.name}</strong> from this profile? It moves to the profile&apos;s
      Deleted Items, from where a member can restore it.
    </ConfirmDialog>
  );
}

/** Stops listing a concept of another profile in this version, after a confirmation. */
export function RemoveLinkDialog({
  opened,
  onClose,
  target,
  onRemoved,
}: {
  opened: boolean;
  onClose: () => void;
  target: ConceptTarget;
  onRemoved: (change: LinkChange) => void;
}) {
  const remove = useRemoveConceptLink(target.profileId, target.versionId, target.conceptId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      title="Remove Link?"
      confirmLabel="Remove Link"
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: (change) => {
            feedback.showSuccess({ subject: 'Link removed', message: LINK_REMOVED_MESSAGE });
            close();
            onRemoved(change);
          },
        })
      }
      onClose={close}
      busy={remove.isPending}
      error={remove.error}
    >
      Remove <strong>{target.name}</strong> from this profile? The concept stays in the profile that
      defines it.
    </ConfirmDialog>
  );
}
