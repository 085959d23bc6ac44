import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATTERN_PAGE_SIZE, useVersionPatterns, type PatternSort } from '../../api/patterns';
import { ErrorAlert, Pager } from '../profile/parts';
import { PatternPanel } from './ComponentPanel';
import { parsePatternSort, PatternsTable } from './PatternsTable';
import { usePatternScope } from './scope';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** {base}/patterns: the version's own and linked patterns, sorted and paged on the server. */
export function PatternsListPage() {
  const scope = usePatternScope();
  const { profile, version } = scope;
  const [params, setParams] = useSearchParams();
  const sort = parsePatternSort(params.get('sort'));
  const page = positive(params.get('page'));
  const list = useVersionPatterns(profile.uuid, version.uuid, { page, sort });
  const [panel, setPanel] = useState<string | null>(null);

  const update = (changes: { sort?: PatternSort; page?: number }) => {
    const next = { sort: changes.sort ?? sort, page: changes.page ?? 1 };
    const query: Record<string, string> = {};
    if (next.sort !== 'name') query.sort = next.sort;
    if (next.page !== 1) query.page = String(next.page);
    setParams(query);
  };

  const data = list.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {data ? `${data.total} ${data.total === 1 ? 'pattern' : 'patterns'}` : ''}
        </Text>
        {scope.canAuthor && (
          <Group gap="xs">
            <Button component={Link} to={scope.listPath() + '/create'}>
              Create Pattern
            </Button>
            <Button component={Link} to={scope.listPath() + '/add'} variant="light">
              Add Existing Patterns
            </Button>
          </Group>
        )}
      </Group>
      <ErrorAlert error={list.error} title="Could not load the patterns" />
      {data?.patterns && (
        <>
          <PatternsTable
            patterns={data.patterns}
            sort={sort}
            onSort={(next) => update({ sort: next })}
            patternPath={(id) => scope.patternPath(id)}
            onInfo={setPanel}
          />
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || PATTERN_PAGE_SIZE}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
      <PatternPanel patternId={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}
