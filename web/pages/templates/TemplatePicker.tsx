import { Badge, Checkbox, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TemplateRow } from '../../../common/templates';
import {
  TEMPLATE_PAGE_SIZE,
  useTemplateSearch,
  type TemplateSearchParams,
} from '../../api/templates';
import { NO_RESULTS_MESSAGE, SearchForm } from '../concepts/AddConceptsPage';
import { InfoButton, StatusBadge } from '../concepts/ConceptsTable';
import { ErrorAlert, Pager } from '../profile/parts';
import { TemplatePanel } from './TemplatePanel';

/** A picked item (template or concept): enough to show it and send its id. */
export interface Picked {
  uuid: string;
  name: string;
}
export type PickedTemplate = Picked;

function ResultRow({
  template,
  checked,
  onToggle,
  onInfo,
}: {
  template: TemplateRow;
  checked: boolean;
  onToggle: () => void;
  onInfo: () => void;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={3}
          checked={checked}
          onChange={onToggle}
          aria-label={`Select ${template.name}`}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {template.name}
            </Text>
            <StatusBadge status={template.status} />
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {template.iri}
          </Text>
          <Text size="sm" lineClamp={2}>
            {template.description}
          </Text>
          {template.parentProfile && (
            <Text size="xs" c="dimmed">
              {template.parentProfile.name} · {template.parentProfile.organization.name}
            </Text>
          )}
        </Stack>
        <InfoButton name={template.name} onClick={onInfo} />
      </Group>
    </Paper>
  );
}

/** The picked items as badges, each removable. */
export function SelectedItems({
  selected,
  onRemove,
  empty = 'Nothing selected yet.',
}: {
  selected: readonly Picked[];
  onRemove: (item: Picked) => void;
  empty?: string;
}) {
  if (selected.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {selected.map((t) => (
        <Badge
          key={t.uuid}
          variant="light"
          size="lg"
          tt="none"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={`Remove ${t.name} from the selection`}
              onClick={() => onRemove(t)}
            />
          }
        >
          {t.name}
        </Badge>
      ))}
    </Group>
  );
}

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
  selected: readonly PickedTemplate[];
  onToggle: (template: PickedTemplate) => void;
  hidden?: readonly string[];
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [panel, setPanel] = useState<string | null>(null);
  const results = useTemplateSearch({ ...params, search, page }, search !== '');
  const data = results.data;
  const shown = (data?.templates ?? []).filter((t) => !hidden.includes(t.uuid));
  const total = data ? data.total - (data.templates.length - shown.length) : 0;

  return (
    <Stack gap="md">
      <SearchForm
        subject="statement templates"
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <ErrorAlert error={results.error} title="Could not search the statement templates" />
      {search !== '' && data && (
        <Stack gap="sm" component="section" aria-label="Search results">
          <Text size="sm" c="dimmed">
            {shown.length === 0
              ? NO_RESULTS_MESSAGE
              : `${total} ${total === 1 ? 'statement template' : 'statement templates'} for “${search}”`}
          </Text>
          {shown.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0}>
              {shown.map((template) => (
                <ResultRow
                  key={template.uuid}
                  template={template}
                  checked={selected.some((t) => t.uuid === template.uuid)}
                  onToggle={() => onToggle({ uuid: template.uuid, name: template.name })}
                  onInfo={() => setPanel(template.uuid)}
                />
              ))}
            </Stack>
          )}
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || TEMPLATE_PAGE_SIZE}
            onChange={setPage}
          />
        </Stack>
      )}
      <TemplatePanel templateId={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}

/** Adds a template to a selection, or takes it out when it is there already. */
export const toggled = (list: readonly PickedTemplate[], template: PickedTemplate) =>
  list.some((t) => t.uuid === template.uuid)
    ? list.filter((t) => t.uuid !== template.uuid)
    : [...list, template];
