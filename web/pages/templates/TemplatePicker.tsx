import { Stack } from '@mantine/core';
import {
  TEMPLATE_PAGE_SIZE,
  useTemplateSearch,
  type TemplateSearchParams,
} from '../../api/templates';
import {
  ItemResultRow,
  ItemSearch,
  useSearchState,
  type Picked,
} from '../../components/items/AddItems';
import { TemplatePanel } from '../../components/items/TemplatePanel';

/**
 * Searching statement templates to pick several: a required search text, the results a page at a
 * time with a checkbox and a side panel each, and 'No results found' when nothing matches.
 * `hidden` leaves out templates that are already taken.
 */
export function TemplateSearch({
  params,
  selected,
  onToggle,
  hidden = [],
}: {
  params: Omit<TemplateSearchParams, 'search' | 'page'>;
  selected: readonly Picked[];
  onToggle: (template: Picked) => void;
  hidden?: readonly string[];
}) {
  const state = useSearchState();
  const { search, page } = state;
  const results = useTemplateSearch({ ...params, search, page }, search !== '');
  return (
    <Stack gap="md">
      <ItemSearch
        noun="statement template"
        plural="statement templates"
        state={state}
        results={{
          data: results.data && { ...results.data, rows: results.data.templates },
          error: results.error,
        }}
        pageSize={TEMPLATE_PAGE_SIZE}
        selected={selected}
        onToggle={onToggle}
        hidden={hidden}
        renderRow={(template, pick) => (
          <ItemResultRow key={template.uuid} item={template} {...pick} />
        )}
        renderPanel={(id, close) => <TemplatePanel templateId={id} onClose={close} />}
      />
    </Stack>
  );
}
