import {
  EMPTY_PATTERNS_MESSAGE,
  PATTERN_TYPE_LABELS,
  type PatternRow,
} from '../../../common/patterns';
import { itemSortSchema } from '../../../common/items';
import { useVersionPatterns } from '../../api/patterns';
import {
  ItemsListPage,
  useItemsListParams,
  type ItemsListConfig,
} from '../../components/items/ItemsListPage';
import { statusColumn, updatedColumn } from '../../components/items/ItemsTable';
import { PatternPanel } from './ComponentPanel';
import { primaryLabel } from './format';
import { usePatternScope } from './scope';

/** Name (to its page), type, primary or secondary, status and last update. */
const PATTERNS_LIST: ItemsListConfig<PatternRow, 'name' | 'updated'> = {
  label: 'Patterns',
  noun: 'pattern',
  nouns: 'patterns',
  minWidth: 720,
  empty: EMPTY_PATTERNS_MESSAGE,
  sorts: itemSortSchema.options,
  actions: [
    { label: 'Create Pattern', to: '/create' },
    { label: 'Add Existing Patterns', to: '/add', variant: 'light' },
  ],
  columns: [
    { label: 'Type', cell: (row) => (row.type ? PATTERN_TYPE_LABELS[row.type] : '—') },
    { label: 'Primary/Secondary', cell: (row) => primaryLabel(row.primary) },
    statusColumn,
    updatedColumn,
  ],
};

/** {base}/patterns: the version's own and linked patterns. */
export function PatternsListPage() {
  const scope = usePatternScope();
  const params = useItemsListParams(PATTERNS_LIST.sorts);
  const list = useVersionPatterns(scope.profile.uuid, scope.version.uuid, params);
  return (
    <ItemsListPage
      config={PATTERNS_LIST}
      scope={scope}
      params={params}
      list={list}
      rows={(data) => data.patterns}
      itemPath={(id) => scope.patternPath(id)}
      panel={(id, onClose) => <PatternPanel patternId={id} onClose={onClose} />}
    />
  );
}
