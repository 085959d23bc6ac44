import { useState } from 'react';
import type { PatternChange } from '../../../common/patterns';
import type { LinkChange } from '../../api/concepts';
import {
  patternLockPath,
  useDeletePattern,
  useDeprecatePattern,
  useRemovePatternLink,
} from '../../api/patterns';
import { feedback } from '../../app/feedback-store';
import { DeprecateDialog, withWriteLock } from '../concepts/dialogs';
import { ConfirmDialog } from '../organization/parts';

export const DEPRECATED_MESSAGE = 'The pattern was deprecated.';
export const DELETED_MESSAGE = 'The pattern was deleted.';
export const LINK_REMOVED_MESSAGE = 'The pattern is no longer linked in this profile.';

/** The pattern a dialog acts on, in the version on screen. */
export interface PatternTarget {
  profileId: string;
  versionId: string;
  patternId: string;
  name: string;
}

const lockOf = (target: PatternTarget) =>
  patternLockPath(target.profileId, target.versionId, target.patternId);

/**
 * Deprecating a pattern: a reason, and optionally a link. The change needs the pattern's write
 * lock: the edit screen holds it (`holdsLock`), elsewhere it is taken for the change.
 */
export function DeprecatePatternDialog({
  opened,
  onClose,
  target,
  holdsLock = false,
  onDeprecated,
}: {
  opened: boolean;
  onClose: () => void;
  target: PatternTarget;
  holdsLock?: boolean;
  onDeprecated: (change: PatternChange) => void;
}) {
  const deprecate = useDeprecatePattern(target.profileId, target.versionId, target.patternId);
  return (
    <DeprecateDialog
      opened={opened}
      onClose={onClose}
      noun="pattern"
      name={target.name}
      successMessage={DEPRECATED_MESSAGE}
      deprecate={(values) =>
        withWriteLock(lockOf(target), holdsLock, () => deprecate.mutateAsync(values))
      }
      onDeprecated={onDeprecated}
    />
  );
}

/**
 * Deleting a pattern after a confirmation. The server refuses while a published version lists
 * it (deprecate it instead) or another item of the version uses it; that message stays here.
 */
export function DeletePatternDialog({
  opened,
  onClose,
  target,
  holdsLock = false,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  target: PatternTarget;
  holdsLock?: boolean;
  onDeleted: (change: PatternChange) => void;
}) {
  const remove = useDeletePattern(target.profileId, target.versionId, target.patternId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = () => {
    setBusy(true);
    setError(null);
    withWriteLock(lockOf(target), holdsLock, () => remove.mutateAsync())
      .then((change) => {
        feedback.showSuccess({ subject: 'Pattern deleted', message: DELETED_MESSAGE });
        close();
        onDeleted(change);
      })
      .catch((failure: unknown) => setError(failure))
      .finally(() => setBusy(false));
  };
  return (
    <ConfirmDialog
      opened={opened}
      title="Delete Pattern?"
      confirmLabel="Delete Pattern"
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

/** Stops listing a pattern of another profile in this version, after a confirmation. */
export function RemovePatternLinkDialog({
  opened,
  onClose,
  target,
  onRemoved,
}: {
  opened: boolean;
  onClose: () => void;
  target: PatternTarget;
  onRemoved: (change: LinkChange) => void;
}) {
  const remove = useRemovePatternLink(target.profileId, target.versionId, target.patternId);
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
      Remove <strong>{target.name}</strong> from this profile? The pattern stays in the profile that
      defines it.
    </ConfirmDialog>
  );
}
