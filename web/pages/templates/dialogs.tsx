import { useState, type ReactNode } from 'react';
import type { TemplateChange } from '../../../common/templates';
import {
  templateLockPath,
  useDeleteTemplate,
  useDeprecateTemplate,
  useRemoveTemplateLink,
  type TemplateLinkChange,
} from '../../api/templates';
import { feedback } from '../../app/feedback-store';
import { DeprecateDialog, withWriteLock } from '../concepts/dialogs';
import { ConfirmDialog } from '../organization/parts';
import { TEMPLATE_NOUN } from './format';

export const TEMPLATE_DEPRECATED_MESSAGE = 'The statement template was deprecated.';
export const TEMPLATE_DELETED_MESSAGE = 'The statement template was deleted.';
export const TEMPLATE_LINK_REMOVED_MESSAGE =
  'The statement template is no longer linked in this profile.';

/** The template a dialog acts on, in the version on screen. */
export interface TemplateTarget {
  profileId: string;
  versionId: string;
  templateId: string;
  name: string;
}

/**
 * Runs a one-click change of a template from its page: its write lock is taken for the change
 * and given back afterwards.
 */
export const underTemplateLock = <T,>(target: TemplateTarget, change: () => Promise<T>) =>
  withWriteLock(
    templateLockPath(target.profileId, target.versionId, target.templateId),
    false,
    change,
  );

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

/** Deprecating a template: a reason, and optionally a link. */
export function DeprecateTemplateDialog({
  target,
  onClose,
  onDeprecated,
}: {
  target: TemplateTarget;
  onClose: () => void;
  onDeprecated: (change: TemplateChange) => void;
}) {
  const deprecate = useDeprecateTemplate(target);
  return (
    <DeprecateDialog
      opened
      onClose={onClose}
      noun={TEMPLATE_NOUN}
      name={target.name}
      successMessage={TEMPLATE_DEPRECATED_MESSAGE}
      deprecate={(values) => underTemplateLock(target, () => deprecate.mutateAsync(values))}
      onDeprecated={onDeprecated}
    />
  );
}

/**
 * Deleting a template after a confirmation. The server refuses while a published version lists
 * it (deprecate it instead) or another item of the version uses it; that message stays here.
 */
export function DeleteTemplateDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: TemplateTarget;
  onClose: () => void;
  onDeleted: (change: TemplateChange) => void;
}) {
  const remove = useDeleteTemplate(target);
  return (
    <ConfirmChangeDialog
      title="Delete Statement Template?"
      confirmLabel="Delete Statement Template"
      run={() => underTemplateLock(target, () => remove.mutateAsync())}
      success={{ subject: 'Statement template deleted', message: TEMPLATE_DELETED_MESSAGE }}
      onDone={onDeleted}
      onClose={onClose}
    >
      Delete <strong>{target.name}</strong> from this profile? It moves to the profile&apos;s
      Deleted Items, from where a member can restore it.
    </ConfirmChangeDialog>
  );
}

/** Stops listing a template of another profile in this version, after a confirmation. */
export function RemoveTemplateLinkDialog({
  target,
  onClose,
  onRemoved,
}: {
  target: TemplateTarget;
  onClose: () => void;
  onRemoved: (change: TemplateLinkChange) => void;
}) {
  const remove = useRemoveTemplateLink(target);
  return (
    <ConfirmChangeDialog
      title="Remove Link?"
      confirmLabel="Remove Link"
      run={() => remove.mutateAsync()}
      success={{ subject: 'Link removed', message: TEMPLATE_LINK_REMOVED_MESSAGE }}
      onDone={onRemoved}
      onClose={onClose}
    >
      Remove <strong>{target.name}</strong> from this profile? The statement template stays in the
      profile that defines it.
    </ConfirmChangeDialog>
  );
}
