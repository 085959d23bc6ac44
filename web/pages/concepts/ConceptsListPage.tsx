import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  conceptSortSchema,
  EMPTY_CONCEPTS_MESSAGE,
  type ConceptRow,
} from '../../../common/concepts';
import { useVersionConcepts } from '../../api/concepts';
import {
  ItemsListPage,
  useItemsListParams,
  type ItemsListConfig,
} from '../../components/items/ItemsListPage';
import { statusColumn, updatedColumn } from '../../components/items/ItemsTable';
import { publicProfilePath } from '../../lib/paths';
import { ConceptPanel } from '../../components/items/ConceptPanel';
import { CONCEPT_TYPE_LABELS } from '../../components/items/concept-format';
import { useConceptScope } from './scope';

/** Name (to its page), type, parent profile, last update and status. */
const CONCEPTS_LIST: ItemsListConfig<ConceptRow, 'name' | 'type' | 'updated'> = {
  label: 'Concepts',
  noun: 'concept',
  nouns: 'concepts',
  minWidth: 720,
  empty: EMPTY_CONCEPTS_MESSAGE,
  sorts: conceptSortSchema.options,
  actions: [
    { label: 'Create Concept', to: '/create' },
    { label: 'Add Existing Concepts', to: '/add', variant: 'light' },
  ],
  columns: [
    { label: 'Type', sort: 'type', cell: (row) => CONCEPT_TYPE_LABELS[row.conceptType] },
    {
      label: 'Parent Profile',
      cell: (row) =>
        row.parentProfile ? (
          <Anchor component={Link} to={publicProfilePath(row.parentProfile.uuid)}>
            {row.parentProfile.name}
          </Anchor>
        ) : (
          <Text span c="dimmed" size="sm">
            None
          </Text>
        ),
    },
    updatedColumn,
    statusColumn,
  ],
};

/** {base}/concepts: the version's own and linked concepts. */
export function ConceptsListPage() {
  const scope = useConceptScope();
  const params = useItemsListParams(CONCEPTS_LIST.sorts);
  const list = useVersionConcepts(scope.profile.uuid, scope.version.uuid, params);
  return (
    <ItemsListPage
      config={CONCEPTS_LIST}
      scope={scope}
      params={params}
      list={list}
      rows={(data) => data.concepts}
      itemPath={(id) => scope.conceptPath(id)}
      panel={(id, onClose) => <ConceptPanel conceptId={id} onClose={onClose} />}
    />
  );
}
