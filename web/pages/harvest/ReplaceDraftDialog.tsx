import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ImportComparison } from '../../api/harvest';
import { Changelog } from '../../components/changes/Changelog';
import type { VersionPaths } from '../../components/items/ItemsListPage';

export const REPLACE_DRAFT = 'Replace draft';
export const DRAFT_CHANGED_NOTICE =
  'The draft changed after it was compared with the file. This is what the file changes in it now.';

/**
 * Asks before a profile file replaces a draft's content, showing what the file changes in the
 * draft as the Compare screen shows two versions. Cancelling leaves the draft as it is.
 */
export function ReplaceDraftDialog({
  profileId,
  profileName,
  fileName,
  document,
  comparison,
  notice,
  paths,
  onConfirm,
  onCancel,
}: {
  profileId: string;
  profileName: string;
  fileName: string;
  /** The file's JSON, shown beside the draft's for an item. */
  document: unknown;
  comparison: ImportComparison;
  /** Said above the comparison, when there is something to say (the draft changed). */
  notice: string | null;
  paths: VersionPaths;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { draft } = comparison;
  return (
    <Modal
      opened
      onClose={onCancel}
      size="xl"
      title={`Replace draft version ${draft.version} of “${profileName}”?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {notice !== null && (
          <Alert color="yellow" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <Text>
          “{fileName}” would replace the content of draft version {draft.version}, edits made on the
          site included. What the file changes in the draft:
        </Text>
        <Changelog
          comparison={{
            changes: comparison.changes,
            links: comparison.links,
            from: {
              kind: 'version',
              uuid: draft.uuid,
              version: draft.version,
              title: `Draft version ${draft.version}`,
            },
            to: { kind: 'file', name: fileName, document },
          }}
          profileId={profileId}
          paths={paths}
          unchanged="The file holds what the draft holds: replacing the draft changes nothing."
          suggestNumber={false}
        />
        {/* Kept in sight at the foot of the dialog: a long comparison must not hide the choice. */}
        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
        >
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red.9" onClick={onConfirm}>
            {REPLACE_DRAFT}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
