import { Paper } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { WriteLockGate } from '../WriteLockGate';
import { DeleteItemDialog, DeprecateItemDialog, type ItemDialogKind } from './dialogs';
import type { ItemTarget } from './types';

/**
 * An item's edit form under its write lock, with the Deprecate and Delete dialogs its buttons
 * open (`children` gets the openers); the dialogs use the lock the screen holds. `onLeave` goes
 * back to the item's page; after a change, `onChanged` and `onDeleted` say where to go.
 */
export function ItemEditFrame<Change, LinkChange>({
  kind,
  target,
  onLeave,
  onDeprecated,
  onDeleted,
  children,
}: {
  kind: ItemDialogKind<Change, LinkChange>;
  target: ItemTarget;
  onLeave: () => void;
  onDeprecated: (change: Change) => void;
  onDeleted: (change: Change) => void;
  children: (open: { deprecate: () => void; remove: () => void }) => ReactNode;
}) {
  const [dialog, setDialog] = useState<'deprecate' | 'delete' | null>(null);
  const close = () => setDialog(null);
  return (
    <WriteLockGate lockPath={kind.lockPath(target)} onLeave={onLeave}>
      <Paper withBorder radius="md" p="lg">
        {children({ deprecate: () => setDialog('deprecate'), remove: () => setDialog('delete') })}
      </Paper>
      {dialog === 'deprecate' && (
        <DeprecateItemDialog
          kind={kind}
          target={target}
          holdsLock
          onClose={close}
          onDeprecated={onDeprecated}
        />
      )}
      {dialog === 'delete' && (
        <DeleteItemDialog
          kind={kind}
          target={target}
          holdsLock
          onClose={close}
          onDeleted={onDeleted}
        />
      )}
    </WriteLockGate>
  );
}
