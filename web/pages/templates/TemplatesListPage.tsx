import { EMPTY_TEMPLATES_MESSAGE, type TemplateRow } from '../../../common/templates';
import { itemSortSchema } from '../../../common/items';
import { useVersionTemplates } from '../../api/templates';
import {
  ItemsListPage,
  useItemsListParams,
  type ItemsListConfig,
} from '../../components/items/ItemsListPage';
import { statusColumn, updatedColumn } from '../../components/items/ItemsTable';
import { useTemplateScope } from './scope';
import { TemplatePanel } from '../../components/items/TemplatePanel';

/** Name (to its page), status and last update. */
const TEMPLATES_LIST: ItemsListConfig<TemplateRow, 'name' | 'updated'> = {
  label: 'Statement templates',
  noun: 'statement template',
  nouns: 'statement templates',
  minWidth: 560,
  empty: EMPTY_TEMPLATES_MESSAGE,
  sorts: itemSortSchema.options,
  actions: [{ label: 'Add Statement Template', to: '/add' }],
  columns: [statusColumn, updatedColumn],
};

/** {base}/templates: the version's own and linked statement templates. */
export function TemplatesListPage() {
  const scope = useTemplateScope();
  const params = useItemsListParams(TEMPLATES_LIST.sorts);
  const list = useVersionTemplates(scope.profile.uuid, scope.version.uuid, params);
  return (
    <ItemsListPage
      config={TEMPLATES_LIST}
      scope={scope}
      params={params}
      list={list}
      rows={(data) => data.templates}
      itemPath={(id) => scope.templatePath(id)}
      panel={(id, onClose) => <TemplatePanel templateId={id} onClose={onClose} />}
    />
  );
}
