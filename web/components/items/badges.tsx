import { ActionIcon, Badge, Text, Tooltip } from '@mantine/core';
import type { ConceptRow } from '../../../common/concepts';

/** Where an item stands: concepts, templates and patterns share these three. */
export type ItemStatus = ConceptRow['status'];

const STATUS_COLORS: Record<ItemStatus, string> = {
  Deprecated: 'red',
  Unpublished: 'orange',
  Published: 'blue',
};

export function StatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}

export function LinkedBadge() {
  return (
    <Tooltip label="Defined in another profile and linked here">
      <Badge color="gray" variant="outline" size="sm">
        Linked
      </Badge>
    </Tooltip>
  );
}

/** The round "i" that opens an item's side panel. */
export function InfoButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      radius="xl"
      aria-label={`Show details of ${name}`}
      onClick={onClick}
    >
      <Text span fw={700} fz="sm" ff="serif" aria-hidden>
        i
      </Text>
    </ActionIcon>
  );
}
