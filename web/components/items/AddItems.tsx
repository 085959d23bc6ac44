import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ConceptRow } from '../../../common/concepts';
import { feedback } from '../../lib/feedback-store';
import { InfoButton, StatusBadge } from './badges';
import { ErrorAlert } from '../parts';
import { Pager } from '../profile-parts';
import { SearchForm, searchLabels } from './SearchForm';
import { capitalized, type ParentProfile } from './types';

export const NO_RESULTS_MESSAGE = 'No results found';

/** A picked item: enough to show it and send its id. */
export interface Picked {
  uuid: string;
  name: string;
}

/** Adds an item to a selection, or takes it out when it is there already. */
export const toggled = (list: readonly Picked[], item: Picked) =>
  list.some((t) => t.uuid === item.uuid)
    ? list.filter((t) => t.uuid !== item.uuid)
    : [...list, item];

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

/** What a search result shows of any item. */
export interface ResultItem {
  uuid: string;
  iri: string;
  name: string;
  description: string;
  status: ConceptRow['status'];
  parentProfile: ParentProfile | null;
}

/**
 * An item found by a search: a checkbox, its name with `badges` of its kind and its status, its
 * IRI, description and profile, anything `children` adds, and the button of its side panel.
 */
export function ItemResultRow({
  item,
  checked,
  onToggle,
  onInfo,
  badges,
  children,
}: {
  item: ResultItem;
  checked: boolean;
  onToggle: () => void;
  onInfo: () => void;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox mt={3} checked={checked} onChange={onToggle} aria-label={`Select ${item.name}`} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            {badges}
            <StatusBadge status={item.status} />
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {item.iri}
          </Text>
          <Text size="sm" lineClamp={2}>
            {item.description}
          </Text>
          {item.parentProfile && (
            <Text size="xs" c="dimmed">
              {item.parentProfile.name} · {item.parentProfile.organization.name}
            </Text>
          )}
          {children}
        </Stack>
        <InfoButton name={item.name} onClick={onInfo} />
      </Group>
    </Paper>
  );
}

/** The text searched for (empty before the first search) and the page of results shown. */
export function useSearchState(initial = '') {
  const [search, setSearch] = useState(initial);
  const [page, setPage] = useState(1);
  return {
    search,
    page,
    setPage,
    start: (text: string) => {
      setSearch(text);
      setPage(1);
    },
  };
}
export type SearchState = ReturnType<typeof useSearchState>;

/** A page of found items as every search answers it. */
export interface ResultPage<Row> {
  total: number;
  limit: number;
  rows: Row[];
}

/**
 * Searching items of one kind (`noun`, `plural`) to pick several: a required search text, the
 * results a page at a time with a checkbox and a side panel each, and 'No results found' when
 * nothing matches. `hidden` leaves out items that are already taken; `afterForm` comes between
 * the search box and its results.
 */
