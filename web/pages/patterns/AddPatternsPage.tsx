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
import { useState, type ReactNode } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { PATTERN_TYPE_LABELS, type PatternRow } from '../../../common/patterns';
import { PATTERN_PAGE_SIZE, useLinkPatterns, usePatternSearch } from '../../api/patterns';
import { feedback } from '../../app/feedback-store';
import { NotFoundPage } from '../common/NotFoundPage';
import { InfoButton, StatusBadge } from '../concepts/ConceptsTable';
import { ErrorAlert, Pager } from '../profile/parts';
import { PatternPanel } from './ComponentPanel';
import { primaryLabel } from './format';
import { BrowsedPattern, BrowsedTemplate } from './BrowsedComponent';
import type { PanelTarget } from './PatternFields';
import { usePatternScope } from './scope';
import { SearchForm } from './SearchForm';

export const NO_RESULTS_MESSAGE = 'No results found';
export const ADDED_MESSAGE = 'The selected patterns were added to the profile.';
export const ADD_TITLE = 'Add Existing Patterns';

function ResultRow({
  pattern,
  checked,
  onToggle,
  onInfo,
  browsePath,
}: {
  pattern: PatternRow;
  checked: boolean;
  onToggle: () => void;
  onInfo: () => void;
  browsePath: string;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={3}
          checked={checked}
          onChange={onToggle}
          aria-label={`Select ${pattern.name}`}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {pattern.name}
            </Text>
            {pattern.type && (
              <Badge variant="light" color="gray" size="sm">
                {PATTERN_TYPE_LABELS[pattern.type]}
              </Badge>
            )}
            <Badge variant="outline" color="gray" size="sm">
              {primaryLabel(pattern.primary)}
            </Badge>
            <StatusBadge status={pattern.status} />
          </Group>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {pattern.iri}
          </Text>
          <Text size="sm" lineClamp={2}>
            {pattern.description}
          </Text>
          {pattern.parentProfile && (
            <Text size="xs" c="dimmed">
              {pattern.parentProfile.name} · {pattern.parentProfile.organization.name}
            </Text>
          )}
          <Anchor component={Link} to={browsePath} size="sm">
            See its components
          </Anchor>
        </Stack>
        <InfoButton name={pattern.name} onClick={onInfo} />
      </Group>
    </Paper>
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
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PatternRow[]>([]);
  const [panel, setPanel] = useState<string | null>(null);
  const results = usePatternSearch({ search, page, versionId: scope.version.uuid }, search !== '');
  const link = useLinkPatterns(scope.profile.uuid, scope.version.uuid);
  const browsePath: BrowsePath = (target) =>
    `${scope.listPath()}/add/${target.componentType}s/${encodeURIComponent(target.uuid)}`;

  const isSelected = (id: string) => selected.some((p) => p.uuid === id);
  const toggle = (pattern: PatternRow) =>
    setSelected((list) =>
      list.some((p) => p.uuid === pattern.uuid)
        ? list.filter((p) => p.uuid !== pattern.uuid)
        : [...list, pattern],
    );

  const add = () =>
    link.mutate(
      selected.map((p) => p.uuid),
      {
        onSuccess: (change) => {
          feedback.showSuccess({ subject: 'Patterns added', message: ADDED_MESSAGE });
          void navigate(scope.listPath(change.versionId));
        },
      },
    );

  const data = results.data;
  const searchScreen = (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to={scope.listPath()} size="sm">
          Patterns
        </Anchor>
        <Text size="sm" c="dimmed">
          {ADD_TITLE}
        </Text>
      </Breadcrumbs>
      <Title order={2} size="h3">
        {ADD_TITLE}
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        Find patterns defined in other profiles and list them in this one. They stay owned, and
        edited, by the profile that defines them.
      </Text>
      <SearchForm
        label="Search patterns"
        buttonLabel="Search Patterns"
        initial={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />

      <Paper withBorder radius="md" p="md" component="section" aria-label="Selected patterns">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Selected ({selected.length})
          </Text>
          {selected.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing selected yet.
            </Text>
          ) : (
            <Group gap={6}>
              {selected.map((p) => (
                <Badge
                  key={p.uuid}
                  variant="light"
                  size="lg"
                  tt="none"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={`Remove ${p.name} from the selection`}
                      onClick={() => toggle(p)}
                    />
                  }
                >
                  {p.name}
                </Badge>
              ))}
            </Group>
          )}
          <ErrorAlert error={link.error} title="Not added" />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={`${scope.listPath()}/create`} variant="subtle">
              Create New
            </Button>
            <Button component={Link} to={scope.listPath()} variant="default">
              Cancel
            </Button>
            <Button disabled={selected.length === 0} loading={link.isPending} onClick={add}>
              Add Selected to Profile
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ErrorAlert error={results.error} title="Could not search the patterns" />
      {search !== '' && data && (
        <Stack gap="sm" component="section" aria-label="Search results">
          <Text size="sm" c="dimmed">
            {data.total === 0
              ? NO_RESULTS_MESSAGE
              : `${data.total} ${data.total === 1 ? 'pattern' : 'patterns'} for “${search}”`}
          </Text>
          {data.patterns.length > 0 && (
            <Stack gap="xs" component="ul" p={0} m={0}>
              {data.patterns.map((pattern) => (
                <ResultRow
                  key={pattern.uuid}
                  pattern={pattern}
                  checked={isSelected(pattern.uuid)}
                  onToggle={() => toggle(pattern)}
                  onInfo={() => setPanel(pattern.uuid)}
                  browsePath={browsePath({ componentType: 'pattern', uuid: pattern.uuid })}
                />
              ))}
            </Stack>
          )}
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || PATTERN_PAGE_SIZE}
            onChange={setPage}
          />
        </Stack>
      )}
      <PatternPanel patternId={panel} onClose={() => setPanel(null)} />
    </Stack>
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
