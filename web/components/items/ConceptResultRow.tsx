import { Badge } from '@mantine/core';
import type { ConceptRow } from '../../../common/concepts';
import { ItemResultRow } from './AddItems';
import { CONCEPT_TYPE_LABELS } from './concept-format';

/** A concept found by a search, with a checkbox and its side panel; other searches show it too. */
export function ConceptResultRow({
  concept,
  checked,
  onToggle,
  onInfo,
}: {
  concept: ConceptRow;
  checked: boolean;
  onToggle: () => void;
  onInfo: () => void;
}) {
  return (
    <ItemResultRow
      item={concept}
      checked={checked}
      onToggle={onToggle}
      onInfo={onInfo}
      badges={
        <Badge variant="light" color="gray" size="sm">
          {CONCEPT_TYPE_LABELS[concept.conceptType]}
        </Badge>
      }
    />
  );
}
