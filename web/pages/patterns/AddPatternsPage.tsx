import { Anchor, Badge, Breadcrumbs, Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { PATTERN_TYPE_LABELS, type PatternRow } from '../../../common/patterns';
import { PATTERN_PAGE_SIZE, useLinkPatterns, usePatternSearch } from '../../api/patterns';
import {
  AddItemsScreen,
  ItemResultRow,
  ItemSearch,
  useSearchState,
  type Picked,
} from '../../components/items/AddItems';
import { NotFoundPage } from '../../components/NotFoundPage';
import { BrowsedPattern, BrowsedTemplate } from './BrowsedComponent';
import { PatternPanel } from './ComponentPanel';
import { primaryLabel } from './format';
import type { PanelTarget } from './PatternFields';
import { usePatternScope } from './scope';

export const ADDED_MESSAGE = 'The selected patterns were added to the profile.';
export const ADD_TITLE = 'Add Existing Patterns';

/** A pattern found by the search: its kind and role too, and the way to browse its components. */
function PatternResultRow({
  pattern,
  browsePath,
  ...pick
}: {
  pattern: PatternRow;
  checked: boolean;
  onToggle: () => void;
  onInfo: () => void;
  browsePath: string;
}) {
  return (
    <ItemResultRow
      item={pattern}
      {...pick}
      badges={
        <>
          {pattern.type && (
            <Badge variant="light" color="gray" size="sm">
              {PATTERN_TYPE_LABELS[pattern.type]}
            </Badge>
          )}
          <Badge variant="outline" color="gray" size="sm">
            {primaryLabel(pattern.primary)}
          </Badge>
        </>
      }
    >
      <Anchor component={Link} to={browsePath} size="sm">
        See its components
      </Anchor>
    </ItemResultRow>
  );
}

/** A component opened while browsing: its read-only view, and the way back to the search. */
function BrowseFrame({ name, children }: { name: string; children: ReactNode }) {
  const scope = usePatternScope();
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Patterns
        </Anchor>
        <Anchor component={Link} to={`${scope.listPath()}/add`} size="sm">
          {ADD_TITLE}
        </Anchor>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      </Breadcrumbs>
      {children}
      <Group>
        <Button component={Link} to={`${scope.listPath()}/add`} variant="light">
          Back to the search
        </Button>
      </Group>
    </Stack>
  );
}

function BrowsedPatternPage({ browsePath }: { browsePath: BrowsePath }) {
  const { patternId = '' } = useParams();
  return (
    <BrowseFrame name="Pattern">
      <BrowsedPattern patternId={patternId} browsePath={browsePath} />
    </BrowseFrame>
  );
}

function BrowsedTemplatePage() {
  const { templateId = '' } = useParams();
  return (
    <BrowseFrame name="Statement Template">
      <BrowsedTemplate templateId={templateId} />
    </BrowseFrame>
  );
}

type BrowsePath = (target: PanelTarget) => string;

/**
 * {base}/patterns/add: search the server's patterns (leaving out what the version lists already
 * and other profiles' drafts), select several and add them to the version; a published version
 * gets a new draft, which then opens. `add/patterns/{id}` and `add/templates/{id}` show a result
 * and its components read-only while the search and the selection wait.
 */
export function AddPatternsPage() {
  const scope = usePatternScope();
  const selection = useState<Picked[]>([]);
  const state = useSearchState();
  const { search, page } = state;
  const results = usePatternSearch({ search, page, versionId: scope.version.uuid }, search !== '');
  const link = useLinkPatterns(scope.profile.uuid, scope.version.uuid);
  const browsePath: BrowsePath = (target) =>
    `${scope.listPath()}/add/${target.componentType}s/${encodeURIComponent(target.uuid)}`;

  const searchScreen = (
    <AddItemsScreen
      plural="patterns"
      listLabel="Patterns"
      listPath={scope.listPath}
      title={ADD_TITLE}
      intro="Find patterns defined in other profiles and list them in this one. They stay owned, and edited, by the profile that defines them."
      selectionLabel="Selected patterns"
      selection={selection}
      link={link}
      addedMessage={ADDED_MESSAGE}
      createNew="among the buttons"
      search={(selectionPanel, onToggle) => (
        <ItemSearch
          noun="pattern"
          plural="patterns"
          state={state}
          results={{
            data: results.data && { ...results.data, rows: results.data.patterns },
            error: results.error,
          }}
          pageSize={PATTERN_PAGE_SIZE}
          selected={selection[0]}
          onToggle={onToggle}
          afterForm={selectionPanel}
          renderRow={(pattern, pick) => (
            <PatternResultRow
              key={pattern.uuid}
              pattern={pattern}
              {...pick}
              browsePath={browsePath({ componentType: 'pattern', uuid: pattern.uuid })}
            />
          )}
          renderPanel={(id, close) => <PatternPanel patternId={id} onClose={close} />}
        />
      )}
    />
  );

  return (
    <Routes>
      <Route index element={searchScreen} />
      <Route path="patterns/:patternId" element={<BrowsedPatternPage browsePath={browsePath} />} />
      <Route path="templates/:templateId" element={<BrowsedTemplatePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
