import { Button, Group, Text } from '@mantine/core';
import { CancelButton } from './DiscardChangesDialog';

/**
 * The buttons under an edit form: Deprecate and Delete on the left where they are offered (Delete
 * names what it destroys, since a profile page also offers deleting the whole draft; where it is
 * not offered, `noDelete` says why); Cancel
 * (asking first while changes are unsaved) and the submit button on the right. The submit button
 * is disabled while `blocked`; `describedBy` names the text that says why.
 */
export function FormActions({
  onDeprecate,
  onDelete,
  deleteLabel,
  noDelete,
  dirty,
  subject,
  onCancel,
  submitLabel,
  busy,
  blocked,
  describedBy,
}: {
  onDeprecate?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
  /** What the delete button says: the thing it destroys ("Delete concept", "Delete draft"). */
  deleteLabel?: string | undefined;
  /** Why no Delete is offered where one might be looked for (a published item: deprecate it). */
  noDelete?: string | undefined;
  dirty: boolean;
  /** What is being edited, as the discard question names it. */
  subject: string;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  blocked: boolean;
  describedBy?: string | undefined;
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {onDeprecate && (
          <Button variant="outline" color="orange" onClick={onDeprecate}>
            Deprecate
          </Button>
        )}
        {onDelete && (
          <Button variant="outline" color="red" onClick={onDelete}>
            {deleteLabel ?? `Delete ${subject}`}
          </Button>
        )}
        {!onDelete && noDelete && (
          <Text size="sm" c="dimmed" maw="22rem">
            {noDelete}
          </Text>
        )}
      </Group>
      <Group gap="sm">
        <CancelButton dirty={dirty} subject={subject} onCancel={onCancel} />
        <Button type="submit" loading={busy} disabled={blocked} aria-describedby={describedBy}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
