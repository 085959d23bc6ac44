import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export const DISCARD_TITLE = 'Discard Changes?';

/** Asked when someone cancels a form with unsaved changes: keep editing, or lose them. */
export function DiscardChangesDialog({
  opened,
  subject,
  onKeep,
  onDiscard,
}: {
  opened: boolean;
  /** What is being edited, as in "Your changes to this {subject}…". */
  subject: string;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onKeep} title={DISCARD_TITLE} centered>
      <Stack gap="lg">
        <Text size="sm">Your changes to this {subject} have not been saved and will be lost.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} data-autofocus>
            Keep Editing
          </Button>
          <Button color="red" onClick={onDiscard}>
            Discard Changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A form's Cancel: it leaves at once, or asks first while the form holds unsaved changes. */
export function CancelButton({
  dirty,
  subject,
  onCancel,
}: {
  dirty: boolean;
  /** What is being edited, as the question names it. */
  subject: string;
  onCancel: () => void;
}) {
  const [discarding, setDiscarding] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => (dirty ? setDiscarding(true) : onCancel())}>
        Cancel
      </Button>
      <DiscardChangesDialog
        opened={discarding}
        subject={subject}
        onKeep={() => setDiscarding(false)}
        onDiscard={() => {
          setDiscarding(false);
          onCancel();
        }}
      />
    </>
  );
}
