import { Table, Text } from '@mantine/core';
import type { DeletedItem } from '../../../common/items';
import { typeLabel } from '../../lib/concept-values';

export const KIND_LABELS: Record<DeletedItem['kind'], string> = {
  concept: 'Concept',
  template: 'Statement Template',
  pattern: 'Pattern',
};

/** A deleted item's kind, with its type beneath when the type says more (an Activity Type). */
export function KindCell({ item }: { item: Pick<DeletedItem, 'kind' | 'type'> }) {
  return (
    <Table.Td>
      <Text size="sm">{KIND_LABELS[item.kind]}</Text>
      {typeLabel(item.type) !== KIND_LABELS[item.kind] && (
        <Text size="xs" c="dimmed">
          {typeLabel(item.type)}
        </Text>
      )}
    </Table.Td>
  );
}
