import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONCEPT_PAGE_SIZE, useVersionConcepts, type ConceptSort } from '../../api/concepts';
import { ErrorAlert, Pager } from '../profile/parts';
import { ConceptPanel } from './ConceptPanel';
import { ConceptsTable, parseConceptSort } from './ConceptsTable';
import { useConceptScope } from './scope';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** {base}/concepts: the version's own and linked concepts, sorted and paged on the server. */
export function ConceptsListPage() {
  const scope = useConceptScope();
  const { profile, version } = scope;
  const [params, setParams] = useSearchParams();
  const sort = parseConceptSort(params.get('sort'));
  const page = positive(params.get('page'));
  const list = useVersionConcepts(profile.uuid, version.uuid, { page, sort });
  const [panel, setPanel] = useState<string | null>(null);

  const update = (changes: { sort?: ConceptSort; page?: number }) => {
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
          {data ? `${data.total} ${data.total === 1 ? 'concept' : 'concepts'}` : ''}
        </Text>
        {scope.canAuthor && (
          <Group gap="xs">
            <Button component={Link} to={scope.listPath() + '/create'}>
              Create Concept
            </Button>
            <Button component={Link} to={scope.listPath() + '/add'} variant="light">
              Add Existing Concepts
            </Button>
          </Group>
        )}
      </Group>
      <ErrorAlert error={list.error} title="Could not load the concepts" />
      {data?.concepts && (
        <>
          <ConceptsTable
            concepts={data.concepts}
            sort={sort}
            onSort={(next) => update({ sort: next })}
            conceptPath={(id) => scope.conceptPath(id)}
            onInfo={setPanel}
          />
          <Pager
            page={page}
            total={data.total}
            limit={data.limit || CONCEPT_PAGE_SIZE}
            onChange={(next) => update({ page: next })}
          />
        </>
      )}
      <ConceptPanel conceptId={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}
