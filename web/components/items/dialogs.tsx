import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { deprecateSchema, type DeprecateInput } from '../../../common/items';
import type { LockAnswer } from '../../../common/locks';
import { http } from '../../api/http';
import { succeeded } from '../../api/organizations';
import { feedback } from '../../lib/feedback-store';
import { ErrorAlert } from '../parts';
import {
  ConflictOf,
  confirmWording,
  differencesOf,
  useEditConflict,
  type FieldValues,
  type Saved,
} from '../EditConflict';
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
 * 'pattern'), what they announce, where its write lock is, its three changes (each a hook giving
 * the function that sends it, deprecating and deleting based on a revision) and a fresh read of
 * the item, to set beside the page's after someone saved it meanwhile.
 */
export interface ItemDialogKind<Change, LinkChange> {
  noun: string;
  /** The item a change answers with (it may have landed in a new draft). */
  changedId: (change: Change) => string;
  messages: { deprecated: string; deleted: string; linkRemoved: string };
  lockPath: (target: ItemTarget) => string;
  useDeprecate: (
    target: ItemTarget,
  ) => (values: DeprecateInput, basedOn: string) => Promise<Change>;
  useDelete: (target: ItemTarget) => (basedOn: string) => Promise<Change>;
  useRemoveLink: (target: ItemTarget) => () => Promise<LinkChange>;
  /** The item as saved now: its revision and its fields (`itemFields`). */
  useLatest: (target: ItemTarget) => () => Promise<Saved<FieldValues>>;
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
 * optional. It is sent under the item's write lock, based on the revision shown; the answer says
 * which version the change landed in and goes to `onDeprecated`. When someone saved the item
 * meanwhile, the reason stays, their changes are shown, and Deprecate anyway sends it again on
 * their version.
 */
export function DeprecateItemDialog<Change, LinkChange>({
  kind,
  target,
  holdsLock = false,
  onClose,
  onDeprecated,
}: ItemDialogProps<Change, LinkChange> & { onDeprecated: (change: Change) => void }) {
  const deprecate = kind.useDeprecate(target);
  const latest = kind.useLatest(target);
  const form = useForm<DeprecateValues>({
    resolver: zodResolver(deprecateSchema),
    defaultValues: { reason: '', link: '' },
  });
  const errors = form.formState.errors;
  const { noun } = kind;
  const title = titleCase(noun);
  // As the page showed it when the dialog opened: reading their version refreshes the page.
  const [shown] = useState(target.fields);

  const close = () => {
    form.reset();
    onClose();
  };
  const edit = useEditConflict({
    revision: target.revision,
    send: (values: DeprecateValues, basedOn: string) =>
      withWriteLock(kind.lockPath(target), holdsLock, () => deprecate(values, basedOn)),
    latest,
    onSaved: (change) => {
      feedback.showSuccess({ subject: `${title} deprecated`, message: kind.messages.deprecated });
      close();
      onDeprecated(change);
    },
  });

  // After a conflict, the reason as it reads now is sent on their version.
  const submit = form.handleSubmit((values) =>
    edit.conflict ? edit.keepMine(values) : edit.save(values),
  );

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
          <ErrorAlert error={edit.error} title="Not deprecated" />
          {edit.conflict ? (
            <ConflictOf
              edit={edit}
              compare={(theirs) => differencesOf(theirs, shown)}
              wording={confirmWording(
                'Deprecate',
                `Your reason stays above: Deprecate anyway deprecates their version of the ${noun} with it; Cancel leaves it as they saved it.`,
              )}
              onKeepMine={() => void submit()}
              onTakeTheirs={close}
            />
          ) : (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="orange" loading={edit.busy}>
                Deprecate
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A change based on the revision of an item the page shows, which someone may have saved since:
 * `action` names it ('Delete': the choice reads 'Delete anyway').
 */
export interface BasedChange {
  revision: string;
  /** The item as the page shows it, field by field (`itemFields`). */
  fields: FieldValues;
  /** The item as saved now, read after a conflict. */
  latest: () => Promise<Saved<FieldValues>>;
  action: string;
}

/**
 * A confirmation before a change that cannot be undone: `run` makes it (taking whatever lock it
 * needs), based on the revision of `based` when it has one; its failure stays in the dialog, its
 * success is announced and handed to `onDone`. When someone saved the item meanwhile, the dialog
 * shows what they changed and offers to make the change on their version, or to cancel.
 */
export function ConfirmChangeDialog<T>({
  title,
  confirmLabel,
  children,
  run,
  based,
  success,
  onDone,
  onClose,
}: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  run: (basedOn: string) => Promise<T>;
  based?: BasedChange;
  success: { subject: string; message: string };
  onDone: (result: T) => void;
  onClose: () => void;
}) {
  // As the page showed it when the dialog opened: reading their version refreshes the page.
  const [shown] = useState(based?.fields ?? {});
  const edit = useEditConflict({
    revision: based?.revision ?? '',
    send: (_nothing: null, basedOn: string) => run(basedOn),
    latest: based?.latest ?? (() => Promise.reject(new Error('Nothing to read.'))),
    onSaved: (result) => {
      feedback.showSuccess(success);
      onClose();
      onDone(result);
    },
  });
  return (
    <Modal opened onClose={onClose} title={title} centered size={edit.conflict ? 'lg' : 'md'}>
      <Stack gap="lg">
        <Text size="sm" component="div">
          {children}
        </Text>
        <ErrorAlert error={edit.error} title="Not done" />
        {edit.conflict ? (
          <ConflictOf
            edit={edit}
            compare={(theirs) => differencesOf(theirs, shown)}
            wording={confirmWording(based?.action ?? confirmLabel)}
            onTakeTheirs={onClose}
          />
        ) : (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={() => edit.save(null)} loading={edit.busy}>
              {confirmLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
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
  const latest = kind.useLatest(target);
  return (
    <ConfirmChangeDialog
      title={`Delete the ${kind.noun} ${target.name}?`}
      confirmLabel={`Delete ${kind.noun}`}
      run={(basedOn) => withWriteLock(kind.lockPath(target), holdsLock, () => remove(basedOn))}
      based={{ revision: target.revision, fields: target.fields, latest, action: 'Delete' }}
      success={{ subject: `${capitalized(kind.noun)} deleted`, message: kind.messages.deleted }}
      onDone={onDeleted}
      onClose={onClose}
    >
      Delete the {kind.noun} <strong>{target.name}</strong> from this draft? Only this {kind.noun}{' '}
      goes: the draft and its other items stay. It moves to the profile&apos;s Deleted Items, from
      where a member can restore it.
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
      run={() => remove()}
      success={{ subject: 'Link removed', message: kind.messages.linkRemoved }}
      onDone={onRemoved}
      onClose={onClose}
    >
      Remove <strong>{target.name}</strong> from this profile? The {kind.noun} stays in the profile
      that defines it.
    </ConfirmChangeDialog>
  );
}
