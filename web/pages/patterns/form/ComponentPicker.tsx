import {
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import {
  isListPattern,
  PATTERN_TYPE_LABELS,
  type ComponentType,
  type PatternComponent,
  type PatternType,
} from '../../../../common/patterns';
import { PATTERN_PAGE_SIZE, useComponentSearch } from '../../../api/patterns';
import { SearchForm } from '../../../components/items/SearchForm';
import { InfoButton, StatusBadge } from '../../../components/items/badges';
import { ErrorAlert } from '../../../components/parts';
import { Pager } from '../../../components/profile-parts';
import { componentKind, type PanelTarget } from '../PatternFields';
import { chosenFrom, type ChosenComponent } from './values';

export const NO_COMPONENTS_FOUND = 'No results found';
/** Search results scroll inside a panel of this height (spec 3 §2.4). */
const RESULTS_HEIGHT = 455;

/** What a single-component pattern says about adding: one component, replaced by the next. */
export const singleComponentHint = (type: PatternType) => {
  const label = PATTERN_TYPE_LABELS[type];
  return `${/^[aeiou]/i.test(label) ? 'An' : 'A'} ${label} pattern takes one component: adding another replaces it.`;
};

type KnownComponent = PatternComponent & { uuid: string; componentType: ComponentType };
const isKnown = (c: PatternComponent): c is KnownComponent =>
  c.uuid !== null && c.componentType !== null;

function ResultRow({
  component,
  onAdd,
  onInfo,
}: {
  component: KnownComponent;
  onAdd: () => void;
  onInfo: () => void;
}) {
  const name = component.name ?? component.iri;
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {componentKind(component)}
            </Badge>
            {component.status && <StatusBadge status={component.status} />}
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {component.iri}
          </Text>
          <Text size="sm" lineClamp={1}>
            {component.description}
          </Text>
          {component.parentProfile && (
            <Text size="xs" c="dimmed">
              {component.parentProfile.name}
            </Text>
          )}
        </Stack>
        <InfoButton name={name} onClick={onInfo} />
        <Button size="compact-sm" variant="light" onClick={onAdd} aria-label={`Add ${name}`}>
          Add
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Finds statement templates or patterns to use as components of a pattern built in the version
 * (the server leaves out deprecated ones and other profiles' drafts) and adds the one chosen.
 */
export function ComponentPicker({
  type,
  versionId,
  patternId,
  onAdd,
  onInfo,
}: {
  type: PatternType;
  versionId: string;
  /** The pattern being edited, which cannot be its own component. */
  patternId?: string | undefined;
  onAdd: (component: ChosenComponent) => void;
  onInfo: (target: PanelTarget) => void;
}) {
  const [componentType, setComponentType] = useState<ComponentType>('template');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const results = useComponentSearch(
    { search, page, versionId, componentType, patternId },
    search !== '',
  );
  const data = results.data;
  const rows = (data?.components ?? []).filter(isKnown);

  return (
    <Stack gap="sm" component="section" aria-label="Find components">
      {!isListPattern(type) && (
        <Text size="sm" c="dimmed">
          {singleComponentHint(type)}
        </Text>
      )}
      <SegmentedControl
        aria-label="Component type"
        value={componentType}
        onChange={(value) => {
          setComponentType(value === 'pattern' ? 'pattern' : 'template');
          setPage(1);
        }}
        data={[
          { value: 'template', label: 'Statement Templates' },
          { value: 'pattern', label: 'Patterns' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <SearchForm
        label={componentType === 'pattern' ? 'Search patterns' : 'Search statement templates'}
        buttonLabel="Search"
        initial={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <ErrorAlert error={results.error} title="Could not search the components" />
      {search !== '' && data && (
        <Stack gap="xs" aria-label="Component search results" component="section">
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {NO_COMPONENTS_FOUND}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={RESULTS_HEIGHT} type="auto">
              <Stack gap="xs" component="ul" p={0} m={0}>
                {rows.map((component) => (
                  <ResultRow
                    key={component.uuid}
                    component={component}
                    onAdd={() => onAdd(chosenFrom(component))}
                    onInfo={() =>
                      onInfo({ componentType: component.componentType, uuid: component.uuid })
                    }
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || PATTERN_PAGE_SIZE}
            onChange={setPage}
          />
        </Stack>
      )}
    </Stack>
  );
}