export function ItemSearch<Row extends ResultItem>({
  noun,
  plural,
  subject = plural,
  state,
  results,
  pageSize,
  selected,
  onToggle,
  hidden = [],
  afterForm,
  renderRow,
  renderPanel,
}: {
  noun: string;
  plural: string;
  /** What the search box names, when narrower than `plural`: 'verb concepts'. */
  subject?: string;
  state: SearchState;
  results: { data: ResultPage<Row> | undefined; error: unknown };
  pageSize: number;
  selected: readonly Picked[];
  onToggle: (item: Picked) => void;
  hidden?: readonly string[];
  afterForm?: ReactNode;
  renderRow: (
    row: Row,
    pick: { checked: boolean; onToggle: () => void; onInfo: () => void },
  ) => ReactNode;
  renderPanel: (itemId: string | null, onClose: () => void) => ReactNode;
}) {
  const [panel, setPanel] = useState<string | null>(null);
  const { search, page } = state;
  const data = results.data;
  const shown = (data?.rows ?? []).filter((row) => !hidden.includes(row.uuid));
  const total = data ? data.total - (data.rows.length - shown.length) : 0;

  return (
    <>
      <SearchForm {...searchLabels(subject)} initial={search} onSearch={state.start} />
      {afterForm}
      <ErrorAlert error={results.error} title={`Could not search the ${plural}`} />
      {search !== '' && data && (
        <Stack gap="sm" component="section" aria-label="Search results">
          <Text size="sm" c="dimmed">
            {shown.length === 0
              ? NO_RESULTS_MESSAGE
              : `${total} ${total === 1 ? noun : plural} for “${search}”`}
          </Text>
          {shown.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0}>
              {shown.map((row) => (
                <Fragment key={row.uuid}>
                  {renderRow(row, {
                    checked: selected.some((t) => t.uuid === row.uuid),
                    onToggle: () => onToggle({ uuid: row.uuid, name: row.name }),
                    onInfo: () => setPanel(row.uuid),
                  })}
                </Fragment>
              ))}
            </Stack>
          )}
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || pageSize}
            onChange={state.setPage}
          />
        </Stack>
      )}
      {renderPanel(panel, () => setPanel(null))}
    </>
  );
}

/** Adds the items picked on an add screen to the version: `mutate` as the link hooks give it. */
export interface LinkMutation {
  mutate(ids: string[], options: { onSuccess: (change: { versionId: string }) => void }): void;
  error: unknown;
  isPending: boolean;
}

/**
 * The 'add existing items' screen of a kind (`plural`, e.g. 'concepts'): breadcrumbs and title,
 * what it does (`intro`), the selection with Cancel and Add Selected to Profile, and the search
 * (`search`, given the selection's panel to place). Adding lists the items in the version (a
 * published one gets a new draft) and opens its list. `createNew` leads to the create screen,
 * beside the title or among the buttons.
 */
export function AddItemsScreen({
  plural,
  listLabel,
  listPath,
  title,
  intro,
  selectionLabel,
  selection,
  link,
  addedMessage,
  createNew,
  search,
}: {
  plural: string;
  listLabel: string;
  listPath: (versionId?: string) => string;
  title: string;
  intro: string;
  selectionLabel: string;
  selection: [Picked[], (update: (list: Picked[]) => Picked[]) => void];
  link: LinkMutation;
  addedMessage: string;
  createNew?: 'beside the title' | 'among the buttons';
  search: (selectionPanel: ReactNode, onToggle: (item: Picked) => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const [selected, setSelected] = selection;
  const toggle = (item: Picked) => setSelected((list) => toggled(list, item));
  const createPath = `${listPath()}/create`;
  const add = () =>
    link.mutate(
      selected.map((item) => item.uuid),
      {
        onSuccess: (change) => {
          feedback.showSuccess({ subject: `${capitalized(plural)} added`, message: addedMessage });
          void navigate(listPath(change.versionId));
        },
      },
    );

  const selectionPanel = (
    <Paper withBorder radius="md" p="md" component="section" aria-label={selectionLabel}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Selected ({selected.length})
        </Text>
        <SelectedItems selected={selected} onRemove={toggle} />
        <ErrorAlert error={link.error} title="Not added" />
        <Group justify="flex-end" gap="sm">
          {createNew === 'among the buttons' && (
            <Button component={Link} to={createPath} variant="subtle">
              Create New
            </Button>
          )}
          <Button component={Link} to={listPath()} variant="default">
            Cancel
          </Button>
          <Button disabled={selected.length === 0} loading={link.isPending} onClick={add}>
            Add Selected to Profile
          </Button>
        </Group>
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={listPath()} size="sm">
          {listLabel}
        </Anchor>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {createNew === 'beside the title' && (
          <Button component={Link} to={createPath} variant="light">
            Create New
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" maw={760}>
        {intro}
      </Text>
      {search(selectionPanel, toggle)}
    </Stack>
  );
}
